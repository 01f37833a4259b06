import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContentThumbnail } from '#shared/contracts/content';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { deleteObject, listObjectKeys, putObject, readObjectHead } from '../adapters/file-objects.ts';
import { catalogRevisionUpdate } from '../data/catalog.ts';
import { getContentById, transact } from '../data/content.ts';
import { tableName } from '../data/dynamo.ts';
import { getFile } from '../data/files.ts';
import type { ContentItem } from '../data/items.ts';
import { contentKey, thumbnailObjectKey, thumbnailObjectPrefix } from '../data/keys.ts';
import { publicObjectUrl, wantedThumbnail } from '../domain/thumbnails.ts';
import { env } from '../lib/env.ts';
import { ConflictError } from '../lib/errors.ts';
import { renderPdfThumbnail, THUMBNAIL_MAX_PDF_BYTES } from './render.ts';

/**
 * Brings one content item's thumbnail in line with its files (issue 24 item 2,
 * decision record 060): run by the thumbnail Lambda on the table stream's content
 * records, and locally by `infra/local/thumbnails.ts`.
 */

/** Cache life of a thumbnail object: its key names the file, whose bytes never change. */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Item attribute (outside the contract) naming the file a thumbnail was last attempted from, or null for none. */
const SOURCE_ATTRIBUTE = 'thumbnailSource';

/** What {@link syncThumbnail} did. */
export type ThumbnailSyncOutcome = 'unchanged' | 'rendered' | 'recorded' | 'removed' | 'failed' | 'swept' | 'stale';

/** A stored item with the renderer's own attribute. */
type ItemWithSource = ContentItem & { readonly thumbnailSource?: string | null };

function sameThumbnail(a: ContentThumbnail | null | undefined, b: ContentThumbnail | null | undefined): boolean {
  return (a?.url ?? null) === (b?.url ?? null) && (a?.alt ?? null) === (b?.alt ?? null);
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
  if (attempted === wantedSource && (recorded === null || sameThumbnail(recorded, wanted?.thumbnail)))
    return 'unchanged';

  const wantedKey = wanted ? thumbnailObjectKey(contentId, wanted.fileId) : null;
  const existing = await listObjectKeys(publicBucket, prefix);
  for (const key of existing) if (key !== wantedKey) await deleteObject(publicBucket, key);

  let thumbnail: ContentThumbnail | null = null;
  let outcome: ThumbnailSyncOutcome = wanted ? 'recorded' : 'removed';
  if (wanted && wantedKey) {
    if (existing.includes(wantedKey)) {
      thumbnail = wanted.thumbnail;
    } else {
      const rendered = await renderFile(wanted.fileId, privateBucket, publicBucket);
      if (rendered) {
        await putObject(publicBucket, wantedKey, rendered, 'image/png', THUMBNAIL_CACHE_CONTROL);
        thumbnail = wanted.thumbnail;
        outcome = 'rendered';
      } else {
        outcome = 'failed';
      }
    }
  }
  const recordedOk = await recordThumbnail(item, thumbnail, wantedSource, !sameThumbnail(recorded, thumbnail));
  return recordedOk ? outcome : 'stale';
}

/** The PNG of file `fileId`'s first page, or null when the file is missing, too large or not a readable PDF. */
async function renderFile(fileId: string, privateBucket: string, publicBucket: string): Promise<Uint8Array | null> {
  const file = await getFile(fileId);
  if (!file || file.size > THUMBNAIL_MAX_PDF_BYTES) return null;
  const bucket = file.visibility === 'public' ? publicBucket : privateBucket;
  const bytes = await readObjectHead(bucket, file.objectKey, THUMBNAIL_MAX_PDF_BYTES + 1);
  if (bytes.byteLength > THUMBNAIL_MAX_PDF_BYTES) return null;
  return (await renderPdfThumbnail(bytes))?.png ?? null;
}

/**
 * Records `thumbnail` and `thumbnailSource` on the item at the version read (the item's
 * `version` and `modifiedTimestamp` stay: this is not an edit). With `bumpCatalog`, in
 * ONE transaction with the catalog revision. Answers false when the item changed meanwhile.
 */
async function recordThumbnail(
  item: ContentItem,
  thumbnail: ContentThumbnail | null,
  source: string | null,
  bumpCatalog: boolean,
): Promise<boolean> {
  const update = {
    TableName: tableName(),
    Key: contentKey(item.id),
    UpdateExpression: 'SET #thumbnail = :thumbnail, #source = :source',
    ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
    ExpressionAttributeNames: {
      '#thumbnail': 'thumbnail',
      '#source': SOURCE_ATTRIBUTE,
      '#pk': TABLE.partitionKey,
      '#version': TABLE.versionAttribute,
    },
    ExpressionAttributeValues: { ':thumbnail': thumbnail, ':source': source, ':version': item.version },
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
