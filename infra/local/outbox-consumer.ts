import type { OutboxResendResult } from '../../functions/src/messages/outbox.ts';
import { describeError, startPoller } from './poller.ts';

/**
 * The outbox consumer on one machine (issue 21 item 5; decision record 033): dynalite
 * has no streams (LOCAL-STACK.md trap 3), so instead of the stream trigger of the
 * cloud this polls and runs the same `deliverPendingMessages()` the outbox-sender
 * Lambda runs, outside any request: a request stores its message and answers, and
 * the e-mail follows within a poll. One run at a time; a failure is logged and
 * retried after a pause, never thrown.
 */

/** Milliseconds between two runs when none is given. */
export const LOCAL_OUTBOX_POLL_MS = 100;
/** Pause after a failed run before the next, so a broken stack does not flood the log. */
const FAILURE_PAUSE_MS = 5000;

/** Options of {@link startLocalOutboxConsumer}. */
export interface LocalOutboxConsumerOptions {
  /** Milliseconds between two runs (default {@link LOCAL_OUTBOX_POLL_MS}). */
  readonly pollMs?: number;
  /** Error lines; silent when absent. */
  readonly log?: (line: string) => void;
}

/** A running local outbox consumer. */
export interface LocalOutboxConsumer {
  /** Stops polling; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Starts the local outbox consumer, running at once and then every `pollMs` after the
 * previous run ended (runs never overlap). Never throws once started.
 */
export async function startLocalOutboxConsumer(options: LocalOutboxConsumerOptions = {}): Promise<LocalOutboxConsumer> {
  const pollMs = options.pollMs ?? LOCAL_OUTBOX_POLL_MS;
  const log = options.log ?? (() => undefined);
  // Imported here, like the catalog indexer: the data layer loads only when used.
  const { deliverPendingMessages } = await import('../../functions/src/messages/outbox.ts');
  const run = async (): Promise<number> => {
    try {
      const result: OutboxResendResult = await deliverPendingMessages(new Date());
      if (result.failed > 0) log(`outbox: ${result.sent} sent, ${result.failed} still pending`);
      return pollMs;
    } catch (error) {
      log(`outbox: delivery failed, retrying in ${FAILURE_PAUSE_MS} ms: ${describeError(error)}`);
      return FAILURE_PAUSE_MS;
    }
  };

  return startPoller(run);
}
