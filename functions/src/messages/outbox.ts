import { sendOutcomeUnknown } from '../adapters/aws-clients.ts';
import { sendRawEmail } from '../adapters/email.ts';
import {
  claimOutboxMessage,
  createOutboxMessage,
  listPendingOutbox,
  markOutboxSent,
  markOutboxUnconfirmed,
  type OutboxItem,
  type OutboxKind,
  type OutboxRecord,
  recordOutboxAttempt,
} from '../data/messages.ts';
import { buildMimeMessage } from '../domain/mime-message.ts';
import { logger } from '../lib/logger.ts';

/**
 * Storage first, then SES (decision records 025 and 033): every newsletter sign-up,
 * contact request, support request and invitation is stored in the outbox with the
 * e-mail it is sent as, and the request answers at once (`emailStatus: 'pending'`).
 * Delivery is the outbox consumer's ({@link deliverPendingMessages}): in AWS a
 * Lambda on the table's stream, invoked for every new outbox item
 * (`functions/src/housekeeping/outbox-sender.ts`); on one machine the local stack's
 * outbox poller (`infra/local/outbox-consumer.ts`); and every 15 minutes the
 * scheduled re-sender (`functions/src/housekeeping/feedback-resender.ts`) for what
 * is still pending. So a burst of requests never waits for each other's e-mail
 * (issue 21 item 5). A lease on the stored item makes sure that one stored message
 * is never sent by two senders at once.
 *
 * At most once (issue 28 item 2, decision record 083): the claim marks the message
 * `sending`; SES's answer makes it `sent`, or `pending` again when SES answered an
 * error (nothing went out). A send without an answer (timed out, connection broken:
 * SES may have sent it) is not retried, by the SDK or by a later run: the message
 * becomes `unconfirmed`, off the pending index and on the unconfirmed one, logged at
 * level error, for a person to check. So is a `sending` message whose sender's lease
 * passed (the sender died mid-send).
 */

/** How long one sender holds a message it claimed, in ms. */
export const OUTBOX_LEASE_MS = 60_000;
/** Pending messages handled in one consumer or re-sender run at most (each is one SES call). */
export const OUTBOX_RESEND_BATCH = 100;

/**
 * How a delivery went: `sent` with SES's message id, `pending` with SES's error (to
 * send again), or `unconfirmed` with the error of a send whose outcome is unknown.
 */
export type OutboxDelivery =
  | { readonly status: 'sent'; readonly messageId: string }
  | { readonly status: 'pending' | 'unconfirmed'; readonly error: unknown };

/**
 * The lease of a message that nobody holds yet: its creation time, so the outbox
 * consumer may claim it at once.
 */
export function unheldLease(now: Date): string {
  return new Date(now.getTime() - 1).toISOString();
}

/**
 * Stores `record` in the outbox (pending, held by nobody) for the outbox consumer to
 * send; the request does not wait for SES.
 * @returns the stored id and `emailStatus: 'pending'`.
 * @throws when the message cannot be stored.
 */
export async function storeForDelivery<K extends OutboxKind>(
  record: Omit<OutboxRecord<K>, 'emailStatus' | 'leaseUntil'>,
  now: Date = new Date(),
): Promise<{ id: string; emailStatus: 'pending' }> {
  const item = await createOutboxMessage<K>({ ...record, leaseUntil: unheldLease(now) });
  return { id: item.id, emailStatus: 'pending' };
}

/**
 * Sends a stored message's e-mail through SES and records the outcome: `sent` with
 * the message id (off the pending index), one more failed attempt (`pending` again)
 * when SES answered an error, or `unconfirmed` when no answer came. The caller has
 * claimed the message (`sending`). Never throws for a failed send; a failure to
 * record `sent` is logged and reported as sent (the e-mail is out).
 */
