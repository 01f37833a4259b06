import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of the contact, support and newsletter forms, with their paths below `/api/v1`
 * (decision record 040): loaded with this feature's lazily loaded code, not with the first
 * render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const MESSAGES_API_PATHS = {
  requestCourseSupport: '/courses/{id}/support',
  requestOrganizationSupport: '/organizations/{id}/support',
  listUserCourses: '/user/courses',
  createNewsletterSubscriber: '/newsletter-subscribers',
  listOrganizations: '/organizations',
  sendContactRequest: '/contact-requests',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link MESSAGES_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const messagesApiUrl = apiUrlFor(MESSAGES_API_PATHS);
