import { isSubscribed } from '../../data/users.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/product-subscriptions/{product}` (spec §7 "Product subscription"): as stored now, not the token's copy. */
export const getProductSubscription = defineRoute('getProductSubscription', async ({ caller, path }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return { product: path.product, subscribed: await isSubscribed(caller.sub, path.product) };
});
