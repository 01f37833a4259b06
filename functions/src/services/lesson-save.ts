import type { FieldError } from '#shared/contracts/common';
import type { Lesson, LessonPage } from '#shared/contracts/lesson';
import { attachFileStep, detachFileStep, discardFiles, getFilesByIds, isUnattachedReady } from '../data/files.ts';
import type { FileItem, LessonItem } from '../data/items.ts';
import { TRANSACTION_MAX_ITEMS } from '../data/lessons.ts';
import { newId } from '../domain/ids.ts';
import { ValidationError } from '../lib/errors.ts';
import { bucketOf } from './file-rules.ts';
import { type ArtifactLists, artifactFileIds, artifactRefs, assignPageIds, planArtifacts } from './lesson-rules.ts';

/** Field message when one save would attach and detach more files than one transaction holds. */
export const TOO_MANY_FILE_CHANGES_MESSAGE = `At most ${TRANSACTION_MAX_ITEMS - 1} files can be added or removed in one save.`;

/** The pages of a request as an editor sends them. */
type PageInput = { readonly id?: string | undefined; readonly name: string; readonly urls: Lesson['urls'] };

/** What a save is about to write, once its request was checked. */
export interface PreparedSave {
  readonly pages: LessonPage[];
  readonly steps: ReturnType<typeof attachFileStep>[];
  /** Files to discard after the write commits (the ones it detached). */
  readonly detached: FileItem[];
}

/**
 * Runs a lesson save (decision record 021) so that, on ANY failure (a 400, 404, 409,
 * or the transaction itself), the new uploads the request named are discarded and
 * the error rethrown; after a successful `write`, the files it detached are.
 * `prepare` checks the request and plans the write; `write` commits it.
 */
export async function saveLesson<T>(input: {
  readonly lessonId: string;
  readonly callerId: string;
  readonly request: ArtifactLists & { readonly pages: readonly PageInput[] };
  readonly stored: Pick<LessonItem, 'urls' | 'pages'> | null;
  /** Checks to run before the artifacts (content visible, writable, …); may throw. */
  readonly check: () => Promise<void>;
  readonly write: (prepared: PreparedSave) => Promise<T>;
}): Promise<T> {
  const requested = artifactFileIds(input.request);
  const storedIds = input.stored ? artifactFileIds(input.stored) : [];
  const files = new Map(
    (await getFilesByIds([...new Set([...requested, ...storedIds])])).map((file) => [file.id, file] as const),
  );
  const now = new Date();
  const uploads = requested
    .map((id) => files.get(id))
    .filter(
      (file): file is FileItem =>
        file !== undefined && isUnattachedReady(file, now) && file.createdBy === input.callerId,
    );
  let result: T;
  let detached: FileItem[];
  try {
    await input.check();
    const plan = planArtifacts({
      refs: artifactRefs(input.request),
      files,
      lessonId: input.lessonId,
      callerId: input.callerId,
      storedFileIds: storedIds,
      now,
    });
    const paged = assignPageIds(input.request.pages, input.stored?.pages.map((page) => page.id) ?? [], newId);
    const errors: FieldError[] = [...plan.errors, ...paged.errors];
    if (plan.attach.length + plan.detach.length > TRANSACTION_MAX_ITEMS - 1) {
      errors.push({ path: 'body', message: TOO_MANY_FILE_CHANGES_MESSAGE });
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const steps = [
      ...plan.attach.map((file) => attachFileStep(file.id, { id: input.lessonId, name: file.name })),
      ...plan.detach.map((file) => detachFileStep(file.id, input.lessonId, now)),
    ];
    detached = plan.detach;
    result = await input.write({ pages: paged.pages, steps, detached });
  } catch (error) {
    // discardFiles claims each file first, so one a concurrent save attached meanwhile is left alone.
    await discardFiles(uploads, bucketOf);
    throw error;
  }
  if (detached.length > 0) await discardFiles(detached, bucketOf);
  return result;
}
