import { listCoursesOfUser } from '../../data/courses.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/user/courses` (spec §7 "User: get courses, paged by token with items
 * and nextPageToken"): the exercise-area courses the caller belongs to, newest course
 * first, with the caller's roles in each (one Query of gsi1 `USER_COURSES#<id>`).
 * @throws ValidationError (400) for a foreign or tampered page token.
 */
export const listUserCourses = defineRoute('listUserCourses', async ({ query, caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return listCoursesOfUser(caller.sub, { limit: query.limit, pageToken: query.pageToken });
});
