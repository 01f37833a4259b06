import { AllOrganizationsPage, ListAllOrganizationsQuery } from '../contracts/administration.ts';
import { OrganizationList } from '../contracts/identity.ts';
import { SentSupportRequest, SupportRequestInput, SupportTargetPath } from '../contracts/messages.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `organization` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const ORGANIZATION_ROUTES = [
  {
    operationId: 'listOrganizations',
    method: 'GET',
    path: '/api/v1/organizations',
    group: 'organization',
    access: 'authenticated',
    summary: 'The organizations the caller belongs to, with the caller\'s roles in each (spec §7 "Organizations").',
    request: {},
    response: OrganizationList,
    errorStatuses: [401],
  },
  {
    operationId: 'requestOrganizationSupport',
    method: 'POST',
    path: '/api/v1/organizations/{id}/support',
    idempotent: true,
    group: 'organization',
    access: 'requestOrganizationSupport',
    summary:
      'Store a support request about one of the caller\'s organizations (claim post_v1_organization_support for it), then e-mail it to the organization\'s support recipients; answers them (spec §5 "Support dialog", §7; decision record 025).',
    request: { path: SupportTargetPath, body: SupportRequestInput },
    response: SentSupportRequest,
    successStatus: 201,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'listAllOrganizations',
    method: 'GET',
    path: '/api/v1/organizations/all',
    group: 'organization',
    access: 'listUsers',
    summary:
      'Every exercise-area organization (team) in name order, for administrators (spec §7 "Organizations: get all").',
    request: { query: ListAllOrganizationsQuery },
    response: AllOrganizationsPage,
    errorStatuses: [401, 403],
  },
] as const satisfies readonly GroupRouteDefinition<'organization'>[];
