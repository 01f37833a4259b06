import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { optionalVariable } from '../lib/env.ts';
import { tableName } from './dynamo.ts';
import { ENTITY_TYPES, rateLimitKey } from './keys.ts';

/**
 * Rate limits (decision records 025 and 033; keys.ts row "requests of one counter
 * from one subject in one window"): a fixed-window counter per counter name (a
 * route's caller or target count, e.g. `sendContactRequest.caller`) and subject (a
 * user id, a client address, an e-mail address, a content id) in DynamoDB. One
 * conditional UpdateItem per request (ADD hits, condition hits < limit), so
 * concurrent requests cannot overshoot; the counter carries a TTL and DynamoDB
 * deletes it after its window. The key holds a digest of the subject, never the
 * subject itself.
 */

/**
 * Environment variable that multiplies the `requests` of every rate limit (a
 * positive integer, default 1): suites that sign in or send many times without
 * testing the limits set it; unset in AWS (the shared constants rule).
 */
export const RATE_LIMIT_SCALE_ENV = 'RATE_LIMIT_SCALE';

/** The limit in force: at most `requests` per subject in a fixed window of `windowSeconds`. */
export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * The factor of {@link RATE_LIMIT_SCALE_ENV}: 1 when unset or empty.
 * @throws Error when the variable is set to anything but a positive integer (configuration fails fast).
 */
export function rateLimitScale(value: string | undefined = optionalVariable(RATE_LIMIT_SCALE_ENV)): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isInteger(scale) || scale < 1) {
    throw new Error(`${RATE_LIMIT_SCALE_ENV} must be a positive integer; got "${value}".`);
  }
  return scale;
}

/** `limit` with its `requests` multiplied by {@link rateLimitScale}. */
export function scaledLimit(limit: RateLimit, scale: number = rateLimitScale()): RateLimit {
  return { requests: limit.requests * scale, windowSeconds: limit.windowSeconds };
}

/** The outcome of counting one request: allowed, or refused with the seconds until the window ends. */
export type RateLimitDecision =
  | { readonly allowed: true; readonly hits: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * What the counter's key holds instead of the caller's address: the first 128 bits
 * of its SHA-256, hex — enough to tell clients apart, and the table never holds a
 * network address.
 */
export function clientDigest(client: string): string {
  return createHash('sha256').update(client, 'utf8').digest('hex').slice(0, 32);
}

/**
 * Counts one request of `counter` from `client` (the subject: the caller's address,
 * user id, or the target) at `now` in the
 * fixed window that holds `now` (windows start at multiples of `windowSeconds` since
 * the epoch). Allowed while the window's count is below `limit.requests`; a refused
 * request is not counted. The counter expires (TTL) one window after its end.
 * @returns `allowed` with the count including this request, or `allowed: false` with
 *   the whole seconds (≥ 1) until the window ends (the Retry-After value).
 */
export async function hitRateLimit(
  counter: string,
  client: string,
  now: Date,
  limit: RateLimit,
): Promise<RateLimitDecision> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const windowEnd = windowStart + limit.windowSeconds;
  try {
    const output = await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(counter, clientDigest(client), windowStart),
        UpdateExpression: 'ADD hits :one SET #type = :type, #ttl = :expiresAt',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#type': TABLE.entityTypeAttribute, '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit.requests,
          ':type': ENTITY_TYPES.rateLimitCounter,
          ':expiresAt': windowEnd + limit.windowSeconds,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { allowed: true, hits: Number(output.Attributes?.hits ?? 1) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      return { allowed: false, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    }
    throw error;
  }
}
