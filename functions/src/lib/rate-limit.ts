import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { tooManyRequestsMessage } from '#shared/contracts/messages';
import type { RouteRateLimit } from '#shared/limits';
import { hitRateLimit, scaledLimit } from '../data/rate-limits.ts';
import { TooManyRequestsError } from './errors.ts';

/**
 * The rate limit of a route (issue 21 item 4; decision record 033), applied by the
 * handler factory after the access rule and request validation, before the route's
 * own code: so a refused request stores and sends nothing, and requests refused for
 * access or validation do not count.
 */

/**
 * The client address of a request: API Gateway's `requestContext.http.sourceIp` (the
 * address that connected to CloudFront, as CloudFront forwards it; never a header
 * the client wrote). `unknown` when absent, so such requests share one counter.
 */
export function clientAddressOf(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.http?.sourceIp || 'unknown';
}

/**
 * Who a request counts against as its caller: `user:<id>` for a signed-in caller,
 * else `address:<client address>` (only ever stored as a digest).
 */
export function callerSubjectOf(userId: string | null, event: APIGatewayProxyEventV2): string {
  return userId ? `user:${userId}` : `address:${clientAddressOf(event)}`;
}

/**
 * The target a request names under `selector` (`path.id`, `body.email`) in the
 * validated request parts: trimmed and lower-cased (e-mail addresses and ids compare
 * case-insensitively), or null when absent or not a string or number.
 */
export function targetOf(selector: string, parts: { path: unknown; body: unknown }): string | null {
  const [part, field] = selector.split('.', 2) as ['path' | 'body', string];
  const source = part === 'path' ? parts.path : parts.body;
  if (source === null || typeof source !== 'object') return null;
  const value = (source as Record<string, unknown>)[field];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim().toLowerCase();
  return text === '' ? null : text;
}

/**
 * Counts one request of `operationId` against its caller's window, then (when the
 * route has a target and the request names one) against its target's window.
 * @throws TooManyRequestsError (429, `Retry-After` the seconds until the refusing
 *   window ends, message {@link tooManyRequestsMessage}) beyond either limit.
 */
export async function enforceRateLimit(
  operationId: string,
  limit: RouteRateLimit,
  subjects: { readonly caller: string; readonly target: string | null },
  now: Date = new Date(),
): Promise<void> {
  const counts: [string, string, RouteRateLimit['caller']][] = [
    [`${operationId}.caller`, subjects.caller, limit.caller],
  ];
  if (limit.target && subjects.target !== null) {
    counts.push([`${operationId}.target`, subjects.target, limit.target]);
  }
  for (const [counter, subject, window] of counts) {
    const decision = await hitRateLimit(
      counter,
      subject,
      now,
      scaledLimit({ requests: window.requests, windowSeconds: window.windowSeconds }),
    );
    if (!decision.allowed) {
      throw new TooManyRequestsError(tooManyRequestsMessage(decision.retryAfterSeconds), decision.retryAfterSeconds);
    }
  }
}
