import './quiet-node20-warning.ts';
import dynalite from 'dynalite';
import { startTransactionProxy } from './dynamodb-transactions.ts';
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
 */

/** What the parent asks for. */
export interface DynamoProcessStart {
  readonly type: 'start';
  /** leveldb folder, or null for in memory. */
  readonly dbPath: string | null;
  /** Port the proxy should get again (a restarted stack in the same test process). */
  readonly preferredPort?: number;
}

/** What the child answers. */
export type DynamoProcessMessage =
  | { readonly type: 'ready'; readonly url: string }
  | { readonly type: 'failed'; readonly message: string };

const send = (message: DynamoProcessMessage) => process.send?.(message);

let stop: (() => Promise<void>) | undefined;

process.on('message', (message: DynamoProcessStart | { type: 'stop' }) => {
  if (message.type === 'start') {
    start(message).then(
      (url) => send({ type: 'ready', url }),
      (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.type === 'stop') {
    void (stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
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
    });
    stop = async () => {
      await proxy.close();
      await closeDynamo();
    };
    return proxy.url;
  } catch (error) {
    await closeDynamo();
    throw error;
  }
}
