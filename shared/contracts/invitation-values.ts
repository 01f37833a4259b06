/**
 * Invitation values without zod (issue 22 item 3; decision record 040): the SPA's
 * session store reads them on every first render, and importing them from
 * `administration.ts` brought every administration schema into the entry
 * JavaScript. `administration.ts` re-exports both.
 */

/**
 * Roles a person can be invited or imported with, in an organization (spec §6's
 * support recipient roles that belong to an organization; decision record 030).
 */
export const INVITATION_ROLES = ['student', 'organization instructor', 'organization admin'] as const;

/** Messages of an invitation that cannot be accepted (spec §1: students enter by invitation only). */
export const INVITATION_MESSAGES = {
  invalid: 'This invitation is not valid.',
  used: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask for a new one.',
  revoked: 'This invitation was withdrawn.',
  emailMismatch: 'This invitation was sent to another e-mail address.',
} as const;
