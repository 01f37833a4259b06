import type { ContentItem } from '../../functions/src/data/items.ts';
import type { ThumbnailSyncOutcome } from '../../functions/src/thumbnails/sync.ts';
import { describeError, startPoller } from './poller.ts';

/**
 * The thumbnail renderer on one machine (issue 24 item 2, decision record 060): dynalite
 * has no streams (LOCAL-STACK.md trap 3), so instead of the stream trigger of the cloud
 * this polls the catalog revision (every content write bumps it in its transaction) and,
 * when it moved, runs the same `syncItemThumbnail` the thumbnail Lambda runs on every
 * content item of the catalog listing (an item already in line costs no request), and
 * on every item that vanished from the listing since the last pass (its thumbnails are
 * swept). One pass at a time; a failure is logged and retried after a pause, never thrown.
 */

/** Milliseconds between two reads of the catalog revision when none is given. */
export const LOCAL_THUMBNAILS_POLL_MS = 500;
/** Pause after a failed pass before the next try. */
const FAILURE_PAUSE_MS = 5000;

/** Options of {@link startLocalThumbnails}. */
export interface LocalThumbnailsOptions {
  readonly pollMs?: number;
  /** Progress and error lines; silent when absent. */
  readonly log?: (line: string) => void;
}

/** A running local thumbnail renderer. */
export interface LocalThumbnails {
  /** Thumbnails rendered so far. */
  readonly rendered: number;
  /** Stops polling; resolves once a pass in progress has finished. */
  stop(): Promise<void>;
}

/** Starts the local thumbnail renderer, its first pass at once. Never throws once started. */
export async function startLocalThumbnails(options: LocalThumbnailsOptions = {}): Promise<LocalThumbnails> {
  const pollMs = options.pollMs ?? LOCAL_THUMBNAILS_POLL_MS;
  const log = options.log ?? (() => undefined);
  // Imported here: pdf.js and the data layer load only when the portal runs.
  const { getCatalogRevision, listCatalogContent } = await import('../../functions/src/data/catalog.ts');
  const { syncItemThumbnail } = await import('../../functions/src/thumbnails/sync.ts');

  let seenRevision: number | undefined;
  let known = new Set<string>();
  let rendered = 0;
  let stopping = false;
  const pass = async (): Promise<number> => {
    try {
      const revision = await getCatalogRevision();
      if (revision === seenRevision) return pollMs;
      const items: ContentItem[] = await listCatalogContent();
      const outcomes: Partial<Record<ThumbnailSyncOutcome, number>> = {};
      const count = (outcome: ThumbnailSyncOutcome) => {
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      };
      const started = Date.now();
      for (const item of items) {
        // A stop does not wait for a whole pass of renders: the next start resumes.
        if (stopping) return pollMs;
        count(await syncItemThumbnail(item.id, item));
      }
      const current = new Set(items.map((item) => item.id));
      for (const id of known) if (!current.has(id)) count(await syncItemThumbnail(id, null));
      known = current;
      seenRevision = revision;
      rendered += outcomes.rendered ?? 0;
      const changed = Object.entries(outcomes).filter(([outcome]) => outcome !== 'unchanged');
      if (changed.length > 0) {
        log(`thumbnails: ${changed.map(([outcome, n]) => `${n} ${outcome}`).join(', ')} in ${Date.now() - started} ms`);
      }
      return pollMs;
    } catch (error) {
      log(`thumbnails: pass failed, retrying in ${FAILURE_PAUSE_MS} ms: ${describeError(error)}`);
      return FAILURE_PAUSE_MS;
    }
  };

  const poller = startPoller(pass);
  return {
    get rendered() {
      return rendered;
    },
    stop: () => {
      stopping = true;
      return poller.stop();
    },
  };
}
