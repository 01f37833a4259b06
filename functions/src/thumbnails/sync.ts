import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContentFirstPage, ContentThumbnail } from '#shared/contracts/content';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { deleteObject, listObjectKeys, putObject, readObjectHead } from '../adapters/file-objects.ts';
import { catalogRevisionUpdate } from '../data/catalog.ts';
import { getContentById, transact } from '../data/content.ts';
import { tableName } from '../data/dynamo.ts';
import { getFile } from '../data/files.ts';
import type { ContentItem } from '../data/items.ts';
import { contentKey, firstPageObjectKey, thumbnailObjectKey, thumbnailObjectPrefix } from '../data/keys.ts';
import { publicObjectUrl, wantedFirstPages, wantedThumbnail } from '../domain/thumbnails.ts';
import { env } from '../lib/env.ts';
import { ConflictError } from '../lib/errors.ts';
import { renderPdfFirstPage, renderPdfThumbnail, THUMBNAIL_MAX_PDF_BYTES } from './render.ts';

/**
 * Brings one content item's thumbnail in line with its files (issue 24 item 2,
 * decision record 060): run by the thumbnail Lambda on the table stream's content
 * records, and locally by `infra/local/thumbnails.ts`.
 */

/** Cache life of a thumbnail object: its key names the file, whose bytes never change. */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Item attribute (outside the contract) naming the file a thumbnail was last attempted from, or null for none. */
const SOURCE_ATTRIBUTE = 'thumbnailSource';
/**
 * Item attribute (outside the contract) naming the files first pages were last
 * attempted from (decision record 059): their ids joined by commas, '' for none.
 */
const FIRST_PAGES_SOURCE_ATTRIBUTE = 'firstPagesSource';

/** What {@link syncThumbnail} did. */
export type ThumbnailSyncOutcome = 'unchanged' | 'rendered' | 'recorded' | 'removed' | 'failed' | 'swept' | 'stale';

/** A stored item with the renderer's own attributes. */
type ItemWithSource = ContentItem & { readonly thumbnailSource?: string | null; readonly firstPagesSource?: string };

function sameThumbnail(a: ContentThumbnail | null | undefined, b: ContentThumbnail | null | undefined): boolean {
  return (a?.url ?? null) === (b?.url ?? null) && (a?.alt ?? null) === (b?.alt ?? null);
}

/** Whether every recorded first page is one of the wanted ones, as wanted (a failed render records none). */
function firstPagesAgree(recorded: readonly ContentFirstPage[], wanted: readonly ContentFirstPage[]): boolean {
  return recorded.every((page) =>
    wanted.some((one) => one.fileId === page.fileId && one.url === page.url && one.alt === page.alt),
  );
}

/**
 * Syncs the thumbnail of content `contentId`:
 * - the item is gone: deletes every object under `thumbnails/<id>/` (`swept`);
 * - its wanted source (first PDF of a published, openly licensed item) is the one last
 *   attempted and the recorded thumbnail agrees: nothing, no S3 call (`unchanged`);
 * - otherwise deletes the item's other thumbnail objects, renders the first page of
 *   the source PDF unless its object exists, puts it in the public bucket, and records
 *   `thumbnail` and `thumbnailSource` on the item (conditional on its version; the
 *   catalog revision is bumped in the same transaction when `thumbnail` changed, so
 *   search shows it). Recording does not change the source, so the stream record it
 *   causes ends `unchanged`: no loop. A PDF that does not render records no thumbnail
 *   (`failed`) and is not tried again until the item's source changes.
 * The same pass keeps the item's readable first pages (issue 24 item 1, decision record
 * 059): one PNG 1,200 px wide per PDF (`wantedFirstPages`: published, licence allowing
 * redistribution) beside the thumbnail, recorded as `firstPages` with their source
 * files (`firstPagesSource`), rendered only when their object is missing.
 * A save that raced the render (version moved) leaves the record to the next sync (`stale`).
 * @throws S3 and DynamoDB errors (the stream retries the batch); never a render error.
 */
export async function syncThumbnail(contentId: string): Promise<ThumbnailSyncOutcome> {
  return syncItemThumbnail(contentId, await getContentById(contentId));
}

/**
 * {@link syncThumbnail} of an item already read (`null`: the item is gone), as the
 * local renderer does for each item of the catalog listing: the `unchanged` case then
 * costs no request at all.
 */
