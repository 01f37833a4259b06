import { createGroupHandler } from '../../lib/group.ts';
import { listOrganizations } from './list-organizations.ts';
import { requestOrganizationSupport } from './request-organization-support.ts';

/** Lambda entry of the `organization` group (spec §7 "Organizations": get all, request organization support). */
export const handler = createGroupHandler('organization', { listOrganizations, requestOrganizationSupport });
