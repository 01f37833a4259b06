import { createGroupHandler } from '../../lib/group.ts';
import { listUsers } from './list-users.ts';

/** Lambda entry of the `user` group (spec §7 "Other": User). */
export const handler = createGroupHandler('user', { listUsers });
