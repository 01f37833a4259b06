import { sendSupportRequest } from '../../messages/support-requests.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/organizations/{id}/support` (spec §5 "Support dialog", §6 "Request
 * organization support", §7 "Organizations: request organization support"; decision
 * record 025): a support request about one of the caller's organizations, stored,
 * then e-mailed to its organization admins and billing admins and the support desk.
 * 201 `{ id, emailStatus, recipients }`; 403 when the claim's scope does not admit the
 * organization; 404 "Organization does not exist." when it is not one of the
 * caller's; 400 at `body.email` when the identity has no e-mail and none is given.
 */
export const requestOrganizationSupport = defineRoute(
  'requestOrganizationSupport',
  ({ path, body, caller, requestId }) =>
    sendSupportRequest({ kind: 'organization', targetId: path.id, body, caller, requestId }),
);
