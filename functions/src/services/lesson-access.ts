import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { LESSON_ARCHIVED_MESSAGE, LESSON_NOT_FOUND_MESSAGE } from '#shared/contracts/lesson';
import { getContentById } from '../data/content.ts';
import type { ContentItem, LessonItem } from '../data/items.ts';
import { getLesson } from '../data/lessons.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';

/**
 * The content item `contentId` if `caller` may see it (decision record 008: hidden is
 * answered exactly like missing).
 * @throws NotFoundError "Content does not exist." otherwise.
 */
export async function visibleContent(contentId: string, caller: Caller): Promise<ContentItem> {
  const content = await getContentById(contentId);
  if (!content || !visibleInDetail(content.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  return content;
}

/**
 * The lesson `id` and its content item, if `caller` may see that content.
 * @throws NotFoundError {@link LESSON_NOT_FOUND_MESSAGE} for a missing lesson or one
 *   of content the caller may not see.
 */
export async function visibleLesson(id: string, caller: Caller): Promise<{ lesson: LessonItem; content: ContentItem }> {
  const lesson = await getLesson(id);
  if (!lesson) throw new NotFoundError(LESSON_NOT_FOUND_MESSAGE);
  const content = await getContentById(lesson.contentId);
  if (!content || !visibleInDetail(content.status, caller?.principal ?? null)) {
    throw new NotFoundError(LESSON_NOT_FOUND_MESSAGE);
  }
  return { lesson, content };
}

/**
 * Refuses lesson writes on archived content (decision record 015: archived content is
 * read-only until restored).
 * @throws ConflictError {@link LESSON_ARCHIVED_MESSAGE}.
 */
export function assertWritable(content: ContentItem): void {
  if (content.status === 'archived') throw new ConflictError(LESSON_ARCHIVED_MESSAGE);
}
