import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import { INVITATION_ROLES } from '#shared/contracts/invitation-values';

/**
 * The invitation a reader is accepting (issue 11; decision record 030): its link
 * token, kept in session storage while the reader is away at the login host's
 * sign-in or sign-up page, and what became of it once the entry guard's `?t=`
 * sign-in sent it with the login (`AuthenticateRequest.invitationToken`).
 *
 * Session storage (not local): the token belongs to this tab's trip to the login
 * host and back, and is forgotten with the tab. It is cleared once used, whatever
 * the answer.
 */

const STORAGE_KEY = 'courseware-portal:invitation';

/** What is kept across the trip: the token, and what the preview said (for the confirmation). */
export const PendingInvitation = z.object({
  token: z.string().min(1),
  organizationName: z.string(),
  role: z.enum(INVITATION_ROLES),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/** What the sign-in with an invitation gave: accepted, or refused with the server's message. */
export type InvitationOutcome =
  | { readonly kind: 'accepted'; readonly invitation: PendingInvitation }
  | { readonly kind: 'refused'; readonly message: string; readonly signedIn: boolean };

let outcome: InvitationOutcome | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the invitation for the trip to the login host (a full storage or none: not kept). */
export function savePendingInvitation(invitation: PendingInvitation): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(invitation));
  } catch {
    // Without session storage the invitation cannot survive the trip; the sign-in is then a normal one.
  }
}

/** The invitation kept for this tab, or null (none, or not readable). */
export function getPendingInvitation(): PendingInvitation | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = PendingInvitation.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the kept invitation. */
export function clearPendingInvitation(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Records what the sign-in with the invitation gave, and forgets the token (it is used either way). */
export function settleInvitation(next: InvitationOutcome): void {
  clearPendingInvitation();
  outcome = next;
  for (const listener of listeners) listener();
}

/** What the last sign-in with an invitation gave in this page's life, or null. */
export function getInvitationOutcome(): InvitationOutcome | null {
  return outcome;
}

/** The outcome, re-rendering when it changes. */
export function useInvitationOutcome(): InvitationOutcome | null {
  return useSyncExternalStore(subscribe, getInvitationOutcome, getInvitationOutcome);
}

/** Forgets the outcome and the kept invitation; for tests. */
export function resetInvitationForTests(): void {
  outcome = null;
  clearPendingInvitation();
  for (const listener of listeners) listener();
}
