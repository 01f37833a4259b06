import { loadCatalogIndex } from './in-memory-index.ts';
import { syncCatalogSnapshot } from './indexer.ts';
import type { CatalogIndex, CoursewareSearch, SearchQuery, SearchResult } from './port.ts';
import { SEARCH_CATALOG_CHECK_ENV } from './settings.ts';

export { SEARCH_CATALOG_CHECK_ENV } from './settings.ts';

import { optionalVariable } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';
import { type CatalogSnapshotRead, getCatalogSnapshot } from './snapshot-store.ts';

/**
 * The search function's side of the catalog snapshot (decision record 014): one
 * loaded index per Lambda container (module state), kept fresh by a cheap check
 * (a HeadObject) at most every `SEARCH_CATALOG_CHECK_MS`.
 */

/** Freshness check interval when {@link SEARCH_CATALOG_CHECK_ENV} is not set. */
export const DEFAULT_CATALOG_CHECK_MS = 1000;

interface LoadedCatalog {
  readonly index: CatalogIndex;
  readonly etag: string;
}

let loaded: LoadedCatalog | undefined;
/** `Date.now()` when the last freshness check started; a failed check counts too (no hammering). */
let checkedAt = Number.NEGATIVE_INFINITY;
let refreshing: Promise<void> | undefined;
let checkIntervalMs: number | undefined;
/** Bumped by the reset, so a refresh that started before it cannot write its result after it. */
let generation = 0;

/**
 * `SEARCH_CATALOG_CHECK_MS`, read once: a whole number of milliseconds ≥ 0, default 1000.
 * @throws Error naming the variable when it is set to anything else.
 */
export function catalogCheckIntervalMs(): number {
  if (checkIntervalMs !== undefined) return checkIntervalMs;
  const raw = optionalVariable(SEARCH_CATALOG_CHECK_ENV);
  if (raw === undefined || raw === '') {
    checkIntervalMs = DEFAULT_CATALOG_CHECK_MS;
  } else if (/^\d{1,9}$/.test(raw.trim())) {
    checkIntervalMs = Number(raw.trim());
  } else {
    throw new Error(`${SEARCH_CATALOG_CHECK_ENV} must be a whole number of milliseconds (0 or more); got "${raw}".`);
  }
  return checkIntervalMs;
}

function log(level: 'info' | 'error', message: string, fields: Record<string, unknown>): void {
  if (level === 'info') logger.info(message, fields);
  else logger.error(message, fields);
}

async function readSnapshot(etag: string | undefined): Promise<CatalogSnapshotRead> {
  const read = await getCatalogSnapshot(etag === undefined ? {} : { ifNoneMatch: etag });
  if (read.status !== 'missing') return read;
  // A fresh deployment or data folder: build it here, as the indexer would, and read it back.
  const sync = await syncCatalogSnapshot();
  log('info', 'search catalog snapshot built on demand', { ...sync });
  const again = await getCatalogSnapshot(etag === undefined ? {} : { ifNoneMatch: etag });
  if (again.status === 'missing') throw new Error('The search catalog snapshot is still missing after a rebuild.');
  return again;
}

async function refresh(): Promise<void> {
  const mine = generation;
  const started = Date.now();
  try {
    const read = await readSnapshot(loaded?.etag);
    if (read.status !== 'loaded') return;
    const index = await loadCatalogIndex(read.bytes);
    if (mine !== generation) return;
    loaded = { index, etag: read.etag };
    log('info', 'search catalog loaded', {
      revision: index.version.revision,
      builtAt: index.version.builtAt,
      documents: index.size,
      bytes: read.bytes.byteLength,
      ms: Date.now() - started,
    });
  } catch (error) {
    // Logged here, once, however many requests were waiting for this check.
    if (loaded && mine === generation) {
      log('error', 'search catalog check failed; answering from the loaded snapshot', {
        revision: loaded.index.version.revision,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
    throw error;
  } finally {
    if (mine === generation) checkedAt = started;
  }
}

/**
 * The index to answer from: the loaded one while its last check is younger than the
 * interval; otherwise after a check, which all concurrent requests share. When a
 * check or reload fails but an older index is loaded, that index answers (and the
 * failure is logged).
 * @throws the check's error when no index has been loaded yet.
 */
async function currentIndex(): Promise<CatalogIndex> {
  const interval = catalogCheckIntervalMs();
  if (loaded && Date.now() - checkedAt < interval) return loaded.index;
  if (!refreshing) {
    const run = refresh().finally(() => {
      if (refreshing === run) refreshing = undefined;
    });
    refreshing = run;
  }
  try {
    await refreshing;
  } catch (error) {
    if (!loaded) throw error;
  }
  if (!loaded) throw new Error('No search catalog is loaded.');
  return loaded.index;
}

/**
 * {@link CoursewareSearch} over the catalog snapshot of the private bucket (spec §2.5,
 * §7 "Search content"; decision record 014). Each container keeps one loaded index;
 * a search first makes sure it is fresh (at most every `SEARCH_CATALOG_CHECK_MS`, see
 * {@link catalogCheckIntervalMs}), loading a changed snapshot with `loadCatalogIndex`,
 * or building a missing one in-process with `syncCatalogSnapshot`, then answers from
 * memory.
 * @throws the S3, DynamoDB or load error when no index could ever be loaded (a 500).
 */
export const snapshotSearch: CoursewareSearch = {
  async search(query: SearchQuery): Promise<SearchResult> {
    const index = await currentIndex();
    return index.search(query);
  },
};

/**
 * The loaded catalog index, made fresh exactly as {@link snapshotSearch} does before a
 * search: for the other questions answered from the same index (related courseware,
 * issue 24 item 5).
 * @throws the S3, DynamoDB or load error when no index could ever be loaded (a 500).
 */
export function currentCatalogIndex(): Promise<CatalogIndex> {
  return currentIndex();
}

/**
 * Forgets the loaded index, the check time and the configured interval, so the next
 * search reads the environment and the snapshot again: for tests, and for the local
 * portal when it restarts with another data folder.
 */
export function resetSnapshotSearch(): void {
  generation += 1;
  loaded = undefined;
  checkedAt = Number.NEGATIVE_INFINITY;
  refreshing = undefined;
  checkIntervalMs = undefined;
}
