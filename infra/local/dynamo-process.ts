import './quiet-node20-warning.ts';
import dynalite from 'dynalite';
import { startTransactionProxy } from './dynamodb-transactions.ts';
import { FaultInjector, type FaultKind, type FaultSettings } from './faults.ts';
import { LOOPBACK, listen, loopbackUrl } from './net.ts';

/**
 * The embedded DynamoDB in a process of its own (issue 22 items 6 and 8): dynalite
 * and the transaction proxy in front of it, started by `emulators.ts` with
 * `child_process.fork`. Its CPU work (leveldb, JSON, checksums) then runs on another
 * core than the portal's handlers and HTTP server, instead of taking turns with them
 * on one event loop.
 *
 * Protocol over the IPC channel: the parent sends {@link DynamoProcessStart}; the
 * child answers {@link DynamoProcessMessage} `ready` with the proxy's URL (or `failed`
 * with a message); `{ type: 'stop' }` closes both servers and ends the process. The
 * child also ends when the channel closes (the parent exited or was killed), and
 * ignores SIGINT and SIGTERM, which the portal handles.
 *
 * The fault switch (`faults.ts`, decision record 083) of DynamoDB lives here, in
 * front of the proxy: {@link DynamoProcessFaults} messages set it or read its
 * counters, each answered by `faults` with the same `id`.
 */

/** What the parent asks for. */
export interface DynamoProcessStart {
  readonly type: 'start';
  /** leveldb folder, or null for in memory. */
  readonly dbPath: string | null;
  /** Port the proxy should get again (a restarted stack in the same test process). */
  readonly preferredPort?: number;
}

/** The fault switch's requests: set (settings or null for off), read or zero the counters. */
export type DynamoProcessFaults =
  | { readonly type: 'faults-set'; readonly id: number; readonly settings: FaultSettings | null }
  | { readonly type: 'faults-counters'; readonly id: number; readonly reset?: boolean };

/** What the child answers. */
export type DynamoProcessMessage =
  | { readonly type: 'ready'; readonly url: string }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'faults'; readonly id: number; readonly counters: Record<FaultKind, number> };

const send = (message: DynamoProcessMessage) => process.send?.(message);

let stop: (() => Promise<void>) | undefined;
const faults = new FaultInjector('dynamodb');

process.on('message', (message: DynamoProcessStart | DynamoProcessFaults | { type: 'stop' }) => {
  if (message.type === 'faults-set' || message.type === 'faults-counters') {
    if (message.type === 'faults-set') faults.configure(message.settings);
    const counters = faults.counters();
    if (message.type === 'faults-counters' && message.reset) faults.resetCounters();
    send({ type: 'faults', id: message.id, counters });
  } else if (message.type === 'start') {
    start(message).then(
      (url) => send({ type: 'ready', url }),
      (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.type === 'stop') {
    shutDown();
  }
});
// The portal is gone (stopped, or killed with `kill -9`): a transaction it sent is still
// applied whole before this process exits, as DynamoDB would (decision record 086).
process.on('disconnect', () => shutDown());

let shuttingDown = false;
/** Stops the proxy (after the transactions under way) and dynalite, then exits; once. */
function shutDown(): void {
  if (shuttingDown) return;
  shuttingDown = true;
  void (stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
}
// Ctrl-C reaches the whole process group: the portal stops this process itself, after
// its own requests and background writes are done.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);

async function start(options: DynamoProcessStart): Promise<string> {
  const dynamo = dynalite({
    ...(options.dbPath ? { path: options.dbPath } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const internalPort = await listen(dynamo, 0, LOOPBACK);
  const closeDynamo = () => new Promise<void>((resolve, reject) => dynamo.close((e) => (e ? reject(e) : resolve())));
  try {
    const proxy = await startTransactionProxy({
      target: loopbackUrl(internalPort),
      preferredPort: options.preferredPort,
      wrap: (listener) => faults.wrap(listener),
    });
    stop = async () => {
      faults.close();
      await proxy.close();
      await closeDynamo();
    };
    return proxy.url;
  } catch (error) {
    await closeDynamo();
    throw error;
  }
}
