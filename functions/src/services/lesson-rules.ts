import type { FieldError } from '#shared/contracts/common';
import {
  LESSON_FILE_NOT_ALLOWED_MESSAGE,
  LESSON_PAGE_UNKNOWN_MESSAGE,
  type LessonPage,
  type LessonUrl,
} from '#shared/contracts/lesson';
import { isUnattachedReady } from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import { uploadKindOf } from './file-rules.ts';

/**
 * The pure rules of lesson saves (decision record 021): which artifact files a save
 * may name, which it attaches and detaches, and the ids of its pages.
 */

/** One artifact reference of a request, with the field path a 400 names. */
export interface ArtifactRef {
  readonly fileId: string;
  /** `body.urls.N.fileId` or `body.pages.N.urls.M.fileId`. */
  readonly path: string;
}

/** A lesson's artifacts: the urls of the lesson and of its pages. */
export interface ArtifactLists {
  readonly urls: readonly LessonUrl[];
  readonly pages: readonly { readonly urls: readonly LessonUrl[] }[];
}

/** Every artifact reference of a lesson (or request), lesson urls first, then page by page. */
export function artifactRefs(lesson: ArtifactLists): ArtifactRef[] {
  return [
    ...lesson.urls.map((url, n) => ({ fileId: url.fileId, path: `body.urls.${n}.fileId` })),
    ...lesson.pages.flatMap((page, n) =>
      page.urls.map((url, m) => ({ fileId: url.fileId, path: `body.pages.${n}.urls.${m}.fileId` })),
    ),
  ];
}

/** The distinct file ids of a lesson's artifacts, in first-seen order. */
export function artifactFileIds(lesson: ArtifactLists): string[] {
  return [...new Set(artifactRefs(lesson).map((ref) => ref.fileId))];
}

/**
 * True when `file` is a new upload the caller may attach: Ready and unattached at
 * `now` (`isUnattachedReady` of data/files.ts: its TTL lies ahead, so neither a
 * detached file nor an expired upload), uploaded as kind `content` (private, owner
 * type Content) by `callerId`.
 */
export function isAttachableUpload(file: FileItem, callerId: string, now: Date): boolean {
  return (
    isUnattachedReady(file, now) &&
    uploadKindOf(file) === 'content' &&
    file.createdBy !== undefined &&
    file.createdBy === callerId
  );
}

/** True when `file` is an artifact already attached to lesson `lessonId` (no TTL). */
export function isAttachedTo(file: FileItem, lessonId: string): boolean {
  return file.status === 'Ready' && file.expiresAt === undefined && file.metadata.id === lessonId;
}

/** What a save does to files. */
export interface ArtifactPlan {
  /** New uploads to attach to the lesson (distinct). */
  readonly attach: FileItem[];
  /** Artifacts of the stored lesson that the save leaves out (distinct; records where known). */
  readonly detach: FileItem[];
  /** One 400 field error per reference of a file the save may not name. */
  readonly errors: FieldError[];
}

/**
 * Plans a save's artifacts (decision record 021): every reference must name a file
 * attached to this lesson or an attachable upload of the caller's
 * ({@link isAttachableUpload}); anything else (unknown, another user's, attached
 * elsewhere, detached, a portrait) is a field error at the reference's path.
 * Files of `storedFileIds` the request leaves out are detached.
 * `files` holds the records of every id named by the request or the stored lesson.
 */
export function planArtifacts(input: {
  readonly refs: readonly ArtifactRef[];
  readonly files: ReadonlyMap<string, FileItem>;
  readonly lessonId: string;
  readonly callerId: string;
  readonly storedFileIds: readonly string[];
  readonly now: Date;
}): ArtifactPlan {
  const errors: FieldError[] = [];
  const attach = new Map<string, FileItem>();
  const named = new Set<string>();
  for (const ref of input.refs) {
    const file = input.files.get(ref.fileId);
    named.add(ref.fileId);
    if (file && isAttachedTo(file, input.lessonId)) continue;
    if (file && isAttachableUpload(file, input.callerId, input.now)) {
      attach.set(file.id, file);
      continue;
    }
    errors.push({ path: ref.path, message: LESSON_FILE_NOT_ALLOWED_MESSAGE });
  }
  const detach: FileItem[] = [];
  for (const id of new Set(input.storedFileIds)) {
    if (named.has(id)) continue;
    const file = input.files.get(id);
    // Only files still attached to the lesson are detached; anything else is not the lesson's to touch.
    if (file && file.metadata.id === input.lessonId) detach.push(file);
  }
  return { attach: [...attach.values()], detach, errors };
}

/**
 * The pages of a save with their ids: a page without one gets `newPageId()`; a given
 * id must be one of `storedPageIds` (the stored lesson's pages; none on create) and
 * appear once, else a field error at `body.pages.N.id`.
 */
export function assignPageIds(
  pages: readonly { readonly id?: string | undefined; readonly name: string; readonly urls: readonly LessonUrl[] }[],
  storedPageIds: readonly string[],
  newPageId: () => string,
): { pages: LessonPage[]; errors: FieldError[] } {
  const known = new Set(storedPageIds);
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  const result = pages.map((page, n): LessonPage => {
    if (page.id === undefined) return { id: newPageId(), name: page.name, urls: [...page.urls] };
    if (!known.has(page.id) || seen.has(page.id)) {
      errors.push({ path: `body.pages.${n}.id`, message: LESSON_PAGE_UNKNOWN_MESSAGE });
    }
    seen.add(page.id);
    return { id: page.id, name: page.name, urls: [...page.urls] };
  });
  return { pages: result, errors };
}

/** Highest lesson index (the gsi2 sort key holds 6 digits). */
export const MAX_LESSON_INDEX = 999_999;

/**
 * The index of a new lesson: the one asked for, else after the last lesson (0 for
 * the first; {@link MAX_LESSON_INDEX} at most, where ties are ordered by id).
 */
export function newLessonIndex(requested: number | undefined, lastIndex: number | null): number {
  return requested ?? (lastIndex === null ? 0 : Math.min(lastIndex + 1, MAX_LESSON_INDEX));
}
