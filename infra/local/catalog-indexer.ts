import type { CatalogSyncResult } from '../../functions/src/search/indexer.ts';
import { describeError, startPoller } from './poller.ts';

/**
 * The catalog indexer on one machine (decision record 014): dynalite has no streams
 * (LOCAL-STACK.md trap 3), so instead of the stream trigger of the cloud this polls
 * the catalog revision and runs the same `syncCatalogSnapshot()` the indexer Lambda
 * runs whenever the revision moved. One sync at a time; a failure is logged and
 * retried after a pause, never thrown.
 */

/** Milliseconds between two reads of the catalog revision when none is given. */
export const LOCAL_INDEXER_POLL_MS = 200;
/** Pause after a failed poll or sync before the next try, so a broken stack does not flood the log. */
const FAILURE_PAUSE_MS = 5000;

/** Options of {@link startLocalCatalogIndexer}. */
export interface LocalCatalogIndexerOptions {
  /** Milliseconds between two polls of the revision (default {@link LOCAL_INDEXER_POLL_MS}). */
  readonly pollMs?: number;
  /** Progress and error lines; silent when absent. */
  readonly log?: (line: string) => void;
  /** The sync to run (default `syncCatalogSnapshot` of functions/src/search/indexer.ts); tests pass a stand-in. */
  readonly sync?: () => Promise<CatalogSyncResult>;
  /** The revision to watch (default `getCatalogRevision`); tests pass a stand-in. */
  readonly revision?: () => Promise<number>;
}

/** A running local catalog indexer. */
export interface LocalCatalogIndexer {
  /** Syncs done so far (rebuilt or not). */
  readonly syncs: number;
  /** Stops polling; resolves once a sync in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Starts the local catalog indexer (decision record 014), polling at once: the first
 * poll always syncs (a data folder from before the snapshot existed gets one), later
 * polls sync when the revision differs from the one last synced. Polls are chained
 * (the next is scheduled when the previous ends), so two syncs never overlap. Never
 * throws once started: failures are logged and retried after 5 s.
 */
export async function startLocalCatalogIndexer(options: LocalCatalogIndexerOptions = {}): Promise<LocalCatalogIndexer> {
  const pollMs = options.pollMs ?? LOCAL_INDEXER_POLL_MS;
  const log = options.log ?? (() => undefined);
  // Imported here, like the seed import: the data layer and the search engine load only when used.
  const sync = options.sync ?? (await import('../../functions/src/search/indexer.ts')).syncCatalogSnapshot;
  const readRevision = options.revision ?? (await import('../../functions/src/data/catalog.ts')).getCatalogRevision;

  let syncedRevision: number | undefined;
  let syncs = 0;
  const poll = async (): Promise<number> => {
    try {
      const revision = await readRevision();
      if (revision === syncedRevision) return pollMs;
      const result = await sync();
      syncs += 1;
      // The snapshot may already be ahead of what was read: remember what it holds.
      syncedRevision = Math.max(revision, result.revision);
      if (result.rebuilt) {
        log(
          `search: catalog revision ${result.revision} indexed (${result.documents} documents, ${result.bytes} bytes) in ${result.ms} ms`,
        );
      }
      return pollMs;
    } catch (error) {
      log(`search: catalog indexing failed, retrying in ${FAILURE_PAUSE_MS} ms: ${describeError(error)}`);
      return FAILURE_PAUSE_MS;
    }
  };

  const poller = startPoller(poll);
  return {
    get syncs() {
      return syncs;
    },
    stop: () => poller.stop(),
  };
}
