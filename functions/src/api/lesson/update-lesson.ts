import { LESSON_STALE_MESSAGE } from '#shared/contracts/lesson';
import { toLesson } from '../../data/items.ts';
import { updateLesson as updateLessonItem } from '../../data/lessons.ts';
import { ConflictError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { assertWritable, visibleLesson } from './lesson-access.ts';
import { saveLesson } from './lesson-save.ts';

/**
 * `PUT /api/v1/lessons/{id}` (decision record 021): replaces a lesson's fields (and
 * index, when given) if `version` is the stored one (else 409
 * {@link LESSON_STALE_MESSAGE}). New artifact uploads are attached and dropped
 * artifacts detached in the same transaction; dropped ones are deleted after it
 * commits, and on any failure the new uploads are. 404 for a lesson of content the
 * caller may not see; 409 on archived content. Answers the saved `Lesson`.
 */
export const updateLesson = defineRoute('updateLesson', async ({ path, body, caller }) => {
  const { lesson: stored, content } = await visibleLesson(path.id, caller);
  const saved = await saveLesson({
    lessonId: stored.id,
    callerId: caller?.sub ?? '',
    request: body,
    stored,
    check: async () => {
      assertWritable(content);
      if (stored.version !== body.version) throw new ConflictError(LESSON_STALE_MESSAGE);
    },
    write: ({ pages, steps }) =>
      updateLessonItem(
        {
          id: stored.id,
          contentId: stored.contentId,
          alternateId: body.alternateId === undefined ? stored.alternateId : body.alternateId,
          name: body.name,
          index: body.index ?? stored.index,
          urls: body.urls,
          pages,
          createdTimestamp: stored.createdTimestamp,
          modifiedTimestamp: new Date().toISOString(),
          version: body.version,
        },
        body.version,
        steps,
      ),
  });
  return toLesson(saved);
});
