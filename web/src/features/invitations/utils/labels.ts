import type { InvitationRole, InvitationStatus } from '#shared/contracts/administration';
import { formatDate } from '../../../lib/text.ts';

/** What people read for each invitation role. */
export const ROLE_LABELS: Readonly<Record<InvitationRole, string>> = {
  student: 'Student',
  'organization instructor': 'Organization instructor',
  'organization admin': 'Organization admin',
};

/** The role in a sentence, with its article: "a student", "an organization admin". */
export function roleInSentence(role: InvitationRole): string {
  const text = ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(text) ? 'an' : 'a'} ${text}`;
}

/** What people read for each status (withdrawn, as the buttons say, for `revoked`). */
export const STATUS_LABELS: Readonly<Record<InvitationStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  revoked: 'Withdrawn',
  expired: 'Expired',
};

/** The badge colour of each status; the text always says it too (WCAG 1.4.1). */
export const STATUS_PALETTES: Readonly<Record<InvitationStatus, string>> = {
  pending: 'blue',
  accepted: 'green',
  revoked: 'gray',
  expired: 'orange',
};

/** A date of an invitation, as a long English date read in UTC ("December 5, 2026"). */
export const formatInvitationDate = formatDate;
