import { WORK_ROLE_NOT_FOUND_MESSAGE } from '#shared/contracts/work-role';
import { getWorkRole as getWorkRoleItem } from '../../data/work-roles.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/work-roles/{id}` (issue 27 item 1): one NICE work role of either
 * generation. @throws NotFoundError (404) for an id no role has.
 */
export const getWorkRole = defineRoute('getWorkRole', async ({ path }) => {
  const role = await getWorkRoleItem(path.id);
  if (!role) throw new NotFoundError(WORK_ROLE_NOT_FOUND_MESSAGE);
  return role;
});
