import type * as z from 'zod';
import {
  type CreateLessonRequest,
  LESSON_LIMIT_MESSAGE,
  LESSON_LIMITS,
  LESSON_STALE_MESSAGE,
  type Lesson,
  type UpdateLessonRequest,
} from '#shared/contracts/lesson';
import { detachFileStep, discardFiles, getFilesByIds } from '../data/files.ts';
import { toLesson } from '../data/items.ts';
import {
  countLessons,
  createLesson as createLessonItem,
  deleteLesson as deleteLessonItem,
  runFileSteps,
  TRANSACTION_MAX_ITEMS,
  updateLesson as updateLessonItem,
} from '../data/lessons.ts';
import { newId } from '../domain/ids.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { bucketOf } from './file-rules.ts';
import { assertWritable, visibleContent, visibleLesson } from './lesson-access.ts';
import { artifactFileIds, newLessonIndex } from './lesson-rules.ts';
import { saveLesson } from './lesson-save.ts';

/**
 * The lesson writes (spec §3 Lesson; decision record 021): a lesson of content the
 * caller may not see is answered like a missing one (404), archived content is
 * read-only (409), and artifact uploads are attached and detached in the lesson's
 * transaction (`saveLesson`: on any failure the new uploads are deleted).
 */

/**
 * Creates a lesson of a content item `caller` may see (404 otherwise; 409 when it is
 * archived), at the index asked for or after the last lesson, at most
 * `LESSON_LIMITS.lessonsPerContent` per content item; its new artifact uploads are
 * attached in the same transaction. Returns the new lesson's id.
 * @throws NotFoundError (404); ConflictError (409); ValidationError (400 at
 *   `body.contentId` for the limit, at an artifact's path for a refused file).
 */
export async function createLesson(
  input: z.output<typeof CreateLessonRequest>,
  caller: Caller,
): Promise<{ id: string }> {
  const id = newId();
  let index = 0;
  await saveLesson({
    lessonId: id,
    callerId: caller?.sub ?? '',
    request: input,
    stored: null,
    check: async () => {
      const content = await visibleContent(input.contentId, caller);
      assertWritable(content);
      const { count, lastIndex } = await countLessons(content.id);
      if (count >= LESSON_LIMITS.lessonsPerContent) {
        throw new ValidationError([{ path: 'body.contentId', message: LESSON_LIMIT_MESSAGE }], LESSON_LIMIT_MESSAGE);
      }
      index = newLessonIndex(input.index, lastIndex);
    },
    write: ({ pages, steps }) => {
      const now = new Date().toISOString();
      return createLessonItem(
        {
          id,
          contentId: input.contentId,
          alternateId: input.alternateId ?? null,
          name: input.name,
          index,
          urls: input.urls,
          pages,
          createdTimestamp: now,
          modifiedTimestamp: now,
          version: 1,
        },
        steps,
      );
    },
  });
  return { id };
}

/**
 * Replaces a lesson's fields (and index, when given) if `input.version` is the stored
 * one. New artifact uploads are attached and dropped artifacts detached in the same
 * transaction; dropped ones are deleted after it commits, and on any failure the new
 * uploads are. Returns the saved lesson.
 * @throws NotFoundError (404) for a lesson of content `caller` may not see;
 *   ConflictError (409) on archived content or {@link LESSON_STALE_MESSAGE};
 *   ValidationError (400) for a refused artifact or page id.
 */
export async function updateLesson(
  id: string,
  input: z.output<typeof UpdateLessonRequest>,
  caller: Caller,
): Promise<Lesson> {
  const { lesson: stored, content } = await visibleLesson(id, caller);
  const saved = await saveLesson({
    lessonId: stored.id,
    callerId: caller?.sub ?? '',
    request: input,
    stored,
    check: async () => {
      assertWritable(content);
      if (stored.version !== input.version) throw new ConflictError(LESSON_STALE_MESSAGE);
    },
    write: ({ pages, steps }) =>
      updateLessonItem(
        {
          id: stored.id,
          contentId: stored.contentId,
          alternateId: input.alternateId === undefined ? stored.alternateId : input.alternateId,
          name: input.name,
          index: input.index ?? stored.index,
          urls: input.urls,
          pages,
          createdTimestamp: stored.createdTimestamp,
          modifiedTimestamp: new Date().toISOString(),
          version: input.version,
        },
        input.version,
        steps,
      ),
  });
  return toLesson(saved);
}

/**
 * Deletes the lesson and detaches its artifact files in the same transaction (the
 * first 99; any beyond right after), then deletes the files and their objects.
 * Detached files carry a TTL, so a failed delete of one is finished by the TTL and
 * the upload sweeper. Returns `{ id, contentId }`.
 * @throws NotFoundError (404) for a lesson of content `caller` may not see;
 *   ConflictError (409) on archived content.
 */
export async function deleteLesson(id: string, caller: Caller): Promise<{ id: string; contentId: string }> {
  const { lesson, content } = await visibleLesson(id, caller);
  assertWritable(content);
  const files = (await getFilesByIds(artifactFileIds(lesson))).filter((file) => file.metadata.id === lesson.id);
  const now = new Date();
  const steps = files.map((file) => detachFileStep(file.id, lesson.id, now));
  await deleteLessonItem(lesson.id, steps.slice(0, TRANSACTION_MAX_ITEMS - 1));
  await runFileSteps(steps.slice(TRANSACTION_MAX_ITEMS - 1));
  await discardFiles(files, bucketOf);
  return { id: lesson.id, contentId: lesson.contentId };
}
