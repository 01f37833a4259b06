import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_RATE_LIMIT } from '#shared/limits';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from './dynamo.ts';
import { ENTITY_TYPES, rateLimitKey } from './keys.ts';

/**
 * The rate limit of the public forms (decision record 025; keys.ts row "requests of
 * one public form from one client address in one window"): a fixed-window counter
 * per client address and form in DynamoDB. One conditional UpdateItem per request
 * (ADD hits, condition hits < limit), so concurrent requests cannot overshoot; the
 * counter carries a TTL and DynamoDB deletes it after its window.
 */

/** The public forms that are rate-limited. */
export const RATE_LIMITED_FORMS = { newsletter: 'newsletter', contact: 'contact' } as const;
export type RateLimitedForm = (typeof RATE_LIMITED_FORMS)[keyof typeof RATE_LIMITED_FORMS];

/**
 * Environment variable that overrides `PUBLIC_FORM_RATE_LIMIT.requests` (a positive
 * integer): tests and the local stack set it; unset in AWS (the shared constant rules).
 */
export const RATE_LIMIT_REQUESTS_ENV = 'PUBLIC_FORM_RATE_LIMIT_REQUESTS';

/** The limit in force: at most `requests` per client and form in a fixed window of `windowSeconds`. */
export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * `PUBLIC_FORM_RATE_LIMIT`, with `requests` from {@link RATE_LIMIT_REQUESTS_ENV} when
 * that holds a positive integer.
 * @throws Error when the variable is set to anything else (configuration fails fast).
 */
export function publicFormRateLimit(value: string | undefined = process.env[RATE_LIMIT_REQUESTS_ENV]): RateLimit {
  if (value === undefined || value === '') return PUBLIC_FORM_RATE_LIMIT;
  const requests = Number(value);
  if (!Number.isInteger(requests) || requests < 1) {
    throw new Error(`${RATE_LIMIT_REQUESTS_ENV} must be a positive integer; got "${value}".`);
  }
  return { requests, windowSeconds: PUBLIC_FORM_RATE_LIMIT.windowSeconds };
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
 * Counts one request of `form` from `client` (the caller's address) at `now` in the
 * fixed window that holds `now` (windows start at multiples of `windowSeconds` since
 * the epoch). Allowed while the window's count is below `limit.requests`; a refused
 * request is not counted. The counter expires (TTL) one window after its end.
 * @returns `allowed` with the count including this request, or `allowed: false` with
 *   the whole seconds (≥ 1) until the window ends (the Retry-After value).
 */
export async function hitRateLimit(
  form: RateLimitedForm,
  client: string,
  now: Date = new Date(),
  limit: RateLimit = publicFormRateLimit(),
): Promise<RateLimitDecision> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const windowEnd = windowStart + limit.windowSeconds;
  try {
    const output = await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(form, clientDigest(client), windowStart),
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
