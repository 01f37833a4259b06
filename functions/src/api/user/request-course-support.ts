import { sendSupportRequest } from '../../messages/support-requests.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/courses/{id}/support` (spec §5 "Support dialog", §6 "Request course
 * support", §7 "Request course support"; decision record 025): a support request
 * about one of the caller's courses, stored, then e-mailed to the course's
 * instructors, TAs, course admins and course requester and the support desk.
 * 201 `{ id, emailStatus, recipients }`; 403 when the claim's scope does not admit the
 * course; 404 "Course does not exist." when it is not one of the caller's; 400 at
 * `body.email` when the identity has no e-mail and none is given.
 */
export const requestCourseSupport = defineRoute('requestCourseSupport', ({ path, body, caller, requestId }) =>
  sendSupportRequest({ kind: 'course', targetId: path.id, body, caller, requestId }),
);
