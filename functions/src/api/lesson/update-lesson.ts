import * as lessons from '../../services/lessons.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/lessons/{id}` (decision record 021): replaces a lesson's fields (and
 * index, when given) if `version` is the stored one (else 409
 * {@link LESSON_STALE_MESSAGE}). New artifact uploads are attached and dropped
 * artifacts detached in the same transaction; dropped ones are deleted after it
 * commits, and on any failure the new uploads are. 404 for a lesson of content the
 * caller may not see; 409 on archived content. Answers the saved `Lesson`.
 */
export const updateLesson = defineRoute('updateLesson', ({ path, body, caller }) =>
  lessons.updateLesson(path.id, body, caller),
);
