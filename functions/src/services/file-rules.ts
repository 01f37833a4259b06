import { can, type Principal } from '#shared/capabilities';
import type { File, FileMediaType, UploadKind } from '#shared/contracts/file';
import { UPLOAD_KINDS } from '#shared/contracts/file';
import type { FileVisibility } from '#shared/enums';
import { PUBLIC_FILES_PATH, publicFileUrl } from '#shared/public-files';
import type { FileItem } from '../data/items.ts';
import { env } from '../lib/env.ts';

/** The bucket of a file's visibility. */
export function bucketOf(visibility: FileVisibility): string {
  return visibility === 'public' ? env().publicBucket : env().privateBucket;
}

/**
 * Where an upload's bytes wait until `completeUpload` has checked them: the private
 * bucket, for every kind (decision record 031). A public kind's object is copied to
 * the public bucket only once it passed, so the public bucket — everything
 * `/public/*` serves — holds nothing unchecked, on AWS as locally.
 */
export function stagingBucket(): string {
  return env().privateBucket;
}

/** The bucket a file's object is in now: a Ready file's in its visibility's bucket, any other in {@link stagingBucket}. */
export function objectBucketOf(file: Pick<FileItem, 'status' | 'visibility'>): string {
  return file.status === 'Ready' ? bucketOf(file.visibility) : stagingBucket();
}

/**
 * The upload kind a record was created as: its stored `uploadKind`, or for a record
 * made before that was stored, read back from its visibility and owner type (the
 * kinds before issue 9 each had their own pair), or null for a file that matches none.
 */
export function uploadKindOf(file: Pick<FileItem, 'visibility' | 'metadata' | 'uploadKind'>): UploadKind | null {
  if (file.uploadKind !== undefined) return file.uploadKind;
  for (const [kind, rule] of Object.entries(UPLOAD_KINDS)) {
    if (rule.visibility === file.visibility && rule.ownerType === file.metadata.type) return kind as UploadKind;
  }
  return null;
}

/** The media types a record's kind accepts. */
export function acceptedTypesOf(kind: UploadKind): readonly FileMediaType[] {
  return UPLOAD_KINDS[kind].types;
}

/** The `File` contract of a record; public files carry their portal-relative address. */
export function toFile(item: FileItem): File {
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    filename: item.filename,
    size: item.size,
    status: item.status,
    visibility: item.visibility,
    publicUrl: item.visibility === 'public' ? publicFileUrl(PUBLIC_FILES_PATH, item.id) : null,
    metadata: { id: item.metadata.id, type: item.metadata.type },
  };
}

/**
 * Whether `principal` may start an upload of `kind` (decision records 016, 067): an
 * editor (update content) every kind; a submitter (submit abstract, issue 25 item 6)
 * only the courseware files of a submission (`content`).
 */
export function mayUpload(principal: Principal | null, kind: UploadKind): boolean {
  if (can(principal, 'updateContent')) return true;
  return can(principal, 'submitAbstract') && kind === 'content';
}
