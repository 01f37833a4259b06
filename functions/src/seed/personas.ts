import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import {
  type Claim,
  COURSEWARE_FEATURE,
  type IdentityProvider,
  type Message,
  type OrganizationMembership,
  type PersonaName,
  USER_ROLE,
} from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';
// The personas' claims are the role presets of the rights dialog (issue 21 item 13).
import { ADMINISTRATOR_CLAIMS, EDITOR_CLAIMS, FACULTY_CLAIMS, STUDENT_CLAIMS } from '#shared/role-presets';
import {
  type BusinessUnitCategory,
  type BusinessUnitFields,
  createBusinessUnit,
  getBusinessUnitsByIds,
} from '../data/business-units.ts';
import { addOrganizationMember, type Course, createCourse, getCourse, type Member } from '../data/courses.ts';
import { createOrganization, getOrganizationsByIds, type Organization } from '../data/organizations.ts';
import { createUserAccount, getUsersByIds, type NewUserAccount } from '../data/users.ts';
import { seededEligibleBrands } from '../domain/business-units.ts';
import { seedId } from '../domain/ids.ts';
import { SUPPORT_ROLES } from '../domain/support.ts';
import { createdUnlessConflict } from './created-unless-conflict.ts';

/**
 * The dev identity provider's personas (shared/contracts/identity.ts `PERSONAS`):
 * users with their claims, subscriptions, messages, identity links and the business
 * units of their schools, seeded with the rest of the seed data. Ids are
 * deterministic (`seedId`), so a second run creates nothing.
 */

/** Id kinds of {@link seedId} for personas and their business units. */
export const PERSONA_ID_KINDS = {
  user: 'user',
  businessUnit: 'business-unit',
  message: 'message',
  organization: 'organization',
  course: 'course',
} as const;

/** Upstream subject of a persona at both providers: the dev identity provider signs in either way. */
export function personaSubject(persona: PersonaName): string {
  return `dev|${persona}`;
}

/** The providers every persona is linked at, with the same subject. */
export const PERSONA_PROVIDERS: readonly IdentityProvider[] = ['vcr', 'sso'];

/** Relative path of the school list inside the seed-data folder (SOURCES.md §4). */
export const SCHOOLS_FILE = 'schools/schools.csv';

interface PersonaDefinition {
  readonly persona: PersonaName;
  readonly displayName: string;
  readonly email: string;
  readonly description: string;
  readonly ranges: readonly Brand[];
  /** Exact `name` of the school in schools.csv, or null. */
  readonly school: string | null;
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  readonly messages: readonly { readonly key: string; readonly message: string; readonly link: string | null }[];
  /** Membership of the courses organization of a school (exact schools.csv name), with roles (spec §6). */
  readonly organization: { readonly school: string; readonly roles: readonly string[] } | null;
  /** Memberships of seeded exercise-area courses (keys of {@link PERSONA_COURSES}), with roles (spec §6). */
  readonly courses: readonly { readonly course: string; readonly roles: readonly string[] }[];
}

/**
 * The exercise-area courses of the personas (decision record 025). SYNTHETIC: invented
 * for the local stack and tests (SOURCES.md "Personas' courses"), each in the courses
 * organization of a persona's school; names say so. `createdTimestamp` is fixed, so
 * the seed writes the same course every time.
 */
export const PERSONA_COURSES: Readonly<
  Record<string, { readonly name: string; readonly school: string; readonly createdTimestamp: string }>
> = {
  'uno-network-defense': {
    name: 'Network Defense Lab, Fall 2026 (synthetic course)',
    school: 'University of Nebraska at Omaha',
    createdTimestamp: '2026-08-17T14:00:00.000Z',
  },
  'gmu-security-fundamentals': {
    name: 'Security Fundamentals Lab, Fall 2026 (synthetic course)',
    school: 'George Mason University',
    createdTimestamp: '2026-08-24T14:00:00.000Z',
  },
};

/** Roles of faculty in the courses they teach (spec §6 support recipient list). */
const FACULTY_COURSE_ROLES = [SUPPORT_ROLES.instructor, SUPPORT_ROLES.courseAdmin];

/** Roles of spec §6 "support recipient list" that faculty hold in their school's organization. */
const FACULTY_ORGANIZATION_ROLES = ['organization admin', 'organization instructor'];

const role = (value: string): Claim => ({ type: CLAIM_TYPES.role, value });

const WELCOME = {
  key: 'welcome',
  message: 'Welcome to the courseware portal. Browse the SEED Labs and GenCyber courseware.',
  link: '/courseware',
};
const INVITE_STUDENTS = {
  key: 'invite-students',
  message: 'Invite your students to the exercise area from the Exercises page.',
  link: '/exercises',
};

