import { toLesson } from '../../data/items.ts';
import { listLessons as listLessonItems } from '../../data/lessons.ts';
import { visibleContent } from '../../services/lesson-access.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/lessons?contentId=` (spec §6 "List lessons", §7 "List lessons by
 * contentId"; decision record 021): the lessons of a content item the caller may see,
 * in index order, paged by `nextPageToken`. Hidden or missing content is a 404
 * "Content does not exist.".
 */
export const listLessons = defineRoute('listLessons', async ({ query, caller }) => {
  await visibleContent(query.contentId, caller);
  const page = await listLessonItems({ contentId: query.contentId, limit: query.limit, pageToken: query.pageToken });
  return { items: page.items.map(toLesson), nextPageToken: page.nextPageToken };
});
