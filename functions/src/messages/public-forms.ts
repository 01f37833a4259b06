import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RATE_LIMITED_MESSAGE, type SentMessage } from '#shared/contracts/messages';
import { hitRateLimit, type RateLimitedForm } from '../data/rate-limits.ts';
import { newId } from '../domain/ids.ts';
import { TooManyRequestsError } from '../lib/errors.ts';

/**
 * What the two public forms (newsletter sign-up, contact form) share (decision
 * record 025): the trap field and the rate limit per client address.
 */

/**
 * The answer to a filled trap field (spec §4 "Other states"): success, with a made-up
 * id, as if sent; nothing is stored or sent, and the rate limit is not touched.
 */
export function trapAnswer(): SentMessage {
  return { id: newId(), emailStatus: 'sent' };
}

/** True when the trap field holds anything but whitespace. */
export function trapFilled(trap: string | undefined): boolean {
  return trap !== undefined && trap.trim() !== '';
}

/**
 * The client address of a request: API Gateway's `requestContext.http.sourceIp` (the
 * address that connected to CloudFront, as CloudFront forwards it; never a header
 * the client wrote). `unknown` when absent, so such requests share one counter.
 */
export function clientAddressOf(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.http?.sourceIp || 'unknown';
}

/**
 * Counts this request against the form's rate limit for its client address.
 * @throws TooManyRequestsError (429 `RATE_LIMITED_MESSAGE`, `Retry-After`) beyond the limit.
 */
export async function enforcePublicFormLimit(form: RateLimitedForm, event: APIGatewayProxyEventV2): Promise<void> {
  const decision = await hitRateLimit(form, clientAddressOf(event));
  if (!decision.allowed) throw new TooManyRequestsError(RATE_LIMITED_MESSAGE, decision.retryAfterSeconds);
}