/** The personas, in `PERSONAS` order. */
export const PERSONA_DEFINITIONS: readonly PersonaDefinition[] = [
  {
    persona: 'student',
    displayName: 'Sam Student',
    email: 'student@example.edu',
    description: 'Student: enters the exercise area by invitation; cannot download files.',
    ranges: ['USCR'],
    school: null,
    claims: STUDENT_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    messages: [WELCOME],
    organization: { school: 'University of Nebraska at Omaha', roles: ['student'] },
    courses: [{ course: 'uno-network-defense', roles: [SUPPORT_ROLES.student] }],
  },
  {
    persona: 'faculty-vacr',
    displayName: 'Val Faculty',
    email: 'faculty-vacr@example.edu',
    description: 'Faculty at a Virginia public university (George Mason University): downloads files on VACR.',
    ranges: ['VACR'],
    school: 'George Mason University',
    claims: FACULTY_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    messages: [WELCOME, INVITE_STUDENTS],
    organization: { school: 'George Mason University', roles: FACULTY_ORGANIZATION_ROLES },
    courses: [{ course: 'gmu-security-fundamentals', roles: FACULTY_COURSE_ROLES }],
  },
  {
    persona: 'faculty-uscr',
    displayName: 'Una Faculty',
    email: 'faculty-uscr@example.edu',
    description:
      'Faculty at the University of Nebraska at Omaha, a user of the national range: downloads files on USCR and submits courseware (can-submit-abstract).',
    ranges: ['USCR'],
    school: 'University of Nebraska at Omaha',
    // Issue 25 item 6: one seeded persona submits courseware (decision record 067).
    claims: [...FACULTY_CLAIMS, { type: CLAIM_TYPES.submitAbstract, value: ANY_SCOPE }],
    subscriptions: [COURSEWARE_FEATURE],
    messages: [WELCOME, INVITE_STUDENTS],
    organization: { school: 'University of Nebraska at Omaha', roles: FACULTY_ORGANIZATION_ROLES },
    courses: [{ course: 'uno-network-defense', roles: FACULTY_COURSE_ROLES }],
  },
  {
    persona: 'editor',
    displayName: 'Eddie Editor',
    email: 'editor@example.org',
    description: 'Content editor: edits and deletes content, news, events and pages.',
    ranges: ['USCR', 'VACR'],
    school: null,
    claims: EDITOR_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    messages: [WELCOME],
    organization: null,
    courses: [],
  },
  {
    persona: 'admin',
    displayName: 'Ada Admin',
    email: 'admin@example.org',
    description: 'Administrator: everything an editor may, plus archived content, users and impersonation.',
    ranges: ['USCR', 'VACR'],
    school: null,
    claims: ADMINISTRATOR_CLAIMS,
    subscriptions: [COURSEWARE_FEATURE],
    messages: [WELCOME, { key: 'dashboard', message: 'Download statistics are on the dashboard.', link: '/dashboard' }],
    organization: null,
    courses: [],
  },
  {
    persona: 'no-role',
    displayName: 'Nora NoRole',
    email: 'no-role@example.edu',
    description: 'Subscribed to the courseware but without the USER role: the login is not valid.',
    ranges: ['USCR'],
    school: null,
    claims: [],
    subscriptions: [COURSEWARE_FEATURE],
    messages: [],
    organization: null,
    courses: [],
  },
  {
    persona: 'no-subscription',
    displayName: 'Nick NoSubscription',
    email: 'no-subscription@example.edu',
    description: 'USER role but no coursewareFeature subscription: the login is not valid.',
    ranges: ['USCR'],
    school: null,
    claims: [role(USER_ROLE)],
    subscriptions: [],
    messages: [],
    organization: null,
    courses: [],
  },
];

/** A persona as the dev identity provider lists it: who it is and the upstream subject it signs in with. */
export interface PersonaAccount {
  readonly persona: PersonaName;
  readonly userId: string;
  readonly displayName: string;
  readonly email: string;
  /** Upstream subject at both providers (`vcr` and `sso`): `dev|<persona>`. */
  readonly subject: string;
  readonly description: string;
}

/** The persona table for the dev identity provider (local stack only). */
export const PERSONA_ACCOUNTS: readonly PersonaAccount[] = PERSONA_DEFINITIONS.map((definition) => ({
  persona: definition.persona,
  userId: seedId(PERSONA_ID_KINDS.user, definition.persona),
  displayName: definition.displayName,
  email: definition.email,
  subject: personaSubject(definition.persona),
  description: definition.description,
}));

/** One row of schools.csv (SOURCES.md §4), as far as business units need it. */
export interface SchoolRow {
  readonly unitid: string;
  readonly name: string;
  readonly city: string;
  readonly state: string;
  readonly type: string;
  readonly ipedsSector: string;
  readonly region: string;
}

