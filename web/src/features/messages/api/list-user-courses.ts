import { queryOptions } from '@tanstack/react-query';
import { type UserCourse, UserCoursePage } from '#shared/contracts/messages';
import { PAGE } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import { messagesApiUrl } from './paths.ts';

/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 20;

/**
 * Every exercise-area course the caller belongs to, with the caller's roles, fetched
 * 300 per page until no `nextPageToken` is left (`GET /api/v1/user/courses`, spec §7
 * "User: get courses"). Throws `ApiError` as `apiGet` does (401 when signed out).
 */
export async function listUserCourses({ signal }: { signal?: AbortSignal } = {}): Promise<UserCourse[]> {
  const courses: UserCourse[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(
      messagesApiUrl('listUserCourses', {}, { limit: PAGE.contributorsAdmin, pageToken }),
      UserCoursePage,
      { signal },
    );
    courses.push(...result.items);
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return courses;
}

/** Query options of the signed-in user's courses; the key holds the user, so another sign-in never sees them. */
export function listUserCoursesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['user', userId, 'courses'],
    queryFn: ({ signal }) => listUserCourses({ signal }),
  });
}
