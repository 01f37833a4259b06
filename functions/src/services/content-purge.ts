import { listContentPurges, purgeContentRemains, removeContentPurgeMarker } from '../data/content-purge.ts';
import { discardFiles, getFilesByIds } from '../data/files.ts';
import { errorField, logger } from '../lib/logger.ts';
import { bucketOf } from './file-rules.ts';

/** Purges run by one housekeeping call at most; the next run takes the rest. */
export const CONTENT_PURGE_BATCH = 50;

/**
 * Purges what deleted content items left behind (issue 25 item 3; decision record
 * 065): for each id, its draft, revisions, downloader records, update notices and
 * publishing schedule (`purgeContentRemains`), and the draft's new uploads — the
 * unattached uploads of the draft's last writer that it names (`discardFiles` takes
 * only files still carrying a TTL, so a file attached elsewhere is never touched;
 * another editor's upload expires by its own TTL) — then the purge marker. Best
 * effort and idempotent: a failure is logged and leaves the marker, so the
 * housekeeping run ({@link purgeDeletedContentRemains}) does it again. Returns how
 * many purges finished; never throws.
 */
export async function purgeContent(ids: readonly string[], now: Date = new Date()): Promise<number> {
  let finished = 0;
  for (const id of ids) {
    try {
      const purge = await purgeContentRemains(id);
      if (purge.draftUploads.length > 0 && purge.draftWriter) {
        const files = await getFilesByIds(purge.draftUploads);
        const uploads = files.filter(
          (file) => file.createdBy === purge.draftWriter && file.expiresAt !== undefined && file.bundle === undefined,
        );
        await discardFiles(uploads, bucketOf, now);
      }
      await removeContentPurgeMarker(id);
      finished += 1;
    } catch (error) {
      logger.warn('content purge left to housekeeping', { contentId: id, error: errorField(error) });
    }
  }
  return finished;
}

/** What a housekeeping purge run did: markers found, purges finished. */
export interface ContentPurgeRunResult {
  readonly pending: number;
  readonly purged: number;
}

/**
 * The housekeeping side of {@link purgeContent}: ONE Query of the purge markers
 * (oldest first, at most {@link CONTENT_PURGE_BATCH}) and a purge of each. Run by the
 * scheduled publisher's Lambda every minute and by the local housekeeping loop.
 * Throws only when the markers cannot be read.
 */
export async function purgeDeletedContentRemains(now: Date = new Date()): Promise<ContentPurgeRunResult> {
  const ids = await listContentPurges(CONTENT_PURGE_BATCH);
  if (ids.length === 0) return { pending: 0, purged: 0 };
  return { pending: ids.length, purged: await purgeContent(ids, now) };
}
