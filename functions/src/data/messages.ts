import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactTopic, MessageEmailStatus, SupportRecipient } from '#shared/contracts/messages';
import type { Brand } from '#shared/enums';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import type { ContactRequest, NewsletterSubscriber } from '../domain/message-email.ts';
import type { SupportTargetKind } from '../domain/support.ts';
import { createItem, type Page, queryPage, tableName } from './dynamo.ts';
import {
  ENTITY_TYPES,
  OUTBOX_PENDING_PARTITION,
  OUTBOX_UNCONFIRMED_PARTITION,
  outboxMessageKey,
  pendingOutboxIndexKey,
  type TableKey,
} from './keys.ts';

/**
 * The outbox of the messages people send (keys.ts rows "a stored message" and
 * "messages whose e-mail is still to send"; decision record 025): a newsletter
 * sign-up, a contact request or a support request is stored here FIRST, with the
 * e-mail it is sent as, then sent through SES; one still pending stays on the sparse
 * pending index until the re-sender sends it. Storing the composed e-mail makes the
 * re-sender one generic loop, whatever the kind.
 */

/** The e-mail a stored message is sent as: bare addresses, a display name for From, subject and text. */
export interface OutboxEmail {
  readonly from: string;
  readonly fromName: string;
  readonly to: readonly string[];
  readonly replyTo: string | null;
  readonly subject: string;
  readonly text: string;
  /**
   * The https address of a one-click unsubscribe (RFC 8058), when the e-mail is one
   * people subscribe to (the saved-search digest, issue 24 item 8): sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  readonly listUnsubscribe?: string;
}

/** A support request as stored (spec §3 "Support request"): who asked about what, and who it went to. */
export interface SupportRequestRecord {
  readonly userId: string;
  readonly userName: string;
  /** The identity's e-mail, or the one given in the dialog when the identity has none. */
  readonly email: string;
  readonly provider: string;
  readonly target: { readonly kind: SupportTargetKind; readonly id: string; readonly name: string };
  readonly subject: string;
  readonly message: string;
  readonly context: { readonly browser: string; readonly operatingSystem: string; readonly timeZone: string };
  readonly recipients: readonly SupportRecipient[];
}

/** What each kind of message holds, besides the e-mail. */
export interface OutboxPayloads {
  readonly newsletterSubscriber: NewsletterSubscriber;
  readonly contactRequest: ContactRequest & { readonly topic: ContactTopic };
  readonly supportRequest: SupportRequestRecord;
  readonly invitationEmail: InvitationEmailRecord;
  readonly savedSearchDigest: SavedSearchDigestRecord;
  readonly updateNoticeDigest: UpdateNoticeDigestRecord;
  readonly submissionEmail: SubmissionEmailRecord;
}

/**
 * The daily digest of updated courseware a user downloaded (issue 25 item 5; decision
 * record 066): whose, which UTC day (`YYYY-MM-DD`), which content items it named.
 */
export interface UpdateNoticeDigestRecord {
  readonly userId: string;
  readonly day: string;
  readonly contentIds: readonly string[];
}

/**
 * An e-mail about a courseware submission (issue 25 item 6; decision record 067):
 * which submission, what happened, and to whom (the submitter, or the team inbox
 * when the submitter wrote or resubmitted).
 */
export interface SubmissionEmailRecord {
  readonly submissionId: string;
  readonly event: 'submitted' | 'resubmitted' | 'comment' | 'changesRequested' | 'accepted' | 'declined';
  readonly recipient: 'submitter' | 'team';
}

/**
 * The weekly digest of a user's saved searches (issue 24 item 8; decision record 061):
 * whose, which ISO week, which searches it listed and how many new items.
 */
export interface SavedSearchDigestRecord {
  readonly userId: string;
  readonly week: string;
  readonly searchIds: readonly string[];
  readonly items: number;
}

/**
 * The e-mail of an invitation (issue 11; decision record 030): which invitation, to
 * whom. The link itself is only in the stored e-mail's text (until it is sent), never
 * in the payload.
 */
export interface InvitationEmailRecord {
  readonly invitationId: string;
  readonly organizationId: string;
  readonly email: string;
  /** `create`, `resend` or `import` (with the import's id). */
  readonly reason: 'create' | 'resend' | 'import';
  readonly importId: string | null;
}
/** The kinds of stored message (they are also their `entityType` keys of ENTITY_TYPES). */
export type OutboxKind = keyof OutboxPayloads;

/** One stored message: id, kind, brand, when (ISO), its payload, its e-mail and whether it went out. */
export interface OutboxRecord<K extends OutboxKind = OutboxKind> {
  readonly id: string;
  readonly kind: K;
  readonly brand: Brand;
  readonly createdTimestamp: string;
  readonly payload: OutboxPayloads[K];
  readonly email: OutboxEmail;
  readonly emailStatus: MessageEmailStatus;
  /** SES's message id, once sent. */
  readonly emailMessageId?: string;
  /** Failed sends so far (the request's own try included); absent before the first failure. */
  readonly emailAttempts?: number;
  /**
   * Until when (ISO) one sender holds the message: nobody else sends it before then
   * (the request that stored it holds it from the start; the re-sender claims it).
   */
  readonly leaseUntil: string;
}

/**
 * Where a stored message's e-mail is (decision records 025 and 083): `pending` (to
 * send), `sending` (claimed by one sender, SES called or about to be), `sent` (SES
 * accepted it), `unconfirmed` (the send's outcome is unknown: SES's answer was lost
 * or the sender died mid-send; never re-sent by itself, so never sent twice).
 * Outside the table, `sending` and `unconfirmed` read as `pending`.
 */
export type OutboxEmailStatus = MessageEmailStatus | 'sending' | 'unconfirmed';

/** A stored {@link OutboxRecord}. */
export type OutboxItem<K extends OutboxKind = OutboxKind> = Omit<OutboxRecord<K>, 'emailStatus'> &
  TableKey & {
    readonly emailStatus: OutboxEmailStatus;
    readonly entityType: (typeof ENTITY_TYPES)[K];
    readonly version: number;
    /** Why the send is unconfirmed (an error's name and message), when it is. */
    readonly emailUnconfirmed?: string;
  };

/**
 * Stores a message (version 1, `emailStatus` pending, on the pending index, held by
 * the storing request until `leaseUntil`), conditional on its id being new.
 * @throws ConflictError when a message with this id exists.
 */
export async function createOutboxMessage<K extends OutboxKind>(
  record: Omit<OutboxRecord<K>, 'emailStatus'>,
): Promise<OutboxItem<K>> {
  const item = outboxItemOf(record);
  await createItem({ ...item }, 'Message already exists.');
  return item;
}

/**
 * The stored item of a new message (pure): version 1, `emailStatus` pending, on the
 * pending index. Callers that store a message inside their own TransactWriteItems
 * (an invitation and its e-mail) put it with `putNewItemStep`.
 */
export function outboxItemOf<K extends OutboxKind>(record: Omit<OutboxRecord<K>, 'emailStatus'>): OutboxItem<K> {
  return {
    ...record,
    emailStatus: 'pending',
    ...outboxMessageKey(record.id),
    ...pendingOutboxIndexKey(record.createdTimestamp, record.id),
    entityType: ENTITY_TYPES[record.kind],
    version: 1,
  } as OutboxItem<K>;
}

/**
 * Claims a pending message for one send until `leaseUntil` (ISO), when no other
 * sender holds it at `now`: one conditional UpdateItem that also marks it `sending`
 * (decision record 083), so two senders never send the same message at once, and a
 * sender that dies mid-send leaves a `sending` message, not a pending one that would
 * be sent a second time.
 * @returns true when claimed; false when it is sent already, held by another sender, or gone.
 */
export async function claimOutboxMessage(id: string, now: Date, leaseUntil: Date): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxMessageKey(id),
        UpdateExpression: 'SET leaseUntil = :until, emailStatus = :sending, #version = #version + :one',
        ConditionExpression: 'attribute_exists(pk) AND emailStatus = :pending AND leaseUntil < :now',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':until': leaseUntil.toISOString(),
          ':now': now.toISOString(),
          ':pending': 'pending',
          ':sending': 'sending',
          ':one': 1,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Ends the hold on a pending message (its writer held it until the rest of its work
 * was stored, e.g. a user import): its lease becomes `now` minus 1 ms, so the outbox
 * consumer may send it at once. A message that is sent or gone is left alone.
 */
export async function releaseOutboxMessage(id: string, now: Date): Promise<void> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxMessageKey(id),
        UpdateExpression: 'SET leaseUntil = :released, #version = #version + :one',
        ConditionExpression: 'attribute_exists(pk) AND emailStatus = :pending',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':released': new Date(now.getTime() - 1).toISOString(),
          ':pending': 'pending',
          ':one': 1,
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Records that the message's e-mail was accepted by SES with `messageId`, and takes it
 * off the pending index. Conditional on the message being `sending` (claimed), so a
 * second sender never overwrites the first one's record.
 * @throws ConditionalCheckFailedException when it is not stored or not being sent.
 */
export async function markOutboxSent(id: string, messageId: string): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxMessageKey(id),
      UpdateExpression:
        'SET emailStatus = :sent, emailMessageId = :messageId, #version = #version + :one REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk) AND emailStatus = :sending',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':sent': 'sent', ':sending': 'sending', ':messageId': messageId, ':one': 1 },
    }),
  );
}

