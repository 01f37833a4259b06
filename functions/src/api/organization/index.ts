import { ORGANIZATION_ROUTES } from '#shared/routes/organization';
import { createGroupHandler } from '../../lib/group.ts';
import { listAllOrganizations } from './list-all-organizations.ts';
import { listOrganizations } from './list-organizations.ts';
import { requestOrganizationSupport } from './request-organization-support.ts';

/**
 * Lambda entry of the `organization` group (spec §7 "Organizations": get all — the
 * caller's and, for administrators, every one — and request organization support).
 */
export const handler = createGroupHandler(ORGANIZATION_ROUTES, {
  listOrganizations,
  listAllOrganizations,
  requestOrganizationSupport,
});
