import { SubscriptionPath, SubscriptionStatus } from '../contracts/identity.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `product-subscription` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const PRODUCT_SUBSCRIPTION_ROUTES = [
  {
    operationId: 'getProductSubscription',
    method: 'GET',
    path: '/api/v1/product-subscriptions/{product}',
    group: 'product-subscription',
    access: 'authenticated',
    summary: 'Whether the caller is subscribed to a product, e.g. coursewareFeature (spec §7 "Product subscription").',
    request: { path: SubscriptionPath },
    response: SubscriptionStatus,
    errorStatuses: [401],
  },
] as const satisfies readonly GroupRouteDefinition<'product-subscription'>[];
