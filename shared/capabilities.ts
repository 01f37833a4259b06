import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from './contracts/identity.ts';

/**
 * The capability table of spec §6 ("Roles and permissions"): one module maps a
 * principal's claims to capabilities. The API enforces it on every call (each route
 * declares the access it needs in `shared/routes.ts`); the SPA uses it only to decide
 * what to show. Claims whose scopes are undefined or contain `any` are always
 * accepted (spec §6); a claim scoped to something else grants nothing globally.
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
  'listUsers',
  'impersonateUsers',
  'manageUsers',
  'manageBusinessUnits',
  'inviteUsers',
  'importUsers',
  'readAuditLog',
  'uploadCoursewareFiles',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What a route requires: nothing (`public`), any valid signed-in user, or one capability. */
export type RouteAccess = 'public' | 'authenticated' | Capability;

/** Claim types of spec §6. `api` claims carry an operation name as their value. */
export const CLAIM_TYPES = {
  role: 'role',
  api: 'api',
  viewArchivedContent: 'can-view-archived-content',
  scopedFile: 'scoped-file',
  manageOrganization: 'can-manage-organization',
  submitAbstract: 'can-submit-abstract',
} as const;

/** The scope that is always accepted (spec §6). */
export const ANY_SCOPE = 'any';

/**
 * API claim values (spec §6), and the privileged ones the spec leaves open
 * (decision records 012 and 030): listing users, impersonating them, editing their
 * rights, keeping business units, inviting, importing and reading the audit log.
 */
export const API_CLAIMS = {
  updateContent: 'patch_v1_content',
  deleteContent: 'delete_v1_content',
  deleteNews: 'delete_v1_news',
  deleteEvents: 'delete_v1_events',
  deletePage: 'delete_v1_page',
  listLessons: 'list_v1_lessons',
  listCourses: 'list_v1_courses',
  sendContentFeedback: 'post_v1_content_feedback',
  requestCourseSupport: 'post_v1_course_support',
  requestOrganizationSupport: 'post_v1_organization_support',
  listUsers: 'get_v1_users',
  impersonateUsers: 'post_v1_impersonation',
  manageUsers: 'put_v1_users',
  manageBusinessUnits: 'put_v1_business_units',
  inviteUsers: 'post_v1_invitations',
  importUsers: 'post_v1_user_imports',
  readAuditLog: 'get_v1_audit_events',
} as const satisfies Partial<Record<Capability, string>>;

/** File scopes of the `scoped-file` claim (spec §6 "View files", "View lesson files"). */
export const FILE_SCOPES = { courseware: 'courseware', lesson: 'lesson' } as const;

/** Who is asking: the parts of a verified portal token the capability table reads. */
export interface Principal {
  readonly roles: readonly string[];
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
}

/** True when `scopes` admits `scope` (undefined, `any`, or naming it). Without `scope`, only undefined/`any` admit. */
export function scopeAccepted(scopes: readonly string[] | undefined, scope?: string): boolean {
  if (scopes === undefined || scopes.length === 0 || scopes.includes(ANY_SCOPE)) return true;
  return scope !== undefined && scopes.includes(scope);
}

/** True when the principal holds a claim of `type` (and `value`, unless `any` value is accepted) admitting `scope`. */
export function hasClaim(principal: Principal, type: string, value: string | null, scope?: string): boolean {
  return principal.claims.some(
    (claim) =>
      claim.type === type &&
      (value === null || claim.value === value || claim.value === ANY_SCOPE) &&
      scopeAccepted(claim.scopes, scope),
  );
}

/** A valid login (spec §4 "Session"): the USER role and the coursewareFeature subscription. */
export function isValidLogin(principal: Principal | null): principal is Principal {
  return principal !== null && hasRole(principal, USER_ROLE) && principal.subscriptions.includes(COURSEWARE_FEATURE);
}

/** True when the principal holds the role, as a `roles` entry or a `role` claim. */
export function hasRole(principal: Principal, role: string): boolean {
  return principal.roles.includes(role) || hasClaim(principal, CLAIM_TYPES.role, role);
}

