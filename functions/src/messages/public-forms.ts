import type { SentMessage } from '#shared/contracts/messages';
import { newId } from '../domain/ids.ts';

/**
 * What the two public forms (newsletter sign-up, contact form) share (decision
 * record 025): the trap field. Their rate limit is the route's (`ROUTE_RATE_LIMITS`,
 * decision record 033), applied by the handler factory.
 */

/**
 * The answer to a filled trap field (spec §4 "Other states"): success, with a made-up
 * id, exactly as a real request is answered (stored, e-mail pending); nothing is
 * stored or sent. It counts against the rate limit like any request (decision record 033).
 */
export function trapAnswer(): SentMessage {
  return { id: newId(), emailStatus: 'pending' };
}

/** True when the trap field holds anything but whitespace. */
export function trapFilled(trap: string | undefined): boolean {
  return trap !== undefined && trap.trim() !== '';
}
