import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of the users screens, with their paths below `/api/v1` (decision record 040):
 * loaded with this feature's lazily loaded code, not with the first render. An operation the
 * first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const USERS_API_PATHS = {
  listBusinessUnits: '/business-units',
  listAllOrganizations: '/organizations/all',
  listUsers: '/users',
  updateUserRights: '/users/{id}/rights',
  moveUserOrganization: '/users/{id}/organization',
  moveUserBusinessUnit: '/users/{id}/business-unit',
  getUser: '/users/{id}',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link USERS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const usersApiUrl = apiUrlFor(USERS_API_PATHS);
