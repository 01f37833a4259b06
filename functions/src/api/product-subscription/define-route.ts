import { PRODUCT_SUBSCRIPTION_ROUTES } from '#shared/routes/product-subscription';
import { routeDefiner } from '../../lib/handler.ts';

/**
 * `defineRoute` for the routes of the `product-subscription` client group only (`shared/routes/product-subscription.ts`):
 * its handlers take it from here, so this group's Lambda bundles its own routes'
 * contracts and not the whole route table (issue 22 item 7; decision record 041).
 */
export const defineRoute = routeDefiner(PRODUCT_SUBSCRIPTION_ROUTES);
