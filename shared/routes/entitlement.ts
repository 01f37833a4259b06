import { ClaimList, MessageList } from '../contracts/identity.ts';
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
] as const satisfies readonly GroupRouteDefinition<'entitlement'>[];