/**
 * Records one more failed send of the message's e-mail (`emailAttempts` + 1): SES
 * answered an error, so nothing went out, and it is `pending` again (sent by a later
 * run once its lease has passed). A message not `sending` keeps its status.
 */
export async function recordOutboxAttempt(id: string): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxMessageKey(id),
      UpdateExpression:
        'SET emailAttempts = if_not_exists(emailAttempts, :zero) + :one, emailStatus = :pending, #version = #version + :one',
      ConditionExpression: 'attribute_exists(pk) AND emailStatus IN (:pending, :sending)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':pending': 'pending', ':sending': 'sending' },
    }),
  );
}

/**
 * Marks a `sending` message `unconfirmed` (decision record 083): the outcome of its send
 * is unknown (SES's answer was lost, or its sender's lease passed mid-send), so it is
 * never sent again by itself; it moves from the pending index to the unconfirmed one
 * with `reason`. When `leaseBefore` is given, only a message whose lease has passed it.
 * @returns true when marked; false when it is not `sending` (sent, back to pending, gone) or still leased.
 */
export async function markOutboxUnconfirmed(id: string, reason: string, leaseBefore?: Date): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxMessageKey(id),
        UpdateExpression:
          'SET emailStatus = :unconfirmed, emailUnconfirmed = :reason, gsi1pk = :partition, #version = #version + :one',
        ConditionExpression: `attribute_exists(pk) AND emailStatus = :sending${leaseBefore ? ' AND leaseUntil < :now' : ''}`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':unconfirmed': 'unconfirmed',
          ':sending': 'sending',
          ':reason': reason.slice(0, 500),
          ':partition': OUTBOX_UNCONFIRMED_PARTITION,
          ':one': 1,
          ...(leaseBefore ? { ':now': leaseBefore.toISOString() } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** One stored message by id (consistent read), or null. */
export async function getOutboxMessage(id: string): Promise<OutboxItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: outboxMessageKey(id), ConsistentRead: true }),
  );
  return (output.Item as OutboxItem | undefined) ?? null;
}

/**
 * Messages whose e-mail is still pending, oldest first, created before `before` (ISO;
 * so a request still sending its own e-mail is left alone), one page of at most
 * `limit` (gsi1 `OUTBOX_PENDING`; gsi1 projects the whole item).
 */
export function listPendingOutbox(options: {
  readonly before: string;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<OutboxItem>> {
  return queryPage<OutboxItem>({
    index: 'gsi1',
    partitions: [OUTBOX_PENDING_PARTITION],
    sortKey: { expression: '#sk < :before', names: { '#sk': 'gsi1sk' }, values: { ':before': options.before } },
    limit: options.limit,
    pageToken: options.pageToken,
  });
}

/**
 * Messages whose send is unconfirmed (decision record 083), oldest first, one page of
 * at most `limit` (gsi1 `OUTBOX_UNCONFIRMED`): what a person checks before sending
 * one again by hand (e.g. an invitation's resend).
 */
export function listUnconfirmedOutbox(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<OutboxItem>> {
  return queryPage<OutboxItem>({
    index: 'gsi1',
    partitions: [OUTBOX_UNCONFIRMED_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
}
