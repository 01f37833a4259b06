import { categoryBundleTitle } from '#shared/contracts/download';
import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { PUBLIC_FILES_PATH, publicFileUrl } from '#shared/public-files';
import { presignDownload } from '../../adapters/file-objects.ts';
import { withCurrentBusinessUnit } from '../../data/business-units.ts';
import { getContentById } from '../../data/content.ts';
import { type DownloadEvent, recordDownload } from '../../data/downloads.ts';
import { batchGetItems } from '../../data/dynamo.ts';
import { getFile } from '../../data/files.ts';
import type { ContentItem, FileItem, LessonItem } from '../../data/items.ts';
import { contentKey, ENTITY_TYPES, LESSON_ENTITY_TYPE, lessonKey } from '../../data/keys.ts';
import { recordContentDownloaders } from '../../data/update-notices.ts';
import { getUsersByIds } from '../../data/users.ts';
import { type DownloadKind, downloadName, downloadRefusal, mayDownload } from '../../domain/download-rights.ts';
import { isEligibleForBrand } from '../../domain/entitlement.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { deploymentBrand } from '../../lib/deployment.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Caller } from '../../lib/handler.ts';
import { bucketOf } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';
import { type DownloadSource, downloadEventOf } from './download-event.ts';

/** Seconds a download URL stays valid (decision record 022: 2 minutes). */
export const DOWNLOAD_URL_SECONDS = 120;
/** 409 of a download of a bundle that is still being zipped. */
export const BUNDLE_NOT_READY_MESSAGE = 'The bundle is not ready yet.';
/** 409 of a download of a bundle whose workflow failed without a reason. */
export const BUNDLE_FAILED_MESSAGE = 'The bundle could not be made. Request it again.';

/**
 * `GET /api/v1/files/{id}/download-url` (spec §7 "Get a download URL by id", §6 file
 * rights, §1 brand eligibility; decision record 022).
 *
 * - A public file (a portrait, an image) answers its public address, which does not
 *   expire (`expiresAt` is then only the usual 2 minutes); nothing is recorded.
 * - A bundle: only its requester may download it (anyone else: 404), once Ready (else 409);
 *   a Thin Common Cartridge (`bundle.format` `imscc-thin`, issue 27 item 6) needs no file rights.
 * - A courseware file (owner a content item) needs `viewFiles`; a lesson artifact
 *   (owner a lesson) `viewLessonFiles`. The content item (a lesson's: its content)
 *   must exist and be visible to the caller, the file attached (no TTL) and Ready,
 *   else 404 "File does not exist."; without the right, 403 with the reason of
 *   `DOWNLOAD_REFUSALS`.
 *
 * Then the download event and its counters are recorded (one transaction), and who
 * downloaded which content item (the file's item, a lesson artifact's item, every item
 * whose files a bundle holds; issue 25 item 5, decision record 066), THEN a
 * presigned GET valid {@link DOWNLOAD_URL_SECONDS} s is answered, whose response
 * carries `Content-Disposition: attachment` with the saved name (the display name
 * with the original extension) and the file's media type.
 */
