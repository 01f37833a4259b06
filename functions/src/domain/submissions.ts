import type { SubmissionState } from '#shared/contracts/submission';
import type { Brand } from '#shared/enums';
import { BRAND_NAMES, type ComposedEmail } from './message-email.ts';

/**
 * The rules of a courseware submission (issue 25 item 6; decision record 067), pure:
 * which state change each action makes from which state, and the e-mails they send.
 */

/** What may happen to a submission, by whom: the submitter resubmits, the team decides. */
export type SubmissionAction = 'resubmit' | 'requestChanges' | 'accept' | 'decline';

/**
 * The state each action leads to, from the states it is allowed in. `accepted` and
 * `declined` are final: nothing leads out of them (accepting a declined submission
 * is a 409).
 */
const TRANSITIONS: Readonly<Record<SubmissionAction, { from: readonly SubmissionState[]; to: SubmissionState }>> = {
  resubmit: { from: ['changesRequested'], to: 'submitted' },
  requestChanges: { from: ['submitted'], to: 'changesRequested' },
  accept: { from: ['submitted'], to: 'accepted' },
  decline: { from: ['submitted', 'changesRequested'], to: 'declined' },
};

/** The state `action` leads to from `state`, or null when it is not allowed there. */
export function nextSubmissionState(state: SubmissionState, action: SubmissionAction): SubmissionState | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(state) ? rule.to : null;
}

/** Whether a submission in `state` still takes comments: not once accepted or declined. */
export function acceptsComments(state: SubmissionState): boolean {
  return state === 'submitted' || state === 'changesRequested';
}

/** What an e-mail about a submission reports. */
export type SubmissionEmailEvent =
  | 'submitted'
  | 'resubmitted'
  | 'comment'
  | 'changesRequested'
  | 'accepted'
  | 'declined';

/** What {@link composeSubmissionEmail} needs. */
export interface SubmissionEmailInput {
  readonly brand: Brand;
  readonly event: SubmissionEmailEvent;
  /** The proposed item's name. */
  readonly name: string;
  /** Who wrote the comment or made the change (a display name). */
  readonly actor: string;
  /** The comment, the changes asked for or the decline reason, plain text; null when there is none. */
  readonly text: string | null;
  /** The absolute address of the submission in the SPA (the submitter's screen, or the review queue). */
  readonly link: string;
}

const HEADLINES: Readonly<Record<SubmissionEmailEvent, (name: string) => string>> = {
  submitted: (name) => `New courseware submission: ${name}`,
  resubmitted: (name) => `Courseware submission resubmitted: ${name}`,
  comment: (name) => `New comment on the courseware submission ${name}`,
  changesRequested: (name) => `Changes requested to your courseware submission ${name}`,
  accepted: (name) => `Your courseware submission ${name} was accepted`,
  declined: (name) => `Your courseware submission ${name} was declined`,
};

/**
 * The plain-text e-mail about a submission (decision record 067): the subject names
 * the event and the item, the text who did it, the comment or reason if any, and the
 * link to the submission. Line breaks in names are flattened so a subject stays one line.
 */
export function composeSubmissionEmail(input: SubmissionEmailInput): ComposedEmail {
  const name = input.name.replace(/\s+/g, ' ').trim();
  const subject = `${BRAND_NAMES[input.brand]}: ${HEADLINES[input.event](name)}`;
  const lines = [`${HEADLINES[input.event](name)}.`, '', `By: ${input.actor}`];
  if (input.text) lines.push('', input.text);
  lines.push('', `Open the submission: ${input.link}`);
  return { subject, text: lines.join('\n') };
}

/** The SPA address of a submitter's own submission: "My submissions" of the call for courseware page, with it open. */
export function ownSubmissionLink(origin: string, id: string): string {
  const url = new URL('/callforcourseware', origin);
  url.searchParams.set('submission', id);
  return url.href;
}

/** The SPA address of a submission in the team's review queue: the Submissions tab of /admin with it open. */
export function reviewSubmissionLink(origin: string, id: string): string {
  const url = new URL('/admin', origin);
  url.searchParams.set('tab', 'submissions');
  url.searchParams.set('submission', id);
  return url.href;
}

/** True when two e-mail addresses name the same mailbox for the contributor rule (trimmed, any case). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
