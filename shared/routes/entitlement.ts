import { ClaimList, DismissedMessage, MessageList, MessagePath } from '../contracts/identity.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `entitlement` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const ENTITLEMENT_ROUTES = [
  {
    operationId: 'listClaims',
    method: 'GET',
    path: '/api/v1/claims',
    group: 'entitlement',
    access: 'authenticated',
    summary: 'The caller\'s claims: type, value, scopes (spec §7 "List claims").',
    request: {},
    response: ClaimList,
    errorStatuses: [401],
  },
  {
    operationId: 'listMessages',
    method: 'GET',
    path: '/api/v1/messages',
    group: 'entitlement',
    access: 'authenticated',
    summary: "The caller's messages for the avatar badge (spec §2.3, §3 Message).",
    request: {},
    response: MessageList,
    errorStatuses: [401],
  },
  {
    operationId: 'dismissMessage',
    method: 'DELETE',
    path: '/api/v1/messages/{id}',
    group: 'entitlement',
    access: 'authenticated',
    summary:
      "Dismiss one of the caller's messages (spec §2.3, §3 Message; issue 25 item 5): another user's, or one already dismissed, is 404.",
    request: { path: MessagePath },
    response: DismissedMessage,
    errorStatuses: [401, 404],
  },
] as const satisfies readonly GroupRouteDefinition<'entitlement'>[];
