import { toLesson } from '../../data/items.ts';
import { visibleLesson } from '../../services/lesson-access.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/lessons/{id}` (spec §7 "then get each by id"; decision record 021):
 * one lesson with its artifacts and pages; 404 for a missing lesson or one of content
 * the caller may not see.
 */
export const getLesson = defineRoute('getLesson', async ({ path, caller }) => {
  const { lesson } = await visibleLesson(path.id, caller);
  return toLesson(lesson);
});
