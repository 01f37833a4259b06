import { PRODUCT_SUBSCRIPTION_ROUTES } from '#shared/routes/product-subscription';
import { createGroupHandler } from '../../lib/group.ts';
import { getProductSubscription } from './get-product-subscription.ts';

/** Lambda entry of the `product-subscription` group (spec §7 "Product subscription"). */
export const handler = createGroupHandler(PRODUCT_SUBSCRIPTION_ROUTES, { getProductSubscription });
