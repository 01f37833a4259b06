import { queryOptions, useQuery } from '@tanstack/react-query';
import { LESSON_LIMITS, type Lesson, LessonList } from '#shared/contracts/lesson';
import { apiGet } from '../../../lib/api-client.ts';
import { lessonsApiUrl } from './paths.ts';

/** The query key of a content item's lessons; every lesson write invalidates it. */
export function lessonsQueryKey(contentId: string) {
  return ['lessons', 'list', contentId] as const;
}

/**
 * Every lesson of a content item in index order (`GET /api/v1/lessons?contentId=`,
 * spec §7 "List lessons by contentId"), following `nextPageToken` until there is none.
 * The list answers whole lessons, so no per-lesson GET is needed.
 */
export async function getLessons(contentId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Lesson[]> {
  const lessons: Lesson[] = [];
  let pageToken: string | undefined;
  do {
    const page = await apiGet(
      lessonsApiUrl('listLessons', {}, { contentId, limit: LESSON_LIMITS.lessonsPerContent, pageToken }),
      LessonList,
      { signal },
    );
    lessons.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return lessons.sort((a, b) => a.index - b.index);
}

export function getLessonsQueryOptions(contentId: string) {
  return queryOptions({
    queryKey: lessonsQueryKey(contentId),
    queryFn: ({ signal }) => getLessons(contentId, { signal }),
  });
}

/** The lessons of `contentId`; nothing is fetched while `enabled` is false (no list-lessons capability). */
export function useLessons({ contentId, enabled = true }: { contentId: string; enabled?: boolean }) {
  return useQuery({ ...getLessonsQueryOptions(contentId), enabled });
}
