import * as z from 'zod';
import { BRANDS } from '../enums.ts';
import { ADMIN_LIMITS } from '../limits.ts';
import { EntityId, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { Claim, OrganizationMembership } from './identity.ts';
import { INVITATION_MESSAGES, INVITATION_ROLES } from './invitation-values.ts';

export { INVITATION_MESSAGES, INVITATION_ROLES };

/**
 * Administration (issue 11; spec §1 "Faculty invite students", "Students: by
 * invitation only", brand eligibility; §2.2 `/admin`; §2.15 Admin page and
 * `/template.csv`; §3 "User import", "Session and claims", "Raw download data point"
 * business units; §5 "File picker and user import"; §6 privileged actions; §7 client
 * groups organization, user, business unit; decision record 030). Shared by the API
 * and the SPA: every request and answer of the business units, user administration,
 * audit log, invitations and user imports.
 */

const max = (limit: number) => `Must be at most ${limit} characters.`;
const required = (limit: number) =>
  z.string({ error: 'Is required.' }).trim().min(1, 'Is required.').max(limit, max(limit));
/** An optimistic-locking version read with the item and sent back with a change. */
const Version = z.number({ error: 'Is required.' }).int().min(1);

/* ── Business units (organizations: schools, colleges, governments, companies) ── */

/**
 * Kinds of business unit (spec §3 "Chart institution kinds": K12, community college,
 * university, government, commercial, other). `college` is a community college (the
 * stored value the download statistics already use).
 */
export const BUSINESS_UNIT_CATEGORIES = ['K12', 'college', 'university', 'government', 'commercial', 'other'] as const;
export const BusinessUnitCategory = z.enum(BUSINESS_UNIT_CATEGORIES, { error: 'Choose a category.' });
export type BusinessUnitCategory = z.infer<typeof BusinessUnitCategory>;

/** What people read for each category. */
export const BUSINESS_UNIT_CATEGORY_LABELS: Readonly<Record<BusinessUnitCategory, string>> = {
  K12: 'K12',
  college: 'Community college',
  university: 'University',
  government: 'Government',
  commercial: 'Commercial',
  other: 'Other',
};

/** A US state or territory as its two-letter USPS code, e.g. `VA`. */
export const StateCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter state code, e.g. VA.');

/**
 * A business unit (spec §3 "businessUnits": name, category, region; issue 11): the
 * school, college, university, government or company a user belongs to.
 * `eligibleBrands` is the eligibility of spec §1 as data: the brands on which this
 * unit's faculty may download (a Virginia public school: `['VACR']`); on USCR the
 * data is the user's `ranges` (decision record 030). `mergedIntoId` is set once the
 * unit was merged into another: it is kept so that its download history stays
 * attributed (to the unit it was merged into), and hidden from lists.
 */
export const BusinessUnit = z
  .object({
    id: EntityId,
    name: z.string(),
    category: BusinessUnitCategory,
    state: z.string().nullable(),
    region: z.string(),
    public: z.boolean(),
    eligibleBrands: z.array(z.enum(BRANDS)),
    mergedIntoId: EntityId.nullable(),
    version: z.number().int(),
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
  })
  .meta({ id: 'BusinessUnit' });
export type BusinessUnit = z.infer<typeof BusinessUnit>;

export const BusinessUnitPage = pageOf(BusinessUnit).meta({ id: 'BusinessUnitPage' });
export type BusinessUnitPage = z.infer<typeof BusinessUnitPage>;

/** `POST /api/v1/business-units` body: a new business unit. */
export const BusinessUnitInput = z
  .object({
    name: required(ADMIN_LIMITS.businessUnitNameMaxChars),
    category: BusinessUnitCategory,
    state: StateCode.nullable(),
    region: z.string().trim().max(ADMIN_LIMITS.regionMaxChars, max(ADMIN_LIMITS.regionMaxChars)),
    public: z.boolean({ error: 'Is required.' }),
    eligibleBrands: z
      .array(z.enum(BRANDS, { error: 'Choose USCR or VACR.' }))
      .max(BRANDS.length)
      .refine((brands) => new Set(brands).size === brands.length, 'Name each brand once.'),
  })
  .meta({ id: 'BusinessUnitInput' });
export type BusinessUnitInput = z.infer<typeof BusinessUnitInput>;

/** `PUT /api/v1/business-units/{id}` body: the whole unit, with the version read. */
export const UpdateBusinessUnitRequest = BusinessUnitInput.extend({ version: Version }).meta({
  id: 'UpdateBusinessUnitRequest',
});
export type UpdateBusinessUnitRequest = z.infer<typeof UpdateBusinessUnitRequest>;

export const BusinessUnitPath = z.object({ id: EntityId });

/**
 * `GET /api/v1/business-units` query: name order; `q` matches anywhere in the name,
 * case-insensitively (at least 2 characters, spec §9 "Search minimum"); merged units
 * are never listed.
 */
export const ListBusinessUnitsQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100, max(100)).optional(),
  category: BusinessUnitCategory.optional(),
  state: StateCode.optional(),
  limit: limitParam(300, 50),
  pageToken: PageToken.optional(),
});
export type ListBusinessUnitsQuery = z.infer<typeof ListBusinessUnitsQuery>;

