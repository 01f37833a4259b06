import { setTimeout as sleep } from 'node:timers/promises';
import { catalogContentPages, getCatalogRevisionState } from '../data/catalog.ts';
import { contentDownloadTotals } from '../data/downloads.ts';
import { listRatingTotals } from '../data/reviews.ts';
import { optionalVariable } from '../lib/env.ts';
import { toCatalogDocument } from './catalog-document.ts';
import { buildCatalogIndex, serializeCatalogIndex } from './in-memory-index.ts';
import type { CatalogDocument } from './port.ts';
import { CATALOG_SETTLE_ENV } from './settings.ts';
import { CatalogSnapshotConflictError, headCatalogSnapshot, putCatalogSnapshot } from './snapshot-store.ts';

/** What one {@link syncCatalogSnapshot} did. */
export interface CatalogSyncResult {
  /** True when a new snapshot was written; false when the stored one was already current. */
  readonly rebuilt: boolean;
  /** The catalog revision the stored snapshot now reflects. */
  readonly revision: number;
  /** Content items in that snapshot (0 when an old snapshot does not record it). */
  readonly documents: number;
  /** Size of the snapshot in bytes (gzip). */
  readonly bytes: number;
  /** Wall time of the call, in milliseconds (waiting for an earlier call included). */
  readonly ms: number;
}

/**
 * The indexer waits {@link CATALOG_SETTLE_ENV} milliseconds after the last revision
 * change before it lists content: gsi3 is eventually consistent, so a write committed
 * a moment earlier could be missing from the listing. 0 (the default) locally, where
 * the emulator's indexes are immediate; the CDK stack sets it on AWS.
 */
export { CATALOG_SETTLE_ENV } from './settings.ts';

/** {@link CATALOG_SETTLE_ENV} as a whole number of milliseconds ≥ 0 (0 when unset or invalid). */
export function catalogSettleMs(): number {
  const raw = optionalVariable(CATALOG_SETTLE_ENV)?.trim() ?? '';
  return /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}

/** Rounds of "read, build, conditional write" before giving up on a busy catalog. */
const MAX_ATTEMPTS = 3;

// One sync at a time per process: the local indexer and a search that found no
// snapshot may ask at once, and the second then finds the first's snapshot current.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Brings the catalog snapshot up to the catalog revision (decision record 014, "The
 * index and its lifecycle"): reads the revision R (consistent GetItem) and the stored
 * snapshot's metadata (HeadObject); when a snapshot exists with revision ≥ R it does
 * nothing; otherwise it lists every content item (gsi3, every status), condenses each
 * with `toCatalogDocument` with its all-time downloads (`contentDownloadTotals`,
 * decision record 052) and its rating totals (`listRatingTotals`, decision record 070), builds the index labelled `{ revision: R, builtAt: now }`,
 * serialises it (gzip) and writes it to `search/catalog.snapshot.gz` of the private
 * bucket, conditional on the snapshot it read, so a slower concurrent builder never
 * replaces a newer snapshot (it re-reads and usually finds itself done). Calls within
 * one process run one after the other.
 *
 * Run by the indexer Lambda on the revision item's stream records, by the seed import,
 * by the local portal's indexer, and by the search function when no snapshot exists.
 * @throws the data layer's or S3's error; CatalogSnapshotConflictError when other
 *   writers won the race three times running.
 */
export function syncCatalogSnapshot(): Promise<CatalogSyncResult> {
  const started = Date.now();
  const run = queue.then(() => syncOnce(started));
  queue = run.catch(() => undefined);
  return run;
}

async function syncOnce(started: number): Promise<CatalogSyncResult> {
  for (let attempt = 1; ; attempt += 1) {
    const { revision, changedAt } = await getCatalogRevisionState();
    const current = await headCatalogSnapshot();
    if (current && current.revision >= revision) {
      return {
        rebuilt: false,
        revision: current.revision,
        documents: current.documents ?? 0,
        bytes: current.bytes,
        ms: Date.now() - started,
      };
    }

    const settleMs = catalogSettleMs();
    if (settleMs > 0 && changedAt !== null) {
      const wait = Date.parse(changedAt) + settleMs - Date.now();
      if (wait > 0) await sleep(Math.min(wait, settleMs));
    }
    const documents: CatalogDocument[] = [];
    const [downloads, ratings] = await Promise.all([contentDownloadTotals(), listRatingTotals()]);
    for await (const page of catalogContentPages()) {
      for (const item of page) {
        const ratingTotals = ratings.get(item.id);
        documents.push({
          ...toCatalogDocument(item),
          downloads: downloads.get(item.id) ?? 0,
          ...(ratingTotals ? { ratingTotals } : {}),
        });
      }
    }
    const index = buildCatalogIndex(documents, { revision, builtAt: new Date().toISOString() });
    const bytes = await serializeCatalogIndex(index);
    try {
      await putCatalogSnapshot(bytes, index.version, { documents: documents.length, replaces: current });
    } catch (error) {
      if (error instanceof CatalogSnapshotConflictError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    return { rebuilt: true, revision, documents: documents.length, bytes: bytes.byteLength, ms: Date.now() - started };
  }
}