/** IPEDS sectors of public institutions (1: 4-year or above; 4: 2-year). */
const PUBLIC_SECTORS = new Set(['1', '4']);
/** schools.csv `type` → business unit category. */
const SCHOOL_CATEGORY: Readonly<Record<string, BusinessUnitCategory>> = {
  university: 'university',
  'community college': 'college',
};

/**
 * Splits CSV text (RFC 4180: quoted fields, doubled quotes; CRLF or LF line ends)
 * into rows of fields with papaparse, skipping blank lines.
 */
export function parseCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { newline: '\n', skipEmptyLines: true });
  return parsed.data.filter((fields) => fields.some((value) => value !== ''));
}

/**
 * Reads schools.csv under `dataRoot`.
 * @throws Error when the header lacks a column the business units need.
 */
export async function readSchools(dataRoot: string): Promise<SchoolRow[]> {
  const [header = [], ...rows] = parseCsv(await readFile(path.join(dataRoot, SCHOOLS_FILE), 'utf8'));
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${SCHOOLS_FILE} has no column "${name}".`);
    return index;
  };
  const at = {
    unitid: column('unitid'),
    name: column('name'),
    city: column('city'),
    state: column('state'),
    type: column('type'),
    ipedsSector: column('ipeds_sector'),
    region: column('region'),
  };
  return rows.map((fields) => ({
    unitid: fields[at.unitid] ?? '',
    name: fields[at.name] ?? '',
    city: fields[at.city] ?? '',
    state: fields[at.state] ?? '',
    type: fields[at.type] ?? '',
    ipedsSector: fields[at.ipedsSector] ?? '',
    region: fields[at.region] ?? '',
  }));
}

/**
 * The business unit of a school row: id from the IPEDS unit id, category from `type`,
 * public from the IPEDS sector, eligible brands as seeded (a Virginia public school:
 * VACR; domain/business-units.ts `seededEligibleBrands`; decision record 030).
 * @throws Error for a `type` without a category rule.
 */
export function businessUnitOf(school: SchoolRow): BusinessUnitFields {
  const category = SCHOOL_CATEGORY[school.type];
  if (!category) throw new Error(`No business unit category for school type "${school.type}" (${school.name}).`);
  return {
    id: seedId(PERSONA_ID_KINDS.businessUnit, school.unitid),
    name: school.name,
    category,
    region: school.region,
    state: school.state || null,
    public: PUBLIC_SECTORS.has(school.ipedsSector),
    eligibleBrands: seededEligibleBrands({ state: school.state, public: PUBLIC_SECTORS.has(school.ipedsSector) }),
  };
}

/** Everything the persona seed writes. */
export interface PersonaPlan {
  readonly businessUnits: BusinessUnitFields[];
  readonly organizations: Organization[];
  readonly accounts: NewUserAccount[];
  /** The organizations' rosters (support recipients): one entry per persona membership. */
  readonly organizationMembers: { readonly organizationId: string; readonly member: Member }[];
  /** The personas' courses with their members (decision record 025). */
  readonly courses: { readonly course: Course; readonly members: Member[] }[];
}

/**
 * Plans the personas (pure): their business units (found in `schools` by exact
 * name) and accounts. `now` is the users' creation time.
 * @throws Error when a persona's school is not in the list, or named twice.
 */
export function planPersonas(schools: readonly SchoolRow[], now: Date): PersonaPlan {
  const businessUnits = new Map<string, BusinessUnitFields>();
  const organizations = new Map<string, Organization>();
  const organizationMembers: PersonaPlan['organizationMembers'] = [];
  const courses = new Map<string, { course: Course; members: Member[] }>();
  const unitOf = (name: string, persona: PersonaName): BusinessUnitFields => {
    const matches = schools.filter((school) => school.name === name);
    if (matches.length !== 1) {
      throw new Error(
        `School "${name}" of persona ${persona} is in ${SCHOOLS_FILE} ${matches.length} times, not once.`,
      );
    }
    const unit = businessUnitOf(matches[0] as SchoolRow);
    businessUnits.set(unit.id, unit);
    return unit;
  };
  const accounts = PERSONA_DEFINITIONS.map((definition): NewUserAccount => {
    const unit = definition.school === null ? null : unitOf(definition.school, definition.persona);
    const memberships: OrganizationMembership[] = [];
    if (definition.organization) {
      const orgUnit = unitOf(definition.organization.school, definition.persona);
      const organization: Organization = {
        id: seedId(PERSONA_ID_KINDS.organization, orgUnit.id),
        name: `${orgUnit.name} cyber range courses`,
        businessUnitId: orgUnit.id,
      };
      organizations.set(organization.id, organization);
      memberships.push({ id: organization.id, name: organization.name, roles: [...definition.organization.roles] });
    }
    const userId = seedId(PERSONA_ID_KINDS.user, definition.persona);
    // An organization admin invites students into their own organizations (spec §1
    // "Faculty also invite students"; decision record 030): the claim is scoped to them.
    const invitesTo = memberships.filter((membership) => membership.roles.includes(SUPPORT_ROLES.organizationAdmin));
    const claims: readonly Claim[] =
      invitesTo.length === 0
        ? definition.claims
        : [
            ...definition.claims,
            {
              type: CLAIM_TYPES.api,
              value: API_CLAIMS.inviteUsers,
              scopes: invitesTo.map((membership) => membership.id),
            },
          ];
    for (const membership of memberships) {
      organizationMembers.push({ organizationId: membership.id, member: { userId, roles: membership.roles } });
    }
    for (const enrolment of definition.courses) {
      const seeded = PERSONA_COURSES[enrolment.course];
      if (!seeded) throw new Error(`Course "${enrolment.course}" of persona ${definition.persona} is not seeded.`);
      const courseUnit = unitOf(seeded.school, definition.persona);
      const entry = courses.get(enrolment.course) ?? {
        course: {
          id: seedId(PERSONA_ID_KINDS.course, enrolment.course),
          name: seeded.name,
          createdTimestamp: seeded.createdTimestamp,
          organizationId: seedId(PERSONA_ID_KINDS.organization, courseUnit.id),
        },
        members: [],
      };
      entry.members.push({ userId, roles: [...enrolment.roles] });
      courses.set(enrolment.course, entry);
    }
    const messages: Message[] = definition.messages.map((message) => ({
      id: seedId(PERSONA_ID_KINDS.message, `${definition.persona}|${message.key}`),
      message: message.message,
      link: message.link,
    }));
    return {
      user: {
        id: userId,
        displayName: definition.displayName,
        email: definition.email,
        picture: null,
        businessUnitId: unit?.id ?? null,
        businessUnit: unit
          ? {
              id: unit.id,
              name: unit.name,
              state: unit.state,
              public: unit.public,
              eligibleBrands: unit.eligibleBrands,
            }
          : null,
        ranges: [...definition.ranges],
        createdTimestamp: now.toISOString(),
      },
      claims,
      subscriptions: definition.subscriptions,
      messages,
      organizations: memberships,
      identities: PERSONA_PROVIDERS.map((provider) => ({ provider, subject: personaSubject(definition.persona) })),
    };
  });
  return {
    businessUnits: [...businessUnits.values()],
    organizations: [...organizations.values()],
    accounts,
    organizationMembers,
    courses: [...courses.values()],
  };
}

/** What the persona seed did: created, or found already present (and left alone). */
export interface PersonaSeedCounts {
  readonly businessUnits: { created: number; alreadyPresent: number };
  readonly personas: { created: number; alreadyPresent: number };
}

/**
 * Seeds the personas, their business units, organizations (with their rosters) and
 * courses. Idempotent: existing items are found first (BatchGetItem, GetItem) and
 * left alone; every create is conditional, and a create that loses to an existing
 * item counts as already present.
 */
export async function seedPersonas(dataRoot: string, now: Date): Promise<PersonaSeedCounts> {
  const plan = planPersonas(await readSchools(dataRoot), now);

  const businessUnits = { created: 0, alreadyPresent: 0 };
  const presentUnits = new Set((await getBusinessUnitsByIds(plan.businessUnits.map((u) => u.id))).map((u) => u.id));
  for (const unit of plan.businessUnits) {
    if (presentUnits.has(unit.id) || !(await createdUnlessConflict(() => createBusinessUnit(unit)))) {
      businessUnits.alreadyPresent += 1;
    } else {
      businessUnits.created += 1;
    }
  }

  const presentOrganizations = new Set(
    (await getOrganizationsByIds(plan.organizations.map((o) => o.id))).map((o) => o.id),
  );
  for (const organization of plan.organizations) {
    if (!presentOrganizations.has(organization.id)) await createdUnlessConflict(() => createOrganization(organization));
  }

  const personas = { created: 0, alreadyPresent: 0 };
  const presentUsers = new Set((await getUsersByIds(plan.accounts.map((a) => a.user.id))).map((user) => user.id));
  for (const account of plan.accounts) {
    if (presentUsers.has(account.user.id) || !(await createdUnlessConflict(() => createUserAccount(account)))) {
      personas.alreadyPresent += 1;
    } else {
      personas.created += 1;
    }
  }

  for (const { organizationId, member } of plan.organizationMembers) {
    await createdUnlessConflict(() => addOrganizationMember(organizationId, member));
  }
  for (const { course, members } of plan.courses) {
    if (!(await getCourse(course.id))) await createdUnlessConflict(() => createCourse(course, members));
  }
  return { businessUnits, personas };
}
