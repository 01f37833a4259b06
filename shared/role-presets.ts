import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES, FILE_SCOPES } from './capabilities.ts';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from './contracts/identity.ts';
import type { Brand } from './enums.ts';

/**
 * Role presets of the rights dialog (issue 21 item 13; spec §6; decision record 034):
 * named bundles of claims, subscriptions and ranges, so an administrator picks
 * "Faculty on VACR" instead of typing `post_v1_course_support`. Defined once here: the
 * seeded personas are built from them (`functions/src/seed/personas.ts`) and the SPA
 * offers them, so what a preset grants is what the personas have. The support roles
 * of spec §6 (billing admin, course admin, organization admin, organization
 * instructor, TA, instructor, course requester; student is its own preset) carry their
 * role name as a `role` claim and the claims the role needs to do its part in support.
 */

const role = (value: string): Claim => ({ type: CLAIM_TYPES.role, value });
const api = (value: string): Claim => ({ type: CLAIM_TYPES.api, value });
const claim = (type: string, scopes?: string[]): Claim => ({ type, value: ANY_SCOPE, ...(scopes ? { scopes } : {}) });

/** A student (spec §1): the exercise area by invitation, course support; no downloads. */
export const STUDENT_CLAIMS: readonly Claim[] = [
  role(USER_ROLE),
  api(API_CLAIMS.listCourses),
  api(API_CLAIMS.requestCourseSupport),
];

/** Faculty (spec §1, §6): courseware and lesson files, lessons, courses, feedback, support, their organization. */
export const FACULTY_CLAIMS: readonly Claim[] = [
  role(USER_ROLE),
  // One claim, stored as one item per scope (spec §3): courseware files and lesson files.
  claim(CLAIM_TYPES.scopedFile, [FILE_SCOPES.courseware, FILE_SCOPES.lesson]),
  api(API_CLAIMS.listCourses),
  api(API_CLAIMS.listLessons),
  api(API_CLAIMS.sendContentFeedback),
  api(API_CLAIMS.requestCourseSupport),
  api(API_CLAIMS.requestOrganizationSupport),
  claim(CLAIM_TYPES.manageOrganization),
];

/** A content editor (spec §1, §6): edits and deletes content, news, events and pages. */
export const EDITOR_CLAIMS: readonly Claim[] = [
  role(USER_ROLE),
  claim(CLAIM_TYPES.scopedFile),
  api(API_CLAIMS.updateContent),
  api(API_CLAIMS.deleteContent),
  api(API_CLAIMS.deleteNews),
  api(API_CLAIMS.deleteEvents),
  api(API_CLAIMS.deletePage),
  api(API_CLAIMS.sendContentFeedback),
];

/** An administrator: everything an editor may, plus archived content, users, impersonation and the dashboard. */
export const ADMINISTRATOR_CLAIMS: readonly Claim[] = [
  ...EDITOR_CLAIMS,
  { type: CLAIM_TYPES.viewArchivedContent, value: ANY_SCOPE },
  claim(CLAIM_TYPES.manageOrganization),
  claim(CLAIM_TYPES.submitAbstract),
  api(API_CLAIMS.listUsers),
  api(API_CLAIMS.impersonateUsers),
  api(API_CLAIMS.manageUsers),
  api(API_CLAIMS.manageBusinessUnits),
  api(API_CLAIMS.inviteUsers),
  api(API_CLAIMS.importUsers),
  api(API_CLAIMS.readAuditLog),
  api(API_CLAIMS.listCourses),
  api(API_CLAIMS.listLessons),
  api(API_CLAIMS.requestCourseSupport),
  api(API_CLAIMS.requestOrganizationSupport),
];

/** What people who run a course need: the course list, lessons and course support. */
const COURSE_STAFF: readonly Claim[] = [
  api(API_CLAIMS.listCourses),
  api(API_CLAIMS.listLessons),
  api(API_CLAIMS.requestCourseSupport),
];
/** What people who run an organization need: managing it and organization support. */
const ORGANIZATION_STAFF: readonly Claim[] = [
  claim(CLAIM_TYPES.manageOrganization),
  api(API_CLAIMS.requestOrganizationSupport),
];

/** One preset: what applying it sets. `ranges` empty leaves the user's ranges as they are. */
export interface RolePreset {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  readonly ranges: readonly Brand[];
}

const supportRole = (id: string, name: string, description: string, claims: readonly Claim[]): RolePreset => ({
  id,
  label: `Support role: ${name}`,
  description,
  claims: [role(USER_ROLE), role(name), ...claims],
  subscriptions: [COURSEWARE_FEATURE],
  ranges: [],
});

/** The presets, in the order the dialog lists them. */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    id: 'student',
    label: 'Student',
    description: 'Enters the exercise area by invitation and asks course support; cannot download files.',
    claims: STUDENT_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    ranges: [],
  },
  {
    id: 'faculty-vacr',
    label: 'Faculty on the Virginia range (VACR)',
    description: 'Downloads courseware and lesson files, lists lessons and courses, manages their organization.',
    claims: FACULTY_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    ranges: ['VACR'],
  },
  {
    id: 'faculty-uscr',
    label: 'Faculty on the national range (USCR)',
    description: 'Downloads courseware and lesson files, lists lessons and courses, manages their organization.',
    claims: FACULTY_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    ranges: ['USCR'],
  },
  {
    id: 'editor',
    label: 'Content editor',
    description: 'Edits and deletes content, news, events and pages.',
    claims: EDITOR_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    ranges: [],
  },
  {
    id: 'administrator',
    label: 'Administrator',
    description: 'Everything an editor may, plus archived content, users, impersonation, imports and the audit log.',
    claims: ADMINISTRATOR_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    ranges: [],
  },
  supportRole('billing-admin', 'billing admin', 'Receives organization support about billing.', [
    api(API_CLAIMS.requestOrganizationSupport),
  ]),
  supportRole('course-admin', 'course admin', 'Runs courses: receives and asks course support.', COURSE_STAFF),
  supportRole('instructor', 'instructor', 'Teaches courses: receives and asks course support.', COURSE_STAFF),
  supportRole('ta', 'TA', 'Assists in courses: receives and asks course support.', COURSE_STAFF),
  supportRole(
    'course-requester',
    'course requester',
    'Asked for a course to be set up: receives and asks course support.',
    [api(API_CLAIMS.listCourses), api(API_CLAIMS.requestCourseSupport)],
  ),
  supportRole(
    'organization-admin',
    'organization admin',
    'Runs an organization: manages it, receives and asks organization support.',
    ORGANIZATION_STAFF,
  ),
  supportRole(
    'organization-instructor',
    'organization instructor',
    'Teaches in an organization: manages it, receives and asks organization support.',
    ORGANIZATION_STAFF,
  ),
];

/** The preset of `id`. @throws Error for an unknown id (a programming error). */
export function rolePreset(id: string): RolePreset {
  const preset = ROLE_PRESETS.find((candidate) => candidate.id === id);
  if (!preset) throw new Error(`Unknown role preset ${id}.`);
  return preset;
}
