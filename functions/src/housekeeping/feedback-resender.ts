import { readObjectHead } from '../adapters/file-objects.ts';
import { listPendingFeedback } from '../data/feedback.ts';
import { deliverFeedbackEmail, feedbackContentOf, logFeedbackProblem } from '../feedback/delivery.ts';
import { env } from '../lib/env.ts';
import { logger, withLogging } from '../lib/logger.ts';
import { type OutboxResendResult, resendPendingMessages } from '../messages/outbox.ts';

/**
 * Re-sending the e-mail of feedback stored as pending (decision record 018): when SES
 * refused or could not be reached while the feedback was sent, the feedback stays
 * on the sparse pending index; this retries each, oldest first. The same scheduled
 * Lambda is the one re-sender of every pending e-mail: it also retries the outbox of
 * newsletter sign-ups, contact and support requests (decision record 025).
 */

/** Feedback younger than this is left alone: its own request may still be sending it. */
export const FEEDBACK_RESEND_GRACE_MS = 60_000;
/** Pending feedback handled in one run at most (each is one SES call). */
export const FEEDBACK_RESEND_BATCH = 100;

/** What one run did: feedback looked at, e-mails sent, still pending. */
export interface FeedbackResendResult {
  readonly pending: number;
  readonly sent: number;
  readonly failed: number;
}

/**
 * Retries every pending feedback e-mail created more than
 * {@link FEEDBACK_RESEND_GRACE_MS} before `now`, up to {@link FEEDBACK_RESEND_BATCH}
 * a run, with its screenshot read back from the private bucket. A failure of one is
 * logged (with its attempt count) and does not stop the others. Never throws for a
 * failed send; throws when the pending index cannot be read (the schedule retries).
 */
export async function resendPendingFeedback(now: Date = new Date()): Promise<FeedbackResendResult> {
  const before = new Date(now.getTime() - FEEDBACK_RESEND_GRACE_MS).toISOString();
  const page = await listPendingFeedback({ before, limit: FEEDBACK_RESEND_BATCH });
  let sent = 0;
  let failed = 0;
  for (const record of page.items) {
    try {
      const screenshot = record.screenshot
        ? await readObjectHead(env().privateBucket, record.screenshot.objectKey, record.screenshot.size)
        : null;
      const delivery = await deliverFeedbackEmail(record, await feedbackContentOf(record), screenshot);
      if (delivery.status === 'sent') {
        sent += 1;
      } else {
        failed += 1;
        logFeedbackProblem(record.id, 'Content feedback e-mail still not sent.', delivery.error, {
          attempts: (record.emailAttempts ?? 0) + 1,
        });
      }
    } catch (error) {
      failed += 1;
      logFeedbackProblem(record.id, 'Content feedback e-mail could not be retried.', error);
    }
  }
  return { pending: page.items.length, sent, failed };
}

/** What one re-sender run did: the content feedback and the message outbox. */
export interface EmailResendResult {
  readonly feedback: FeedbackResendResult;
  readonly messages: OutboxResendResult;
}

/**
 * Retries every pending e-mail at `now`: content feedback ({@link resendPendingFeedback})
 * and the message outbox (`resendPendingMessages`, decision record 025). Both run even
 * when the other throws; then the first error is rethrown (the schedule retries).
 */
export async function resendPendingEmail(now: Date = new Date()): Promise<EmailResendResult> {
  const [feedback, messages] = await Promise.allSettled([resendPendingFeedback(now), resendPendingMessages(now)]);
  if (feedback.status === 'rejected') throw feedback.reason;
  if (messages.status === 'rejected') throw messages.reason;
  return { feedback: feedback.value, messages: messages.value };
}

/**
 * Lambda entry, invoked by a schedule (every 15 minutes on AWS; `infra/local/housekeeping.ts`
 * runs the same functions on one machine). Logs one line with the figures (`lib/logger.ts`).
 */
export const handler = withLogging('housekeeping/feedback-resender', async (): Promise<EmailResendResult> => {
  const result = await resendPendingEmail();
  logger.info('pending e-mail retried', { ...result });
  return result;
});
