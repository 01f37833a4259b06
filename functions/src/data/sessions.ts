import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from './dynamo.ts';
import { userKey } from './keys.ts';

/**
 * Session epochs (issue 21 item 2; decision record 032): a number on the user item
 * that every change of what the user's tokens say — rights, business-unit moves
 * (an administrator's or a merge's), team moves — raises by one in the same write.
 * A portal token carries the epoch its user had when it was signed (and, while
 * impersonating, the administrator's too); the handler chain refuses a token whose
 * epoch is below the stored one, or whose user no longer exists (account removal).
 *
 * Each Lambda container remembers what it read for at most
 * {@link SESSION_EPOCH_CACHE_MS}, so a change reaches every open session within that
 * time; the container that made the change forgets its own copy at once
 * ({@link forgetSessionEpochs}).
 */

/** The user item's attribute holding the epoch; absent reads as 0 (users written before issue 21). */
export const SESSION_EPOCH_ATTRIBUTE = 'sessionEpoch';

/** How long a container trusts an epoch it read, in ms: 30 s, half of the 60 s issue 21 item 2 allows. */
export const SESSION_EPOCH_CACHE_MS = 30_000;

/** At most this many users' epochs are remembered per container; the oldest read goes first. */
export const SESSION_EPOCH_CACHE_SIZE = 5000;

/**
 * The parts of an UpdateExpression that raise the epoch by one: `SET` it with
 * {@link SESSION_EPOCH_INCREMENT}, and add these names and values to the command.
 */
export const SESSION_EPOCH_INCREMENT =
  '#sessionEpoch = if_not_exists(#sessionEpoch, :sessionEpochZero) + :sessionEpochOne';
export const SESSION_EPOCH_NAMES = { '#sessionEpoch': SESSION_EPOCH_ATTRIBUTE } as const;
export const SESSION_EPOCH_VALUES = { ':sessionEpochZero': 0, ':sessionEpochOne': 1 } as const;

/** The stored epoch of a user item (0 when it has none). */
export function sessionEpochOf(item: Readonly<Record<string, unknown>>): number {
  const value = item[SESSION_EPOCH_ATTRIBUTE];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

interface Remembered {
  /** The stored epoch, or null when the user does not exist. */
  readonly epoch: number | null;
  /** When it was read, epoch ms. */
  readonly readAt: number;
}

const remembered = new Map<string, Remembered>();

/**
 * The session epoch stored for `userId` (null when there is no such user), read with
 * one GetItem of the user item (only its key and epoch projected) unless this
 * container read it less than {@link SESSION_EPOCH_CACHE_MS} before `now` (epoch ms).
 */
export async function currentSessionEpoch(userId: string, now: number = Date.now()): Promise<number | null> {
  const known = remembered.get(userId);
  if (known && now - known.readAt < SESSION_EPOCH_CACHE_MS && now >= known.readAt) return known.epoch;
  const output = await dynamoDocumentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: { ...userKey(userId) },
      ProjectionExpression: '#pk, #sessionEpoch',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, ...SESSION_EPOCH_NAMES },
    }),
  );
  const epoch = output.Item ? sessionEpochOf(output.Item) : null;
  remembered.delete(userId);
  if (remembered.size >= SESSION_EPOCH_CACHE_SIZE) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
  remembered.set(userId, { epoch, readAt: now });
  return epoch;
}

/** Forgets what this container remembers of these users' epochs (called after a write that raised them). */
export function forgetSessionEpochs(userIds: Iterable<string>): void {
  for (const userId of userIds) remembered.delete(userId);
}

/** Forgets every remembered epoch; for tests. */
export function resetSessionEpochCache(): void {
  remembered.clear();
}