export const getDownloadUrl = defineRoute('getDownloadUrl', async ({ path, caller }) => {
  if (!caller) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const file = await getFile(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString();

  if (file.visibility === 'public') {
    if (file.status !== 'Ready') throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
    return {
      id: file.id,
      name: downloadName(file.name, file.filename),
      publicUrl: publicFileUrl(PUBLIC_FILES_PATH, file.id),
      expiresAt,
    };
  }

  const { name, event } = await authorizePrivateFile(file, caller, now);
  await recordDownload(event);
  // Who downloaded what, for update notices (issue 25 item 5): written before the URL is answered.
  await recordContentDownloaders(caller.sub, downloadedContentIds(file, event), event.timestamp);
  const publicUrl = await presignDownload({
    bucket: bucketOf(file.visibility),
    key: file.objectKey,
    fileName: name,
    contentType: file.type,
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
  });
  return { id: file.id, name, publicUrl, expiresAt };
});

/**
 * The content items a download of `file` counts for (update notices, issue 25 item 5):
 * a bundle's items with files in it, else the item the file was downloaded from.
 */
export function downloadedContentIds(file: FileItem, event: DownloadEvent): readonly string[] {
  if (file.bundle) return file.bundle.contentIds ?? [];
  return event.downloadedFrom.id ? [event.downloadedFrom.id] : [];
}

/**
 * The file rights of {@link getDownloadUrl} for a private `file` (a bundle or an
 * uploaded file), shared with the preview URL (issue 24 item 1): answers the name it
 * is saved as and the event to record, recording nothing.
 * @throws NotFoundError, ConflictError (a bundle not Ready), ForbiddenError with the
 *   reason of `DOWNLOAD_REFUSALS`, as {@link getDownloadUrl} documents.
 */
export async function authorizePrivateFile(
  file: FileItem,
  caller: NonNullable<Caller>,
  now: Date,
): Promise<{ readonly name: string; readonly event: DownloadEvent }> {
  const { kind, source } = file.bundle ? await bundleSource(file, caller) : await ownedSource(file, caller);
  const user = await currentUser(caller);
  const brand = deploymentBrand();
  // A Thin Common Cartridge holds links and metadata only, no file: no file rights (issue 27 item 6).
  const thin = file.bundle?.format === 'imscc-thin';
  if (!thin && !mayDownloadAs(caller, kind, user)) throw new ForbiddenError(downloadRefusal(kind, user, brand));
  const name = file.bundle ? file.name : downloadName(file.name, file.filename);
  const event = await downloadEventOf({ caller, user: user ?? null, fileId: file.id, fileName: name, source, now });
  return { name, event };
}

/** The caller's user record with its business unit as stored now (decision record 030), or null when gone. */
async function currentUser(caller: NonNullable<Caller>) {
  const [record] = await getUsersByIds([caller.sub]);
  return record ? (await withCurrentBusinessUnit({ user: record })).user : null;
}

/** The right of `kind` and eligibility as stored now (the unit's eligibleBrands), not only as signed in. */
function mayDownloadAs(caller: NonNullable<Caller>, kind: DownloadKind, user: Awaited<ReturnType<typeof currentUser>>) {
  return mayDownload(caller.principal, kind) && user !== null && isEligibleForBrand(user, deploymentBrand());
}

/**
 * True when `caller` may download the uploaded (not bundle) private `file` now: the
 * checks of {@link getDownloadUrl} — attached, Ready, its content visible to the
 * caller, the right of its kind, eligible on this brand — without recording anything.
 * `getFile` answers a file's name and status only to such a caller (issue 21 item 8).
 */
export async function mayDownloadFile(file: FileItem, caller: NonNullable<Caller>): Promise<boolean> {
  try {
    const { kind } = await ownedSource(file, caller);
    return mayDownload(caller.principal, kind) && mayDownloadAs(caller, kind, await currentUser(caller));
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

interface Owned {
  readonly kind: DownloadKind;
  readonly source: DownloadSource;
}

/** A bundle's source: its content item (visible to the caller) or its category; only its requester, once Ready. */
async function bundleSource(file: FileItem, caller: NonNullable<Caller>): Promise<Owned> {
  const bundle = file.bundle;
  if (!bundle || file.createdBy !== caller.sub) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  if (file.status === 'Pending') throw new ConflictError(BUNDLE_NOT_READY_MESSAGE);
  if (file.status !== 'Ready' || !file.objectKey) throw new ConflictError(bundle.reason ?? BUNDLE_FAILED_MESSAGE);
  if ('category' in bundle.scope) {
    return { kind: 'courseware', source: { kind: 'category', title: categoryBundleTitle(bundle.scope.category) } };
  }
  if ('collectionId' in bundle.scope) {
    // A collection's zip (issue 26 item 2) is recorded like a category's: no single content item.
    return { kind: 'courseware', source: { kind: 'category', title: bundle.scope.title } };
  }
  const content = await getContentById(bundle.scope.contentId);
  return { kind: 'courseware', source: { kind: 'content', content: visibleContent(content, caller) } };
}

/**
 * The owner of an uploaded file: a content item (courseware file) or a lesson
 * (artifact; its content item is the source), read with one BatchGetItem; the file
 * must be attached (no TTL) and Ready.
 */
async function ownedSource(file: FileItem, caller: NonNullable<Caller>): Promise<Owned> {
  if (file.status !== 'Ready' || file.expiresAt !== undefined) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const ownerId = file.metadata.id;
  const owners = await batchGetItems<ContentItem | LessonItem>([contentKey(ownerId), lessonKey(ownerId)]);
  const content = owners.find((item): item is ContentItem => item.entityType === ENTITY_TYPES.content);
  if (content) return { kind: 'courseware', source: { kind: 'content', content: visibleContent(content, caller) } };
  const lesson = owners.find((item): item is LessonItem => item.entityType === LESSON_ENTITY_TYPE);
  if (!lesson) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const lessonContent = await getContentById(lesson.contentId);
  return { kind: 'lesson', source: { kind: 'content', content: visibleContent(lessonContent, caller) } };
}

/** The content item when the caller may see it (decision record 008), else 404 "File does not exist.". */
function visibleContent(content: ContentItem | null, caller: NonNullable<Caller>): ContentItem {
  if (!content || !visibleInDetail(content.status, caller.principal)) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  return content;
}