/**
 * `POST /api/v1/business-units/{id}/merge` body: merge the unit `{id}` (the
 * duplicate) into `intoId` (the one kept), with the versions of both as read.
 */
export const MergeBusinessUnitRequest = z
  .object({ intoId: EntityId, version: Version, intoVersion: Version })
  .meta({ id: 'MergeBusinessUnitRequest' });
export type MergeBusinessUnitRequest = z.infer<typeof MergeBusinessUnitRequest>;

/**
 * The answer of a merge: the unit kept (its new version), how many users were moved
 * to it, and whether every user is moved (`complete`; a repeat of the same merge
 * finishes an interrupted one).
 */
export const MergedBusinessUnit = z
  .object({ mergedId: EntityId, into: BusinessUnit, usersMoved: z.number().int(), complete: z.boolean() })
  .meta({ id: 'MergedBusinessUnit' });
export type MergedBusinessUnit = z.infer<typeof MergedBusinessUnit>;

/* ── Organizations (teams of the exercise area) ─────────────────────────────── */

/**
 * An exercise-area organization ("team", spec §6 "move team"; §7 "Organizations: get
 * all"): a school's or company's group of courses and people, belonging to a
 * business unit.
 */
export const Organization = z
  .object({ id: EntityId, name: z.string(), businessUnitId: EntityId.nullable() })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;
export const AllOrganizationsPage = pageOf(Organization).meta({ id: 'AllOrganizationsPage' });
export type AllOrganizationsPage = z.infer<typeof AllOrganizationsPage>;
export const ListAllOrganizationsQuery = z.object({
  limit: limitParam(1000, 300),
  pageToken: PageToken.optional(),
});

export const InvitationRole = z.enum(INVITATION_ROLES, {
  error: 'Choose student, organization instructor or organization admin.',
});
export type InvitationRole = z.infer<typeof InvitationRole>;

/* ── Users and rights ───────────────────────────────────────────────────────── */

/** A business unit as a user row names it. */
export const BusinessUnitRef = z.object({ id: EntityId, name: z.string() }).meta({ id: 'BusinessUnitRef' });
export type BusinessUnitRef = z.infer<typeof BusinessUnitRef>;

/**
 * Everything an administrator sees and edits of one user (spec §3 "Session and
 * claims": claims with type, value, scopes; product subscriptions; issue 11 item 2).
 * `roles` are the values of the `role` claims; `version` guards every change.
 */
export const UserDetail = z
  .object({
    id: EntityId,
    displayName: z.string(),
    email: z.string().nullable(),
    picture: z.string().nullable(),
    businessUnit: BusinessUnitRef.nullable(),
    ranges: z.array(z.enum(BRANDS)),
    roles: z.array(z.string()),
    claims: z.array(Claim),
    subscriptions: z.array(z.string()),
    organizations: z.array(OrganizationMembership),
    createdTimestamp: IsoDateTime,
    version: z.number().int(),
  })
  .meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetail>;

export const UserPath = z.object({ id: EntityId });

/**
 * `PUT /api/v1/users/{id}/rights` body: the user's whole set of claims (roles are
 * `role` claims), product subscriptions and ranges, replacing what is stored.
 */
export const UpdateUserRightsRequest = z
  .object({
    version: Version,
    claims: z.array(Claim).max(ADMIN_LIMITS.claimsPerUser, `At most ${ADMIN_LIMITS.claimsPerUser} claims.`),
    subscriptions: z
      .array(z.string().trim().min(1).max(64))
      .max(ADMIN_LIMITS.subscriptionsPerUser, `At most ${ADMIN_LIMITS.subscriptionsPerUser} subscriptions.`),
    ranges: z.array(z.enum(BRANDS)).max(BRANDS.length),
  })
  .meta({ id: 'UpdateUserRightsRequest' });
export type UpdateUserRightsRequest = z.infer<typeof UpdateUserRightsRequest>;

/** `PUT /api/v1/users/{id}/business-unit` body: move the user to another business unit (or none). */
export const MoveUserBusinessUnitRequest = z
  .object({ version: Version, businessUnitId: EntityId.nullable() })
  .meta({ id: 'MoveUserBusinessUnitRequest' });
export type MoveUserBusinessUnitRequest = z.infer<typeof MoveUserBusinessUnitRequest>;

