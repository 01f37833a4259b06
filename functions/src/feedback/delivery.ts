import { sendRawEmail } from '../adapters/email.ts';
import { getContentById } from '../data/content.ts';
import { type FeedbackRecord, markFeedbackSent, recordFeedbackAttempt } from '../data/feedback.ts';
import { composeFeedbackEmail } from '../domain/feedback-email.ts';
import { buildMimeMessage, isPlainAddress } from '../domain/mime-message.ts';
import { portalIssuer } from '../lib/auth/portal-tokens.ts';
import { feedbackEmailConfig } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';

/**
 * Delivering the e-mail of stored content feedback (spec §3 "Feedback", §7 "Send
 * feedback email"; decision record 018): shared by the request that stores the
 * feedback and the re-sender that retries pending ones.
 */

/** The content the e-mail speaks of: by id, with its name and alias (alias '' when unknown). */
export interface FeedbackContent {
  readonly id: string;
  readonly name: string;
  readonly urlAlias: string;
}

/** How a delivery went: `sent` with SES's message id, or `pending` with the error (logged by the caller). */
export type FeedbackDelivery =
  | { readonly status: 'sent'; readonly messageId: string }
  | { readonly status: 'pending'; readonly error: unknown };

/**
 * Sends the feedback e-mail (subject, text, the screenshot `screenshot` attached when
 * given) through SES and records the outcome on the stored feedback: `sent` with
 * the message id (off the pending index), or one more failed attempt. Never throws
 * for a failed send: the feedback stays pending for the re-sender. A failure to
 * record `sent` is reported as sent (the e-mail is out; a retry would send a copy).
 */
export async function deliverFeedbackEmail(
  record: FeedbackRecord,
  content: FeedbackContent,
  screenshot: Uint8Array | null,
): Promise<FeedbackDelivery> {
  const { subject, text } = composeFeedbackEmail({
    feedbackId: record.id,
    content,
    sender: { name: record.userName, email: record.userEmail },
    message: record.message,
    screenshotName: screenshot && record.screenshot ? record.screenshot.name : null,
    siteOrigin: siteOrigin(),
  });
  const addresses = feedbackEmailConfig();
  let messageId: string;
  try {
    messageId = await sendRawEmail(
      buildMimeMessage({
        from: addresses.sender,
        fromName: 'Courseware portal',
        to: [addresses.recipient],
        replyTo: record.userEmail && isPlainAddress(record.userEmail) ? record.userEmail : null,
        subject,
        text,
        attachments:
          screenshot && record.screenshot
            ? [{ filename: record.screenshot.name, contentType: record.screenshot.type, content: screenshot }]
            : [],
      }),
    );
  } catch (error) {
    await recordFeedbackAttempt(record.id).catch(() => undefined);
    return { status: 'pending', error };
  }
  await markFeedbackSent(record.id, messageId).catch((error: unknown) =>
    logFeedbackProblem(record.id, 'Sent, but not recorded as sent.', error),
  );
  return { status: 'sent', messageId };
}

/** The content of stored feedback as the e-mail names it: the current alias if the item still exists. */
export async function feedbackContentOf(record: FeedbackRecord): Promise<FeedbackContent> {
  const content = await getContentById(record.contentId);
  return { id: record.contentId, name: content?.name ?? record.contentName, urlAlias: content?.urlAlias ?? '' };
}

/** Logs one JSON line about a feedback e-mail at level error. */
export function logFeedbackProblem(
  feedbackId: string,
  message: string,
  error: unknown,
  extra: Record<string, unknown> = {},
): void {
  logger.error(message, {
    feedbackId,
    ...extra,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
}

/** The site's origin, from the issuer `https://<site>/api/v1/auth`; '' when it is not an URL. */
function siteOrigin(): string {
  try {
    return new URL(portalIssuer()).origin;
  } catch {
    return '';
  }
}
