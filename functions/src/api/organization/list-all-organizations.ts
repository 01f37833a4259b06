import { listOrganizationsByName } from '../../data/organizations.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/organizations/all` (spec §7 "Organizations: get all"; issue 11): every
 * exercise-area organization (team) in name order, paged, for administrators (the
 * team picker of a move). One Query per page in the normal case.
 */
export const listAllOrganizations = defineRoute('listAllOrganizations', ({ query }) =>
  listOrganizationsByName({ limit: query.limit, pageToken: query.pageToken }),
);