/**
 * `PUT /api/v1/users/{id}/organization` body (spec §6 "move team"): leave
 * `fromOrganizationId` (null: join without leaving) and join `toOrganizationId` with
 * `roles`.
 */
export const MoveUserOrganizationRequest = z
  .object({
    version: Version,
    fromOrganizationId: EntityId.nullable(),
    toOrganizationId: EntityId,
    roles: z.array(InvitationRole).min(1, 'Choose at least one role.').max(INVITATION_ROLES.length),
  })
  .meta({ id: 'MoveUserOrganizationRequest' });
export type MoveUserOrganizationRequest = z.infer<typeof MoveUserOrganizationRequest>;

/* ── Audit log ──────────────────────────────────────────────────────────────── */

/** What an audit event records a change of. */
export const AUDIT_ACTIONS = [
  'user.rights.update',
  'user.businessUnit.move',
  'user.organization.move',
  'businessUnit.create',
  'businessUnit.update',
  'businessUnit.merge',
  'invitation.create',
  'invitation.resend',
  'invitation.revoke',
  'invitation.accept',
  'userImport.run',
  'impersonation.start',
  'impersonation.end',
  'content.create',
  'content.update',
  'content.archive',
  'content.restore',
  'content.delete',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AUDIT_TARGET_TYPES = ['user', 'businessUnit', 'invitation', 'userImport', 'content'] as const;

/**
 * One audit event (issue 11 item 2: who, what, when, before and after). `actor` is
 * who did it; `actor.impersonatorId` the real administrator when it was done while
 * impersonating. `before`/`after` are the changed record's fields (null when it did
 * not exist before, or was not changed).
 */
export const AuditEvent = z
  .object({
    id: EntityId,
    timestamp: IsoDateTime,
    action: AuditAction,
    actor: z.object({ id: EntityId, displayName: z.string(), impersonatorId: EntityId.nullable() }),
    target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: EntityId, name: z.string() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof AuditEvent>;
export const AuditEventPage = pageOf(AuditEvent).meta({ id: 'AuditEventPage' });
export type AuditEventPage = z.infer<typeof AuditEventPage>;

/** `GET /api/v1/audit-events` query: newest first; `targetId` narrows to one user, unit, invitation or import. */
export const ListAuditEventsQuery = z.object({
  targetId: EntityId.optional(),
  limit: limitParam(100, 50),
  pageToken: PageToken.optional(),
});
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>;

/* ── Invitations ────────────────────────────────────────────────────────────── */

/** Where an invitation stands; `expired` is a pending one past `expiresTimestamp`. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** An e-mail address as invitations and imports take it. */
export const InvitationEmail = required(ADMIN_LIMITS.emailMaxChars).pipe(z.email('Enter a valid e-mail address.'));

/**
 * An invitation to the exercise area (spec §1, §6 "user invite, re-invite"): one
 * e-mail address, one organization, one role. The secret of its link is never
 * returned (only its e-mail carries it).
 */
export const Invitation = z
  .object({
    id: EntityId,
    email: z.string(),
    displayName: z.string().nullable(),
    organization: z.object({ id: EntityId, name: z.string() }),
    role: InvitationRole,
    status: InvitationStatus,
    invitedBy: z.object({ id: EntityId, displayName: z.string() }),
    createdTimestamp: IsoDateTime,
    expiresTimestamp: IsoDateTime,
    sentCount: z.number().int(),
    lastSentTimestamp: IsoDateTime,
    emailStatus: z.enum(['sent', 'pending']),
    acceptedTimestamp: IsoDateTime.nullable(),
    acceptedUserId: EntityId.nullable(),
    importId: EntityId.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;
export const InvitationPage = pageOf(Invitation).meta({ id: 'InvitationPage' });
export type InvitationPage = z.infer<typeof InvitationPage>;

/** `POST /api/v1/invitations` body. */
export const CreateInvitationRequest = z
  .object({
    email: InvitationEmail,
    displayName: z.string().trim().max(ADMIN_LIMITS.nameMaxChars, max(ADMIN_LIMITS.nameMaxChars)).optional(),
    organizationId: EntityId,
    role: InvitationRole,
  })
  .meta({ id: 'CreateInvitationRequest' });
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

/** `GET /api/v1/invitations` query: newest first, the organizations the caller may invite to. */
export const ListInvitationsQuery = z.object({
  organizationId: EntityId.optional(),
  status: InvitationStatus.optional(),
  limit: limitParam(300, 50),
  pageToken: PageToken.optional(),
});
export type ListInvitationsQuery = z.infer<typeof ListInvitationsQuery>;

export const InvitationPath = z.object({ id: EntityId });

/** The secret link token of an invitation: `<invitation id>.<secret>`. */
export const InvitationToken = z
  .string()
  .trim()
  .min(1, 'Is required.')
  .max(ADMIN_LIMITS.invitationTokenMaxChars, max(ADMIN_LIMITS.invitationTokenMaxChars));

/** `GET /api/v1/invitations/preview?token=`: what the invitation page shows before signing in. */
export const InvitationPreviewQuery = z.object({ token: InvitationToken });
export const InvitationPreview = z
  .object({
    organizationName: z.string(),
    role: InvitationRole,
    invitedByName: z.string(),
    expiresTimestamp: IsoDateTime,
    status: InvitationStatus,
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/* ── User import (spec §3 "User import", §5 "File picker and user import") ───── */

/** The message when no file is chosen (spec §5). */
export const SELECT_IMPORT_FILE_MESSAGE = 'Please select a file to import.';

/** The columns of an import file, in the template's order (`/template.csv`). */
export const USER_IMPORT_COLUMNS = ['name', 'email', 'role'] as const;

/**
 * How an import writes: `allOrNothing` refuses the whole file when any row is bad
 * (and undoes everything when a write fails); `validRowsOnly` writes the good rows,
 * skips the bad ones and reports them.
 */
export const USER_IMPORT_MODES = ['allOrNothing', 'validRowsOnly'] as const;
export const UserImportMode = z.enum(USER_IMPORT_MODES);
export type UserImportMode = z.infer<typeof UserImportMode>;

/** The file of an import: its name and its bytes, base64 (so that a non-UTF-8 file is seen as such). */
export const UserImportFile = z.object({
  fileName: required(120),
  content: z
    .string({ error: SELECT_IMPORT_FILE_MESSAGE })
    .max(Math.ceil(ADMIN_LIMITS.importFileMaxBytes / 3) * 4 + 4, 'The selected file is too large to upload.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64.'),
  organizationId: EntityId,
});

/** `POST /api/v1/user-imports/preview` body. */
export const UserImportPreviewRequest = UserImportFile.meta({ id: 'UserImportPreviewRequest' });
export type UserImportPreviewRequest = z.infer<typeof UserImportPreviewRequest>;

/** `POST /api/v1/user-imports` body. */
export const RunUserImportRequest = UserImportFile.extend({ mode: UserImportMode }).meta({
  id: 'RunUserImportRequest',
});
export type RunUserImportRequest = z.infer<typeof RunUserImportRequest>;

/**
 * One row of an import: its line in the file (1 is the header), the cells as read,
 * and what became of it. `valid`/`invalid` in a preview; `created` (invited),
 * `skipped` (invalid, not written) or `failed` (valid, but the write failed) after a
 * run. `reasons` says why a row is invalid or failed.
 */
export const USER_IMPORT_ROW_STATUSES = ['valid', 'invalid', 'created', 'skipped', 'failed'] as const;
export const UserImportRow = z
  .object({
    line: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.enum(USER_IMPORT_ROW_STATUSES),
    reasons: z.array(z.string()),
  })
  .meta({ id: 'UserImportRow' });
export type UserImportRow = z.infer<typeof UserImportRow>;

/** The answer of a preview: every row with its verdict; nothing is written. */
export const UserImportPreview = z
  .object({
    fileName: z.string(),
    organization: z.object({ id: EntityId, name: z.string() }),
    rowCount: z.number().int(),
    validCount: z.number().int(),
    invalidCount: z.number().int(),
    rows: z.array(UserImportRow),
  })
  .meta({ id: 'UserImportPreview' });
export type UserImportPreview = z.infer<typeof UserImportPreview>;

/**
 * A stored import (its result): `complete` when every row was written, `partial`
 * when some were skipped or failed (the rows say which and why).
 */
export const UserImport = z
  .object({
    id: EntityId,
    fileName: z.string(),
    organization: z.object({ id: EntityId, name: z.string() }),
    mode: UserImportMode,
    status: z.enum(['complete', 'partial']),
    importedBy: z.object({ id: EntityId, displayName: z.string() }),
    createdTimestamp: IsoDateTime,
    rowCount: z.number().int(),
    createdCount: z.number().int(),
    skippedCount: z.number().int(),
    failedCount: z.number().int(),
    rows: z.array(UserImportRow),
  })
  .meta({ id: 'UserImport' });
export type UserImport = z.infer<typeof UserImport>;

/** A stored import without its rows, for the list. */
export const UserImportSummary = UserImport.omit({ rows: true }).meta({ id: 'UserImportSummary' });
export type UserImportSummary = z.infer<typeof UserImportSummary>;
export const UserImportPage = pageOf(UserImportSummary).meta({ id: 'UserImportPage' });
export type UserImportPage = z.infer<typeof UserImportPage>;
export const ListUserImportsQuery = z.object({ limit: limitParam(100, 25), pageToken: PageToken.optional() });
export const UserImportPath = z.object({ id: EntityId });