export async function deliverOutboxMessage(item: Pick<OutboxRecord, 'id' | 'kind' | 'email'>): Promise<OutboxDelivery> {
  let messageId: string;
  try {
    messageId = await sendRawEmail(
      buildMimeMessage({
        from: item.email.from,
        fromName: item.email.fromName,
        to: item.email.to,
        replyTo: item.email.replyTo,
        subject: item.email.subject,
        text: item.email.text,
        listUnsubscribe: item.email.listUnsubscribe,
      }),
    );
  } catch (error) {
    if (sendOutcomeUnknown(error)) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await markOutboxUnconfirmed(item.id, reason).catch(() => undefined);
      return { status: 'unconfirmed', error };
    }
    await recordOutboxAttempt(item.id).catch(() => undefined);
    return { status: 'pending', error };
  }
  await markOutboxSent(item.id, messageId).catch((error: unknown) =>
    logOutboxProblem(item, 'Sent, but not recorded as sent.', error),
  );
  return { status: 'sent', messageId };
}

/**
 * What one re-sender run did with the outbox: messages looked at, sent, still pending,
 * held by another sender, and marked unconfirmed (a send without an answer, or a
 * sender that died mid-send; decision record 083).
 */
export interface OutboxResendResult {
  readonly pending: number;
  readonly sent: number;
  readonly failed: number;
  readonly skipped: number;
  readonly unconfirmed: number;
}

/**
 * The outbox consumer (and the re-sender's outbox part): sends the e-mail of every
 * pending message created before `now`, oldest first, up to
 * {@link OUTBOX_RESEND_BATCH} a run: each is claimed first (a message held by
 * another sender is skipped), then sent once. A failure of one is logged and does
 * not stop the others; it stays pending for a later run once its lease has passed.
 * A send without an answer, and a message left `sending` past its lease, become
 * `unconfirmed`: never sent again by a run. Throws only when the pending index cannot
 * be read (the trigger retries).
 */
export async function deliverPendingMessages(now: Date = new Date()): Promise<OutboxResendResult> {
  const page = await listPendingOutbox({ before: now.toISOString(), limit: OUTBOX_RESEND_BATCH });
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  let unconfirmed = 0;
  for (const item of page.items) {
    try {
      if (item.emailStatus === 'sending') {
        // Claimed by a sender whose lease passed: it died before or after SES took the e-mail.
        if (await markOutboxUnconfirmed(item.id, 'The sender stopped before recording the outcome.', now)) {
          unconfirmed += 1;
          logOutboxProblem(item, 'E-mail send unconfirmed: not sent again.', new Error('lease passed while sending'));
        } else {
          skipped += 1;
        }
        continue;
      }
      if (!(await claimOutboxMessage(item.id, now, new Date(now.getTime() + OUTBOX_LEASE_MS)))) {
        skipped += 1;
        continue;
      }
      const delivery = await deliverOutboxMessage(item);
      if (delivery.status === 'sent') {
        sent += 1;
      } else if (delivery.status === 'unconfirmed') {
        unconfirmed += 1;
        logOutboxProblem(item, 'E-mail send unconfirmed: not sent again.', delivery.error);
      } else {
        failed += 1;
        logOutboxProblem(item, 'E-mail still not sent.', delivery.error, { attempts: (item.emailAttempts ?? 0) + 1 });
      }
    } catch (error) {
      failed += 1;
      logOutboxProblem(item, 'E-mail could not be retried.', error);
    }
  }
  return { pending: page.items.length, sent, failed, skipped, unconfirmed };
}

/** Logs one line about a message's e-mail at level error (ids and kind only, never the message; `lib/logger.ts`). */
export function logOutboxProblem(
  item: Pick<OutboxItem, 'id' | 'kind'> | Pick<OutboxRecord, 'id' | 'kind'>,
  message: string,
  error: unknown,
  extra: Record<string, unknown> = {},
): void {
  logger.error(message, {
    messageId: item.id,
    kind: item.kind,
    ...extra,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
}

/** The scheduled re-sender's name for {@link deliverPendingMessages} (decision record 025). */
export const resendPendingMessages = deliverPendingMessages;
