import { sendRawEmail } from '../adapters/email.ts';
import {
  claimOutboxMessage,
  createOutboxMessage,
  listPendingOutbox,
  markOutboxSent,
  type OutboxItem,
  type OutboxKind,
  type OutboxRecord,
  recordOutboxAttempt,
} from '../data/messages.ts';
import { buildMimeMessage } from '../domain/mime-message.ts';

/**
 * Storage first, then SES (decision record 025): every newsletter sign-up, contact
 * request and support request is stored in the outbox with the e-mail it is sent
 * as, then sent; a send that fails leaves it pending, and the scheduled re-sender
 * (`functions/src/housekeeping/feedback-resender.ts`, the one re-sender of every
 * pending e-mail) sends it later. A lease on the stored item makes sure that one
 * stored message is never sent by two senders at once.
 */

/** How long one sender holds a message (the storing request from the start, or the re-sender), in ms. */
export const OUTBOX_LEASE_MS = 60_000;
/** Pending messages handled in one re-sender run at most (each is one SES call). */
export const OUTBOX_RESEND_BATCH = 100;

/** How a delivery went: `sent` with SES's message id, or `pending` with the error. */
export type OutboxDelivery =
  | { readonly status: 'sent'; readonly messageId: string }
  | { readonly status: 'pending'; readonly error: unknown };

/**
 * Stores `record` (pending, held by this request for {@link OUTBOX_LEASE_MS}), then
 * sends its e-mail. A failed send is logged with `requestId` and leaves the message
 * pending; it never fails the request once the message is stored.
 * @returns the stored id and whether the e-mail went out.
 * @throws when the message cannot be stored (nothing is sent then).
 */
export async function storeAndSend<K extends OutboxKind>(
  record: Omit<OutboxRecord<K>, 'emailStatus' | 'leaseUntil'>,
  requestId: string,
  now: Date = new Date(),
): Promise<{ id: string; emailStatus: 'sent' | 'pending' }> {
  const item = await createOutboxMessage<K>({
    ...record,
    leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString(),
  });
  const delivery = await deliverOutboxMessage(item);
  if (delivery.status === 'pending') {
    logOutboxProblem(item, 'E-mail not sent; the message is stored as pending.', delivery.error, { requestId });
  }
  return { id: item.id, emailStatus: delivery.status };
}

/**
 * Sends a stored message's e-mail through SES and records the outcome: `sent` with
 * the message id (off the pending index), or one more failed attempt. The caller
 * holds the message's lease. Never throws for a failed send; a failure to record
 * `sent` is logged and reported as sent (the e-mail is out).
 */
export async function deliverOutboxMessage(item: OutboxRecord): Promise<OutboxDelivery> {
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
      }),
    );
  } catch (error) {
    await recordOutboxAttempt(item.id).catch(() => undefined);
    return { status: 'pending', error };
  }
  await markOutboxSent(item.id, messageId).catch((error: unknown) =>
    logOutboxProblem(item, 'Sent, but not recorded as sent.', error),
  );
  return { status: 'sent', messageId };
}

/** What one re-sender run did with the outbox: messages looked at, sent, still pending, held by another sender. */
export interface OutboxResendResult {
  readonly pending: number;
  readonly sent: number;
  readonly failed: number;
  readonly skipped: number;
}

/**
 * Retries the e-mail of every pending message created before `now`, oldest first, up
 * to {@link OUTBOX_RESEND_BATCH} a run: each is claimed first (a message still held
 * by its request or another run is skipped), then sent once. A failure of one is
 * logged and does not stop the others. Throws only when the pending index cannot be
 * read (the schedule retries).
 */
export async function resendPendingMessages(now: Date = new Date()): Promise<OutboxResendResult> {
  const page = await listPendingOutbox({ before: now.toISOString(), limit: OUTBOX_RESEND_BATCH });
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  for (const item of page.items) {
    try {
      if (!(await claimOutboxMessage(item.id, now, new Date(now.getTime() + OUTBOX_LEASE_MS)))) {
        skipped += 1;
        continue;
      }
      const delivery = await deliverOutboxMessage(item);
      if (delivery.status === 'sent') {
        sent += 1;
      } else {
        failed += 1;
        logOutboxProblem(item, 'E-mail still not sent.', delivery.error, { attempts: (item.emailAttempts ?? 0) + 1 });
      }
    } catch (error) {
      failed += 1;
      logOutboxProblem(item, 'E-mail could not be retried.', error);
    }
  }
  return { pending: page.items.length, sent, failed, skipped };
}

/** Logs one JSON line about a message's e-mail at level error (ids and kind only, never the message). */
export function logOutboxProblem(
  item: Pick<OutboxItem, 'id' | 'kind'> | Pick<OutboxRecord, 'id' | 'kind'>,
  message: string,
  error: unknown,
  extra: Record<string, unknown> = {},
): void {
  console.error(
    JSON.stringify({
      level: 'error',
      messageId: item.id,
      kind: item.kind,
      message,
      ...extra,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    }),
  );
}
