import { createGroupHandler } from '../../lib/group.ts';
import { listUserCourses } from './list-user-courses.ts';
import { listUsers } from './list-users.ts';
import { requestCourseSupport } from './request-course-support.ts';

/** Lambda entry of the `user` group (spec §7 "Other": User — users, my courses, course support). */
export const handler = createGroupHandler('user', { listUsers, listUserCourses, requestCourseSupport });
