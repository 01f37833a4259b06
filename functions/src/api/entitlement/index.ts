import { ENTITLEMENT_ROUTES } from '#shared/routes/entitlement';
import { createGroupHandler } from '../../lib/group.ts';
import { dismissMessage } from './dismiss-message.ts';
import { listClaims } from './list-claims.ts';
import { listMessages } from './list-messages.ts';

/** Lambda entry of the `entitlement` group (spec §7 "Authentication and entitlement"). */
export const handler = createGroupHandler(ENTITLEMENT_ROUTES, { dismissMessage, listClaims, listMessages });
