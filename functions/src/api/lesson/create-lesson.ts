import { LESSON_LIMIT_MESSAGE, LESSON_LIMITS } from '#shared/contracts/lesson';
import { countLessons, createLesson as createLessonItem } from '../../data/lessons.ts';
import { newId } from '../../domain/ids.ts';
import { ValidationError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { assertWritable, visibleContent } from './lesson-access.ts';
import { newLessonIndex } from './lesson-rules.ts';
import { saveLesson } from './lesson-save.ts';

/**
 * `POST /api/v1/lessons` (spec §3 Lesson; decision record 021): creates a lesson of a
 * content item the caller may see (404 otherwise; 409 when it is archived), at the
 * index asked for or after the last lesson, at most
 * `LESSON_LIMITS.lessonsPerContent` per content item (400 at `body.contentId`). Its
 * new artifact uploads are attached in the same transaction; on any failure they are
 * deleted. Answers 201 `{ id }`.
 */
export const createLesson = defineRoute('createLesson', async ({ body, caller }) => {
  const id = newId();
  let index = 0;
  await saveLesson({
    lessonId: id,
    callerId: caller?.sub ?? '',
    request: body,
    stored: null,
    check: async () => {
      const content = await visibleContent(body.contentId, caller);
      assertWritable(content);
      const { count, lastIndex } = await countLessons(content.id);
      if (count >= LESSON_LIMITS.lessonsPerContent) {
        throw new ValidationError([{ path: 'body.contentId', message: LESSON_LIMIT_MESSAGE }], LESSON_LIMIT_MESSAGE);
      }
      index = newLessonIndex(body.index, lastIndex);
    },
    write: ({ pages, steps }) => {
      const now = new Date().toISOString();
      return createLessonItem(
        {
          id,
          contentId: body.contentId,
          alternateId: body.alternateId ?? null,
          name: body.name,
          index,
          urls: body.urls,
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
});
