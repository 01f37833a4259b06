import type { FeedbackScreenshot } from '#shared/contracts/feedback';
import { FEEDBACK_SCREENSHOT_RULE, type FileMediaType } from '#shared/contracts/file';
import { matchesSignature } from './file-signatures.ts';

/**
 * The rules of content feedback the shared contract cannot check (decision record
 * 018): the screenshot's bytes, and the e-mail's subject and body. Pure.
 */

/** The screenshot's bytes, when they match its declared type by magic bytes (spec §5), else null. */
export function screenshotBytes(screenshot: FeedbackScreenshot): Uint8Array | null {
  const bytes = new Uint8Array(Buffer.from(screenshot.data, 'base64'));
  const accepted: readonly string[] = FEEDBACK_SCREENSHOT_RULE.types;
  if (!accepted.includes(screenshot.type)) return null;
  return matchesSignature(screenshot.type as FileMediaType, bytes) ? bytes : null;
}

/** What the feedback e-mail speaks of: the content, the sender, the message. */
export interface FeedbackEmailInput {
  readonly feedbackId: string;
  readonly content: { readonly id: string; readonly name: string; readonly urlAlias: string };
  readonly sender: { readonly name: string; readonly email: string | null };
  readonly message: string;
  /** The file name of the attached screenshot, or null. */
  readonly screenshotName: string | null;
  /** The site's origin (`https://portal.example.org`), or '' to leave links site-relative. */
  readonly siteOrigin: string;
}

/** Subject of the feedback e-mail: "Courseware feedback: <content name>" (spec §3 "Feedback"). */
export function feedbackSubject(contentName: string): string {
  return `Courseware feedback: ${contentName}`;
}

/**
 * The feedback e-mail's subject and plain-text body: the content by name with its
 * link (`/courseware/<alias>`, spec §2.6), the sender's name and e-mail, the
 * message, and the ids a reply or a search needs.
 */
export function composeFeedbackEmail(input: FeedbackEmailInput): { subject: string; text: string } {
  const link = `${input.siteOrigin}/courseware/${input.content.urlAlias || input.content.id}`;
  const text = [
    `Feedback on the courseware "${input.content.name}"`,
    link,
    '',
    `From: ${input.sender.name}${input.sender.email ? ` <${input.sender.email}>` : ''}`,
    '',
    'Message:',
    input.message,
    '',
    ...(input.screenshotName ? [`Screenshot attached: ${input.screenshotName}`, ''] : []),
    `Content id: ${input.content.id}`,
    `Feedback id: ${input.feedbackId}`,
    '',
  ].join('\n');
  return { subject: feedbackSubject(input.content.name), text };
}