export async function syncItemThumbnail(contentId: string, stored: ContentItem | null): Promise<ThumbnailSyncOutcome> {
  const { publicBucket, privateBucket } = env();
  const item = stored as ItemWithSource | null;
  const prefix = thumbnailObjectPrefix(contentId);
  if (!item) {
    for (const key of await listObjectKeys(publicBucket, prefix)) await deleteObject(publicBucket, key);
    return 'swept';
  }
  const wanted = wantedThumbnail(item, (fileId) => publicObjectUrl(thumbnailObjectKey(contentId, fileId)));
  const wantedSource = wanted?.fileId ?? null;
  const recorded = item.thumbnail ?? null;
  const attempted = item.thumbnailSource === undefined ? (recorded ? undefined : null) : item.thumbnailSource;
  const wantedPages = wantedFirstPages(item, (fileId) => publicObjectUrl(firstPageObjectKey(contentId, fileId)));
  const wantedPagesSource = wantedPages.map((page) => page.fileId).join(',');
  const recordedPages = item.firstPages ?? [];
  const attemptedPages = item.firstPagesSource ?? (recordedPages.length > 0 ? undefined : '');
  if (
    attempted === wantedSource &&
    (recorded === null || sameThumbnail(recorded, wanted?.thumbnail)) &&
    attemptedPages === wantedPagesSource &&
    firstPagesAgree(recordedPages, wantedPages)
  )
    return 'unchanged';

  const wantedKey = wanted ? thumbnailObjectKey(contentId, wanted.fileId) : null;
  const pageKeys = new Map(wantedPages.map((page) => [page.fileId, firstPageObjectKey(contentId, page.fileId)]));
  const keep = new Set([wantedKey, ...pageKeys.values()]);
  const existing = await listObjectKeys(publicBucket, prefix);
  for (const key of existing) if (!keep.has(key)) await deleteObject(publicBucket, key);

  // Each source PDF is read once, whichever images it gives.
  const pdfs = new Map<string, Promise<Uint8Array | null>>();
  const pdfOf = (fileId: string) => {
    let bytes = pdfs.get(fileId);
    if (!bytes) {
      bytes = readPdf(fileId, privateBucket, publicBucket);
      pdfs.set(fileId, bytes);
    }
    return bytes;
  };

  let thumbnail: ContentThumbnail | null = null;
  let outcome: ThumbnailSyncOutcome = wanted || wantedPages.length > 0 ? 'recorded' : 'removed';
  let rendered = false;
  if (wanted && wantedKey) {
    if (existing.includes(wantedKey)) {
      thumbnail = wanted.thumbnail;
    } else {
      const bytes = await pdfOf(wanted.fileId);
      const png = bytes ? ((await renderPdfThumbnail(bytes))?.png ?? null) : null;
      if (png) {
        await putObject(publicBucket, wantedKey, png, 'image/png', THUMBNAIL_CACHE_CONTROL);
        thumbnail = wanted.thumbnail;
        rendered = true;
      } else {
        outcome = 'failed';
      }
    }
  }
  const firstPages: ContentFirstPage[] = [];
  for (const page of wantedPages) {
    const key = pageKeys.get(page.fileId) ?? '';
    if (existing.includes(key)) {
      firstPages.push(page);
      continue;
    }
    const bytes = await pdfOf(page.fileId);
    const png = bytes ? ((await renderPdfFirstPage(bytes))?.png ?? null) : null;
    if (png) {
      await putObject(publicBucket, key, png, 'image/png', THUMBNAIL_CACHE_CONTROL);
      firstPages.push(page);
      rendered = true;
    }
  }
  if (rendered && outcome !== 'failed') outcome = 'rendered';
  const recordedOk = await recordThumbnail(
    item,
    { thumbnail, source: wantedSource, firstPages, firstPagesSource: wantedPagesSource },
    !sameThumbnail(recorded, thumbnail),
  );
  return recordedOk ? outcome : 'stale';
}

/** The bytes of PDF file `fileId`, or null when the file is missing or too large to render. */
async function readPdf(fileId: string, privateBucket: string, publicBucket: string): Promise<Uint8Array | null> {
  const file = await getFile(fileId);
  if (!file || file.size > THUMBNAIL_MAX_PDF_BYTES) return null;
  const bucket = file.visibility === 'public' ? publicBucket : privateBucket;
  const bytes = await readObjectHead(bucket, file.objectKey, THUMBNAIL_MAX_PDF_BYTES + 1);
  return bytes.byteLength > THUMBNAIL_MAX_PDF_BYTES ? null : bytes;
}

/**
 * Records `thumbnail`, `thumbnailSource`, `firstPages` and `firstPagesSource` on the item at the version read (the item's
 * `version` and `modifiedTimestamp` stay: this is not an edit). With `bumpCatalog`, in
 * ONE transaction with the catalog revision. Answers false when the item changed meanwhile.
 */
async function recordThumbnail(
  item: ContentItem,
  record: {
    readonly thumbnail: ContentThumbnail | null;
    readonly source: string | null;
    readonly firstPages: readonly ContentFirstPage[];
    readonly firstPagesSource: string;
  },
  bumpCatalog: boolean,
): Promise<boolean> {
  const update = {
    TableName: tableName(),
    Key: contentKey(item.id),
    UpdateExpression:
      'SET #thumbnail = :thumbnail, #source = :source, #firstPages = :firstPages, #firstPagesSource = :firstPagesSource',
    ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
    ExpressionAttributeNames: {
      '#thumbnail': 'thumbnail',
      '#source': SOURCE_ATTRIBUTE,
      '#firstPages': 'firstPages',
      '#firstPagesSource': FIRST_PAGES_SOURCE_ATTRIBUTE,
      '#pk': TABLE.partitionKey,
      '#version': TABLE.versionAttribute,
    },
    ExpressionAttributeValues: {
      ':thumbnail': record.thumbnail,
      ':source': record.source,
      ':firstPages': record.firstPages,
      ':firstPagesSource': record.firstPagesSource,
      ':version': item.version,
    },
  };
  try {
    if (bumpCatalog) {
      await transact([{ item: { Update: update }, conflict: 'stale' }, { item: catalogRevisionUpdate() }]);
    } else {
      await dynamoDocumentClient.send(new UpdateCommand(update));
    }
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
