import * as invitations from '../../services/invitations.ts';
import { defineRoute } from './define-route.ts';

/**
 * The invitation routes (spec §1 "Faculty also invite students", §6 "user invite,
 * re-invite"; issue 11 item 3; decision record 030): each calls its use case in
 * `services/invitations.ts`, which checks the caller's `inviteUsers` coverage and
 * audits every change in its own transaction.
 */

/**
 * `GET /api/v1/invitations`: newest first, of the organizations the caller's claim
 * covers (`organizationId` narrows to one: 403 when not covered), `status` filters.
 */
export const listInvitations = defineRoute('listInvitations', ({ query, caller }) =>
  invitations.listInvitations(query, caller),
);

/**
 * `POST /api/v1/invitations`: 403 when the caller's claim does not cover the
 * organization, 404 when it does not exist, 409 when the address has a pending
 * invitation there or belongs to a member; else 201 with the invitation
 * (`emailStatus: 'pending'`); the outbox consumer sends the e-mail (decision record 033).
 */
export const createInvitation = defineRoute('createInvitation', ({ body, caller }) =>
  invitations.createInvitation(body, caller),
);

/**
 * `POST /api/v1/invitations/{id}/resend` (re-invite): a new secret, expiry and e-mail.
 * 404 outside the caller's organizations; 409 when accepted or withdrawn.
 */
export const resendInvitation = defineRoute('resendInvitation', ({ path, caller }) =>
  invitations.resendInvitation(path.id, caller),
);

/**
 * `DELETE /api/v1/invitations/{id}`: withdraws a pending (or expired) invitation.
 * 404 outside the caller's organizations; 409 when accepted or withdrawn already.
 */
export const revokeInvitation = defineRoute('revokeInvitation', ({ path, caller }) =>
  invitations.revokeInvitation(path.id, caller),
);

/** `GET /api/v1/invitations/preview?token=` (public): what the link invites to, before signing in. */
export const getInvitationPreview = defineRoute('getInvitationPreview', ({ query }) =>
  invitations.invitationPreview(query.token),
);
