/**
 * Capability names of spec §6 ("Roles and permissions"). A route declares the one it
 * needs; `public` routes need none. The mapping from claims to capabilities is the
 * capability module of the identity work (issue 3); this list is the vocabulary the
 * route table and the SPA share.
 */
export const CAPABILITIES = [
  'updateContent',
  'deleteContent',
  'deleteNews',
  'deleteEvents',
  'deletePage',
  'viewArchivedContent',
  'viewFiles',
  'viewLessonFiles',
  'listLessons',
  'listCourses',
  'manageOrganization',
  'viewExerciseArea',
  'submitAbstract',
  'sendContentFeedback',
  'requestCourseSupport',
  'requestOrganizationSupport',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What a route requires: nothing (`public`), any signed-in user, or one capability. */
export type RouteAccess = 'public' | 'authenticated' | Capability;