/**
 * Whether a principal has a capability (spec §6). A visitor (`null`) has none, nor
 * has a principal without a valid login ({@link isValidLogin}: the USER role and the
 * coursewareFeature subscription, spec §4 "Session");
 * `viewExerciseArea` is manageOrganization or listCourses; `uploadCoursewareFiles`
 * is updateContent or submitAbstract (decision record 067). The two support
 * capabilities, `inviteUsers` and `importUsers` are granted by their api claim at
 * ANY scope: the claim is scoped to the courses or organizations it covers, and the
 * request checks its target against that scope (decision records 025, 030).
 */
export function can(principal: Principal | null, capability: Capability): boolean {
  // Spec §4 "Session": no capability without a valid login (issue 21 item 3).
  if (!isValidLogin(principal)) return false;
  const api = (operation: string) => hasClaim(principal, CLAIM_TYPES.api, operation);
  const subscribed = principal.subscriptions.includes(COURSEWARE_FEATURE);
  switch (capability) {
    case 'viewArchivedContent':
      return hasClaim(principal, CLAIM_TYPES.viewArchivedContent, ANY_SCOPE);
    case 'viewFiles':
      return subscribed && hasClaim(principal, CLAIM_TYPES.scopedFile, null, FILE_SCOPES.courseware);
    case 'viewLessonFiles':
      return subscribed && hasClaim(principal, CLAIM_TYPES.scopedFile, null, FILE_SCOPES.lesson);
    case 'manageOrganization':
      return hasClaim(principal, CLAIM_TYPES.manageOrganization, null);
    case 'submitAbstract':
      return hasClaim(principal, CLAIM_TYPES.submitAbstract, null);
    case 'viewExerciseArea':
      return can(principal, 'manageOrganization') || can(principal, 'listCourses');
    case 'uploadCoursewareFiles':
      // Issue 25 item 6 (decision record 067): editors, and submitters for a submission's files.
      return api(API_CLAIMS.updateContent) || can(principal, 'submitAbstract');
    case 'requestCourseSupport':
    case 'requestOrganizationSupport':
    case 'inviteUsers':
    case 'importUsers':
      return principal.claims.some(
        (claim) =>
          claim.type === CLAIM_TYPES.api && (claim.value === API_CLAIMS[capability] || claim.value === ANY_SCOPE),
      );
    default:
      return api(API_CLAIMS[capability]);
  }
}

/** Every capability the principal has. */
export function capabilitiesOf(principal: Principal | null): ReadonlySet<Capability> {
  return new Set(CAPABILITIES.filter((capability) => can(principal, capability)));
}

/**
 * The outcome of a route's access rule for a principal: `allowed`, `unauthenticated`
 * (401: no valid login of spec §4 "Session" — no token, no USER role, or no
 * coursewareFeature subscription; issue 21 item 3), or `forbidden` (403).
 */
export function decideAccess(
  principal: Principal | null,
  access: RouteAccess,
): 'allowed' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'allowed';
  if (!isValidLogin(principal)) return 'unauthenticated';
  if (access === 'authenticated') return 'allowed';
  return can(principal, access) ? 'allowed' : 'forbidden';
}

/**
 * Which organizations (or courses) a principal's api claim `operation` covers (decision
 * records 025, 030): `all` when any such
 * claim is unscoped (or scoped `any`, spec §6), else the union of the scopes (the
 * organization ids). Empty without the claim.
 */
export function claimCoverage(principal: Principal, operation: string): 'all' | string[] {
  const scopes = new Set<string>();
  for (const claim of principal.claims) {
    if (claim.type !== CLAIM_TYPES.api || (claim.value !== operation && claim.value !== ANY_SCOPE)) continue;
    if (!claim.scopes || claim.scopes.length === 0 || claim.scopes.includes(ANY_SCOPE)) return 'all';
    for (const scope of claim.scopes) scopes.add(scope);
  }
  return [...scopes];
}

/** Whether a coverage (from {@link claimCoverage}) includes `organizationId`. */
export function coverageIncludes(coverage: 'all' | readonly string[], organizationId: string): boolean {
  return coverage === 'all' || coverage.includes(organizationId);
}
