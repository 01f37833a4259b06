import { createGroupHandler } from '../../lib/group.ts';
import { listOrganizations } from './list-organizations.ts';

/** Lambda entry of the `organization` group (spec §7 "Organizations"). */
export const handler = createGroupHandler('organization', { listOrganizations });
