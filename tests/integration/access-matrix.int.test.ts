import { readFileSync } from 'node:fs';
import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS, type PersonaName } from '#shared/contracts/identity';
import { type OperationId, ROUTES } from '#shared/routes';
import { bumpCatalogRevision } from '../../functions/src/data/catalog.ts';
import { createCollectionRecord } from '../../functions/src/data/collections.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { createNewsEvent } from '../../functions/src/data/news-events.ts';
import { createPage } from '../../functions/src/data/pages.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { syncCatalogSnapshot } from '../../functions/src/search/indexer.ts';
import { seededPageId } from '../../functions/src/seed/pages.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { storeAttachedFile } from '../../functions/src/test-support/stored-file.ts';
import { type LocalPortal, portalTokenFor, signInAs, startLocalPortal } from '../support/local-portal.ts';
import { createSignedInUser } from '../support/own-user.ts';

/**
 * Who may call what (spec §6), over HTTP against the embedded stack with the seeded
 * personas. The expected outcomes below are written by hand from spec §6 and the
 * personas' claims, NOT computed by the capability module under test: a change to
 * `shared/capabilities.ts` that changes an outcome must also change this table.
 *
 * Statuses: 200 allowed; 401 not signed in (or no valid login: no USER role, or no
 * coursewareFeature subscription);
 * 403 signed in without the capability; 404 hidden from this caller exactly like
 * missing content (existence never leaks).
 */

/**
 * `revoked` (issue 21 item 2): a user of the matrix's own, signed in with an editor's
 * rights, whose every claim and subscription an administrator then removed over the
 * API; the matrix calls with the token issued BEFORE the removal.
 */
type Caller = 'visitor' | PersonaName | 'revoked';

/** The link of the unpublished page the matrix creates (decision record 026). */
const DRAFT_PAGE_HREF = '/matrix-draft-page';
const CALLERS: readonly Caller[] = ['visitor', ...PERSONAS, 'revoked'];

/** One request of the matrix. `{unpublished}` / `{archived}` / `{hiddenParent}` / `{lab}` … are filled in at run time. */
interface MatrixRow {
  readonly operationId: OperationId;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: 'upstream-token';
  /** A JSON body to POST instead of the empty one (placeholders filled in as in `path`). */
  readonly json?: string;
  readonly expected: Readonly<Record<Caller, number>>;
}

/**
 * The same status for every caller but `revoked`: a token whose session has ended is
 * refused (401) on every route, public ones included, exactly like an expired one
 * (decision record 032).
 */
const everyone = (status: number): Record<Caller, number> => ({
  ...(Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, number>),
  revoked: 401,
});

/**
 * A valid login (spec §4 "Session"): the USER role AND the coursewareFeature
 * subscription; no-role lacks the first, no-subscription the second (issue 21 item 3).
 */
const SIGNED_IN = {
  visitor: 401,
  student: 200,
  'faculty-vacr': 200,
  'faculty-uscr': 200,
  editor: 200,
  admin: 200,
  'no-role': 401,
  'no-subscription': 401,
  revoked: 401,
} as const satisfies Record<Caller, number>;

/** 200 for every caller, a revoked token's too: routes that never read the token. */
const ALWAYS_200 = Object.fromEntries(CALLERS.map((caller) => [caller, 200])) as Record<Caller, number>;

const MATRIX: readonly MatrixRow[] = [
  { operationId: 'listContent', method: 'GET', path: '/api/v1/content?limit=5', expected: everyone(200) },
  {
    operationId: 'listContent',
    method: 'GET',
    path: '/api/v1/content?archived=true',
    // spec §2.2/§6: archived content needs can-view-archived-content (only the admin persona).
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: 403,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/api/v1/content/seed-labs-hands-on-labs-for-security-education',
    expected: everyone(200),
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/api/v1/content/{unpublished}',
    // Unpublished content: only those who may update content (patch_v1_content) see it.
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/api/v1/content/{archived}',
    // Archived content: view-archived-content as well (admin only).
    expected: { ...everyone(404), admin: 200 },
  },
  // Coverage of an item with its descendants (issue 27 item 2, decision record 080): readable as the item.
  {
    operationId: 'getContentCoverageReport',
    method: 'GET',
    path: '/api/v1/content-coverage/seed-labs-hands-on-labs-for-security-education',
    expected: everyone(200),
  },
  {
    operationId: 'getContentCoverageReport',
    method: 'GET',
    path: '/api/v1/content-coverage/{unpublished}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'getContentCoverageReport',
    method: 'GET',
    path: '/api/v1/content-coverage/{archived}',
    expected: { ...everyone(404), admin: 200 },
  },
  // Public usage of an item (issue 26 item 4, decision record 071): visible exactly as the item's detail.
  { operationId: 'getContentUsage', method: 'GET', path: '/api/v1/content-items/{lab}/usage', expected: everyone(200) },
  {
    operationId: 'getContentUsage',
    method: 'GET',
    path: '/api/v1/content-items/{unpublished}/usage',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'getContentUsage',
    method: 'GET',
    path: '/api/v1/content-items/{archived}/usage',
    expected: { ...everyone(404), admin: 200 },
  },
  {
    operationId: 'getContentUsage',
    method: 'GET',
    path: '/api/v1/content-items/00000000000000000000000000/usage',
    expected: everyone(404),
  },
  {
    operationId: 'listContentChildren',
    method: 'GET',
    path: '/api/v1/content-children/{hiddenParent}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  { operationId: 'listKnowledge', method: 'GET', path: '/api/v1/knowledge?type=KU', expected: everyone(200) },
  // Named knowledge items for a screen's chips (issue 22 item 1): public like the whole list.
  {
    operationId: 'listKnowledge',
    method: 'GET',
    path: '/api/v1/knowledge?type=KU&ids=CO-M.9,CSF',
    expected: everyone(200),
  },
  { operationId: 'getKnowledge', method: 'GET', path: '/api/v1/knowledge/KU/CSF', expected: everyone(200) },
  // NICE work roles and competency areas (issue 27 item 1): public reference data, like knowledge.
  { operationId: 'listWorkRoles', method: 'GET', path: '/api/v1/work-roles?generation=2017', expected: everyone(200) },
  { operationId: 'getWorkRole', method: 'GET', path: '/api/v1/work-roles/DD-WRL-001', expected: everyone(200) },
  { operationId: 'listContributors', method: 'GET', path: '/api/v1/contributors', expected: everyone(200) },
  // A contributor's public page (issue 24 item 6): anyone reads a profile; an unknown id is 404.
  {
    operationId: 'getContributor',
    method: 'GET',
    path: '/api/v1/contributors/{labContributor}',
    expected: everyone(200),
  },
  {
    operationId: 'getContributor',
    method: 'GET',
    path: '/api/v1/contributors/00000000000000000000000000',
    expected: everyone(404),
  },
  // Content writes (spec §6 "Update content", "Delete content"): editor and admin pass the
  // access rule and then fail validation (empty or absent body: 400) or find nothing (404).
  ...(
    [
      ['createContent', 'POST', '/api/v1/content', 400],
      ['replaceContent', 'PUT', '/api/v1/content-items/{unpublished}', 400],
      ['patchContent', 'PATCH', '/api/v1/content-items/{unpublished}', 400],
      ['saveContent', 'POST', '/api/v1/content-saves', 400],
      ['deleteContent', 'DELETE', '/api/v1/content-items/00000000000000000000000000', 404],
      // Subtree writes (issue 21 item 12): validation first (400), so nothing is archived or deleted.
      ['getContentSubtree', 'GET', '/api/v1/content-subtrees/00000000000000000000000000', 404],
      ['setContentSubtreeStatus', 'PATCH', '/api/v1/content-subtrees/{unpublished}', 400],
      ['deleteContentSubtree', 'DELETE', '/api/v1/content-subtrees/{unpublished}', 400],
      ['createContributor', 'POST', '/api/v1/contributors', 400],
      ['updateContributor', 'PUT', '/api/v1/contributors/00000000000000000000000000', 400],
    ] as const
  ).map(([operationId, method, path, editorStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: editorStatus,
      admin: editorStatus,
    },
  })),
  {
    operationId: 'sendContentFeedback',
    method: 'POST',
    path: '/api/v1/content-items/{unpublished}/feedback',
    // post_v1_content_feedback: faculty, editors and admins pass the access rule and then
    // fail validation (the matrix sends an empty body: the message is required).
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 400,
      admin: 400,
      'no-subscription': 401,
    },
  },
  // Anyone may search; what is found depends on the caller (see "what a search finds" below).
  { operationId: 'searchContent', method: 'POST', path: '/api/v1/search/content', expected: everyone(200) },
  // Related courseware (issue 24 item 5): the item must be one the caller may open (like getContent).
  {
    operationId: 'relatedContent',
    method: 'GET',
    path: '/api/v1/search/related/{hiddenLesson}',
    expected: everyone(200),
  },
  {
    operationId: 'relatedContent',
    method: 'GET',
    path: '/api/v1/search/related/{unpublished}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'relatedContent',
    method: 'GET',
    path: '/api/v1/search/related/{archived}',
    expected: { ...everyone(404), admin: 200 },
  },
  {
    operationId: 'relatedContent',
    method: 'GET',
    path: '/api/v1/search/related/00000000000000000000000000',
    expected: everyone(404),
  },
  // Business units (issue 11; decision record 030): any valid login lists and reads them
  // (George Mason University's seeded id); writes need put_v1_business_units — the admin
  // persona's only. The matrix's bodiless writes fail validation for the admin (400), so
  // no unit is created, changed or merged.
  { operationId: 'listBusinessUnits', method: 'GET', path: '/api/v1/business-units?limit=5', expected: SIGNED_IN },
  {
    operationId: 'getBusinessUnit',
    method: 'GET',
    path: '/api/v1/business-units/jgw656szzk9tsmhmf4m9hs57q3',
    expected: SIGNED_IN,
  },
  ...(
    [
      ['createBusinessUnit', 'POST', '/api/v1/business-units'],
      ['updateBusinessUnit', 'PUT', '/api/v1/business-units/jgw656szzk9tsmhmf4m9hs57q3'],
      ['mergeBusinessUnit', 'POST', '/api/v1/business-units/jgw656szzk9tsmhmf4m9hs57q3/merge'],
    ] as const
  ).map(([operationId, method, path]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: 403,
      admin: 400,
      'no-subscription': 401,
    },
  })),
  // ── issue 11: business units and organizations (bu) — insert above this line ──
  // User administration and the audit log (issue 11; decision record 030): reading users and
  // every organization needs get_v1_users, changing them put_v1_users, the audit log
  // get_v1_audit_events — the admin persona's only. The admin's unknown user is 404; its
  // bodiless PUTs fail validation (400), so no persona is changed.
  ...(
    [
      ['listAllOrganizations', 'GET', '/api/v1/organizations/all?limit=5', 200],
      ['getUser', 'GET', '/api/v1/users/00000000000000000000000000', 404],
      ['updateUserRights', 'PUT', '/api/v1/users/00000000000000000000000000/rights', 400],
      ['moveUserBusinessUnit', 'PUT', '/api/v1/users/00000000000000000000000000/business-unit', 400],
      ['moveUserOrganization', 'PUT', '/api/v1/users/00000000000000000000000000/organization', 400],
      ['listAuditEvents', 'GET', '/api/v1/audit-events?limit=5', 200],
      // An administrator's view of a user's personal data (issue 26 item 5): put_v1_users.
      ['getUserPersonalData', 'GET', '/api/v1/users/00000000000000000000000000/personal-data', 404],
    ] as const
  ).map(([operationId, method, path, adminStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: 403,
      admin: adminStatus,
      'no-subscription': 401,
    },
  })),
  // ── issue 11: users, rights and audit log (users) — insert above this line ──
  // Invitations and user imports (issue 11; decision record 030). inviteUsers: the admin
  // (unscoped) and both faculty (organization admins; their claim is scoped to their own
  // organization, so a list aimed at another organization is their 403). The matrix's
  // empty body fails validation (400) for those who pass; unknown ids are 404. The
  // invitation preview is public: a forged link is 404 for everyone. importUsers: admin only.
  ...(() => {
    beforeAll(async () => {
      const { planPersonas, readSchools } = await import('../../functions/src/seed/personas.ts');
      const { DEFAULT_DATA_ROOT } = await import('../../functions/src/seed/import.ts');
      const plan = planPersonas(await readSchools(DEFAULT_DATA_ROOT), new Date());
      const gmu = plan.organizations.find((organization) => organization.name.startsWith('George Mason University'));
      if (!gmu) throw new Error('The seeded George Mason University organization is missing.');
      fill['{gmuOrganization}'] = gmu.id;
    });
    const INVITERS = {
      ...SIGNED_IN,
      student: 403,
      editor: 403,
      'no-subscription': 401,
    } as const satisfies Record<Caller, number>;
    const IMPORTERS = { ...INVITERS, 'faculty-vacr': 403, 'faculty-uscr': 403 } as const;
    const UNKNOWN = '00000000000000000000000000';
    const rows: MatrixRow[] = [
      { operationId: 'listInvitations', method: 'GET', path: '/api/v1/invitations', expected: INVITERS },
      {
        operationId: 'listInvitations',
        method: 'GET',
        path: '/api/v1/invitations?organizationId={gmuOrganization}',
        expected: { ...INVITERS, 'faculty-uscr': 403 },
      },
      {
        operationId: 'createInvitation',
        method: 'POST',
        path: '/api/v1/invitations',
        expected: { ...INVITERS, 'faculty-vacr': 400, 'faculty-uscr': 400, admin: 400 },
      },
      {
        operationId: 'resendInvitation',
        method: 'POST',
        path: `/api/v1/invitations/${UNKNOWN}/resend`,
        expected: { ...INVITERS, 'faculty-vacr': 404, 'faculty-uscr': 404, admin: 404 },
      },
      {
        operationId: 'revokeInvitation',
        method: 'DELETE',
        path: `/api/v1/invitations/${UNKNOWN}`,
        expected: { ...INVITERS, 'faculty-vacr': 404, 'faculty-uscr': 404, admin: 404 },
      },
      {
        operationId: 'getInvitationPreview',
        method: 'GET',
        path: `/api/v1/invitations/preview?token=${UNKNOWN}.${'A'.repeat(43)}`,
        expected: everyone(404),
      },
      {
        operationId: 'previewUserImport',
        method: 'POST',
        path: '/api/v1/user-imports/preview',
        expected: { ...IMPORTERS, admin: 400 },
      },
      {
        operationId: 'runUserImport',
        method: 'POST',
        path: '/api/v1/user-imports',
        expected: { ...IMPORTERS, admin: 400 },
      },
      { operationId: 'listUserImports', method: 'GET', path: '/api/v1/user-imports', expected: IMPORTERS },
      {
        operationId: 'getUserImport',
        method: 'GET',
        path: `/api/v1/user-imports/${UNKNOWN}`,
        expected: { ...IMPORTERS, admin: 404 },
      },
    ];
    return rows;
  })(),
  // ── issue 11: invitations and user imports (invitations) — insert above this line ──
  { operationId: 'getOpenApiDocument', method: 'GET', path: '/api/v1/openapi.json', expected: everyone(200) },
  // Client error reports (issue 21 item 24): public, a token optional (a revoked one is a
  // 401); the matrix's empty body fails validation (400) before the rate limit counts.
  { operationId: 'reportClientError', method: 'POST', path: '/api/v1/client-errors', expected: everyone(400) },
  // The first HTML of public pages (issue 22 item 2; decision record 038): a page for
  // everyone, a revoked token included — the html routes never read a token (browser
  // navigations carry none) and render what a visitor sees; an unpublished item's
  // address answers the plain SPA shell, as tests/integration/first-html.int.test.ts shows.
  { operationId: 'getHomeHtml', method: 'GET', path: '/api/v1/html', expected: ALWAYS_200 },
  {
    operationId: 'getPageHtml',
    method: 'GET',
    path: '/api/v1/html/courseware/seed-labs-hands-on-labs-for-security-education',
    expected: ALWAYS_200,
  },
  { operationId: 'getPageHtml', method: 'GET', path: '/api/v1/html/courseware/{unpublished}', expected: ALWAYS_200 },
  {
    operationId: 'getOpenIdConfiguration',
    method: 'GET',
    path: '/api/v1/auth/.well-known/openid-configuration',
    expected: everyone(200),
  },
  { operationId: 'getJwks', method: 'GET', path: '/api/v1/auth/jwks.json', expected: everyone(200) },
  {
    operationId: 'authenticate',
    method: 'POST',
    path: '/api/v1/authenticate',
    body: 'upstream-token',
    // Every persona has an account; a visitor without a token sends no valid body. The
    // revoked user signs in anew (its new token carries no rights).
    expected: { ...everyone(200), visitor: 400, revoked: 200 },
  },
  {
    operationId: 'endImpersonation',
    method: 'POST',
    path: '/api/v1/impersonation/end',
    // Issue 21 item 19: only an impersonation's token can end one; nobody here impersonates (409).
    expected: {
      ...SIGNED_IN,
      student: 409,
      'faculty-vacr': 409,
      'faculty-uscr': 409,
      editor: 409,
      admin: 409,
    },
  },
  {
    operationId: 'getSsoToken',
    method: 'GET',
    path: '/api/v1/sso-token',
    // viewExerciseArea (spec §6: manage organization or list courses; §1: students by
    // invitation only): the editor and no-subscription have neither.
    expected: { ...SIGNED_IN, editor: 403, 'no-subscription': 401 },
  },
  { operationId: 'listClaims', method: 'GET', path: '/api/v1/claims', expected: SIGNED_IN },
  { operationId: 'listMessages', method: 'GET', path: '/api/v1/messages', expected: SIGNED_IN },
  {
    // No such message in anyone's partition: a signed-in caller gets 404 (issue 25 item 5).
    operationId: 'dismissMessage',
    method: 'DELETE',
    path: '/api/v1/messages/00000000000000000000000000',
    expected: Object.fromEntries(
      Object.entries(SIGNED_IN).map(([caller, status]) => [caller, status === 200 ? 404 : status]),
    ) as Record<Caller, number>,
  },
  {
    operationId: 'getProductSubscription',
    method: 'GET',
    path: '/api/v1/product-subscriptions/coursewareFeature',
    expected: SIGNED_IN,
  },
  { operationId: 'listOrganizations', method: 'GET', path: '/api/v1/organizations', expected: SIGNED_IN },
  // Messages (decision record 025). The public forms are open to everyone: the matrix's
  // empty body fails validation (400) before the rate limit counts anything.
  { operationId: 'sendContactRequest', method: 'POST', path: '/api/v1/contact-requests', expected: everyone(400) },
  {
    operationId: 'createNewsletterSubscriber',
    method: 'POST',
    path: '/api/v1/newsletter-subscribers',
    expected: everyone(400),
  },
  // Anyone signed in lists their own courses (spec §7 "User: get courses").
  { operationId: 'listUserCourses', method: 'GET', path: '/api/v1/user/courses', expected: SIGNED_IN },
  {
    operationId: 'requestCourseSupport',
    method: 'POST',
    path: '/api/v1/courses/00000000000000000000000000/support',
    // post_v1_course_support (spec §6): the student, both faculty and the admin pass the
    // access rule, then the empty body fails validation; the editor has no such claim.
    expected: {
      ...SIGNED_IN,
      student: 400,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 403,
      admin: 400,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestOrganizationSupport',
    method: 'POST',
    path: '/api/v1/organizations/00000000000000000000000000/support',
    // post_v1_organization_support (spec §6): faculty (organization admins) and the admin.
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 403,
      admin: 400,
      'no-subscription': 401,
    },
  },
  // Uploads (decision records 016, 067): editors, admins and submitters (faculty-uscr) get
  // past the access rule, so the matrix's empty body is a 400 and an unknown file a 404;
  // the rest are refused first.
  {
    operationId: 'createUpload',
    method: 'POST',
    path: '/api/v1/files/uploads',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      // Issue 25 item 6: faculty-uscr submits courseware (can-submit-abstract), so uploads its files.
      'faculty-uscr': 400,
      editor: 400,
      admin: 400,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'completeUpload',
    method: 'POST',
    path: '/api/v1/files/01jd8z6w5k3m2n1p0q9r8s7t6v/complete',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 404,
      editor: 404,
      admin: 404,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getFile',
    method: 'GET',
    path: '/api/v1/files/01jd8z6w5k3m2n1p0q9r8s7t6v',
    expected: { ...everyone(404), visitor: 401, 'no-role': 401, 'no-subscription': 401 },
  },
  // Downloads (decision record 022): getFileAccess answers every signed-in caller; a
  // download needs viewFiles (a scoped-file claim, eligible for the brand: this portal is
  // USCR, so the Virginia faculty's claim was dropped when the token was issued, and the
  // coursewareFeature subscription); content hidden from the caller hides its files (404)
  // before rights are looked at.
  { operationId: 'getFileAccess', method: 'GET', path: '/api/v1/file-access', expected: SIGNED_IN },
  {
    operationId: 'getDownloadUrl',
    method: 'GET',
    path: '/api/v1/files/{labPdf}/download-url',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getDownloadUrl',
    method: 'GET',
    path: '/api/v1/files/{hiddenFile}/download-url',
    expected: {
      ...SIGNED_IN,
      student: 404,
      'faculty-vacr': 404,
      'faculty-uscr': 404,
      'no-subscription': 401,
    },
  },
  // Previews (issue 24 item 1; decision record 058): the download URL's rights exactly.
  {
    operationId: 'getPreviewUrl',
    method: 'GET',
    path: '/api/v1/files/{labPdf}/preview-url',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getPreviewUrl',
    method: 'GET',
    path: '/api/v1/files/{hiddenFile}/preview-url',
    expected: {
      ...SIGNED_IN,
      student: 404,
      'faculty-vacr': 404,
      'faculty-uscr': 404,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    // Open to every signed-in caller since the thin cartridge (issue 27 item 6): the
    // matrix's empty body names no scope (400) for all of them.
    expected: {
      ...SIGNED_IN,
      student: 400,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 400,
      admin: 400,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    json: '{"contentId":"{lab}"}',
    // A zip needs viewFiles (decision record 022).
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 202,
      editor: 202,
      admin: 202,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    json: '{"contentId":"{lab}","format":"imscc"}',
    // A full Common Cartridge holds the files: viewFiles too (decision record 078).
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 202,
      editor: 202,
      admin: 202,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    json: '{"contentId":"{lab}","format":"imscc-thin"}',
    // A Thin Common Cartridge holds links only: every signed-in caller (decision record 078).
    expected: {
      ...SIGNED_IN,
      student: 202,
      'faculty-vacr': 202,
      'faculty-uscr': 202,
      editor: 202,
      admin: 202,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    json: '{"contentId":"{lab}","format":"tar"}',
    // An unknown format fails validation for everyone past the access rule.
    expected: {
      ...SIGNED_IN,
      student: 400,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 400,
      admin: 400,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getContentBundle',
    method: 'GET',
    path: '/api/v1/content-bundle?contentId={unpublished}',
    // viewFiles, then the unpublished module is found only by those who may update content.
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 404,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/api/v1/files/01jd8z6w5k3m2n1p0q9r8s7t6v',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: 404,
      admin: 404,
      'no-subscription': 401,
    },
  },
  // Lessons (decision record 021): listing needs list_v1_lessons (faculty, admin) and
  // content the caller may see (the unpublished parent: admin only); writes need
  // patch_v1_content (editor, admin), whose empty bodies then fail validation (400)
  // and whose unknown lessons are 404.
  {
    operationId: 'listLessons',
    method: 'GET',
    path: '/api/v1/lessons?contentId={unpublished}',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 404,
      'faculty-uscr': 404,
      editor: 403,
      admin: 200,
      'no-subscription': 401,
    },
  },
  {
    operationId: 'getLesson',
    method: 'GET',
    path: '/api/v1/lessons/00000000000000000000000000',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 404,
      'faculty-uscr': 404,
      editor: 403,
      admin: 404,
      'no-subscription': 401,
    },
  },
  ...(
    [
      ['createLesson', 'POST', '/api/v1/lessons', 400],
      ['updateLesson', 'PUT', '/api/v1/lessons/00000000000000000000000000', 400],
      ['deleteLesson', 'DELETE', '/api/v1/lessons/00000000000000000000000000', 404],
    ] as const
  ).map(([operationId, method, path, editorStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: editorStatus,
      admin: editorStatus,
    },
  })),
  // The dashboard (spec §2.13, §6): those who may update content (editor, admin).
  ...(
    [
      ['listStatisticBuckets', '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-01-01&to=2025-01-31'],
      ['listRawStatistics', '/api/v1/statistics/contentfiledownload/events?from=2025-01-01&to=2025-01-31'],
      ['getCoursewareMetrics', '/api/v1/courseware-metrics'],
      // The previews counted apart (issue 24 item 1, decision record 059): the same rights.
      ['listStatisticBuckets', '/api/v1/statistics/contentfilepreview/buckets/total?from=2025-01-01&to=2025-01-31'],
      ['listRawStatistics', '/api/v1/statistics/contentfilepreview/events?from=2025-01-01&to=2025-01-31'],
    ] as const
  ).map(([operationId, path]) => ({
    operationId,
    method: 'GET' as const,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
    },
  })),
  // News and events (spec §2.10, §6; decision record 024): anyone lists and reads published
  // ones; an unpublished one only those who may update content (editor, admin), 404 for
  // the rest. Writes need patch_v1_content, whose empty bodies then fail validation (400);
  // deletes need delete_v1_news / delete_v1_events (editor, admin), then find nothing (404).
  { operationId: 'listNews', method: 'GET', path: '/api/v1/news?status=all', expected: everyone(200) },
  { operationId: 'listEvents', method: 'GET', path: '/api/v1/events?upcoming=true', expected: everyone(200) },
  {
    operationId: 'getNews',
    method: 'GET',
    path: '/api/v1/news/{draftNews}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'getEvent',
    method: 'GET',
    path: '/api/v1/events/{draftEvent}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  ...(
    [
      ['createNews', 'POST', '/api/v1/news', 400],
      ['updateNews', 'PUT', '/api/v1/news/{draftNews}', 400],
      ['deleteNews', 'DELETE', '/api/v1/news/00000000000000000000000000', 404],
      ['createEvent', 'POST', '/api/v1/events', 400],
      ['updateEvent', 'PUT', '/api/v1/events/{draftEvent}', 400],
      ['deleteEvent', 'DELETE', '/api/v1/events/00000000000000000000000000', 404],
    ] as const
  ).map(([operationId, method, path, editorStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: editorStatus,
      admin: editorStatus,
    },
  })),
  // CMS pages (spec §2.14, §6; decision record 026): a published seeded page is public;
  // an unpublished one is seen only by those who may update content, 404 for the rest.
  {
    operationId: 'getPageByHref',
    method: 'GET',
    path: '/api/v1/pages/by-href?href=%2Fterms-of-use',
    expected: everyone(200),
  },
  {
    operationId: 'getPageByHref',
    method: 'GET',
    path: `/api/v1/pages/by-href?href=${encodeURIComponent(DRAFT_PAGE_HREF)}`,
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'getPage',
    method: 'GET',
    path: '/api/v1/pages/{seededPage}',
    expected: everyone(200),
  },
  {
    operationId: 'getPage',
    method: 'GET',
    path: '/api/v1/pages/{draftPage}',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'listPageSections',
    method: 'GET',
    path: '/api/v1/pages/{seededPage}/sections',
    expected: everyone(200),
  },
  {
    operationId: 'listPageSections',
    method: 'GET',
    path: '/api/v1/pages/{draftPage}/sections',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  // Page writes need patch_v1_content (empty bodies then fail validation: 400); the
  // delete needs delete_v1_page (editor, admin), then finds nothing (404).
  ...(
    [
      ['createPage', 'POST', '/api/v1/pages', 400],
      ['updatePage', 'PUT', '/api/v1/pages/{draftPage}', 400],
      ['deletePage', 'DELETE', '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v?confirmed=true', 404],
      ['createSection', 'POST', '/api/v1/pages/{draftPage}/sections', 400],
      ['updateSection', 'PUT', '/api/v1/pages/{draftPage}/sections/01jd8z6w5k3m2n1p0q9r8s7t6v', 400],
      ['deleteSection', 'DELETE', '/api/v1/pages/{draftPage}/sections/01jd8z6w5k3m2n1p0q9r8s7t6v', 404],
      ['reorderSections', 'PUT', '/api/v1/pages/{draftPage}/section-order', 400],
      ['reorderGroups', 'PUT', '/api/v1/pages/{draftPage}/group-order', 400],
    ] as const
  ).map(([operationId, method, path, editorStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: editorStatus,
      admin: editorStatus,
    },
  })),
  // The page builder's list needs patch_v1_content (spec §6 "Update content").
  {
    operationId: 'listPages',
    method: 'GET',
    path: '/api/v1/pages',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: 200,
      admin: 200,
    },
  },
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/v1/users',
    // Listing users is an administrator's privilege (decision record 012).
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: 403,
      'no-subscription': 401,
    },
  },
  // The Atom feed and the sitemap (issue 24 item 7; decision record 055): public XML for
  // everyone, a revoked token included — they never read a token (feed readers and
  // crawlers send none) and hold what a visitor sees.
  { operationId: 'searchFeed', method: 'GET', path: '/api/v1/search/feed?q=buffer&cat=exercise', expected: ALWAYS_200 },
  { operationId: 'getSitemap', method: 'GET', path: '/api/v1/search/sitemap', expected: ALWAYS_200 },
  // The OAI-PMH repository (issue 24 item 7; decision record 054): a document for everyone,
  // a revoked token's too — it never reads a token and shows what a visitor sees (the
  // matrix's JSON body to the form route is no form: a badVerb answer, still 200).
  { operationId: 'harvestOai', method: 'GET', path: '/api/v1/oai?verb=Identify', expected: ALWAYS_200 },
  { operationId: 'harvestOaiForm', method: 'POST', path: '/api/v1/oai', expected: ALWAYS_200 },
  // Saved searches (issue 24 item 8; decision record 061): any valid login keeps its own;
  // the bodiless create and rename fail validation (400); an id that is not the caller's is
  // 404 for everyone. The one-click unsubscribe is public: a forged token is 404.
  {
    operationId: 'listSavedSearches',
    method: 'GET',
    path: '/api/v1/saved-searches',
    expected: { ...SIGNED_IN },
  },
  ...(
    [
      ['createSavedSearch', 'POST', '/api/v1/saved-searches', 400],
      ['updateSavedSearch', 'PATCH', '/api/v1/saved-searches/00000000000000000000000000', 400],
      ['deleteSavedSearch', 'DELETE', '/api/v1/saved-searches/00000000000000000000000000', 404],
      ['markSavedSearchSeen', 'POST', '/api/v1/saved-searches/00000000000000000000000000/seen', 404],
    ] as const
  ).map(([operationId, method, path, signedInStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: signedInStatus,
      'faculty-vacr': signedInStatus,
      'faculty-uscr': signedInStatus,
      editor: signedInStatus,
      admin: signedInStatus,
    },
  })),
  // My library (issue 26 item 1; decision record 072): any signed-in user, their own library only;
  // an item is saved only when the caller can open it (unpublished: editors and the admin).
  { operationId: 'listLibrary', method: 'GET', path: '/api/v1/library/saved', expected: SIGNED_IN },
  { operationId: 'listSavedContentIds', method: 'GET', path: '/api/v1/library/saved-ids', expected: SIGNED_IN },
  { operationId: 'saveToLibrary', method: 'PUT', path: '/api/v1/library/saved/{lab}', expected: SIGNED_IN },
  {
    operationId: 'saveToLibrary',
    method: 'PUT',
    path: '/api/v1/library/saved/{unpublished}',
    expected: { ...SIGNED_IN, student: 404, 'faculty-vacr': 404, 'faculty-uscr': 404 },
  },
  {
    operationId: 'saveToLibrary',
    method: 'PUT',
    path: '/api/v1/library/saved/{archived}',
    expected: { ...SIGNED_IN, student: 404, 'faculty-vacr': 404, 'faculty-uscr': 404, editor: 404 },
  },
  { operationId: 'removeFromLibrary', method: 'DELETE', path: '/api/v1/library/saved/{lab}', expected: SIGNED_IN },
  { operationId: 'listDownloadHistory', method: 'GET', path: '/api/v1/library/downloads', expected: SIGNED_IN },
  // Collections (issue 26 item 2; decision record 073): any valid login keeps its own; a
  // link-shared collection reads for anyone, a private one is 404 to all but its owner (here
  // no persona), every write of another's collection is 404; the bodiless writes fail
  // validation (400). Curated collections are a public list.
  { operationId: 'listMyCollections', method: 'GET', path: '/api/v1/collections/mine', expected: SIGNED_IN },
  { operationId: 'listCuratedCollections', method: 'GET', path: '/api/v1/collections', expected: everyone(200) },
  ...(
    [
      ['createCollection', 'POST', '/api/v1/collections', 400],
      ['updateCollection', 'PUT', '/api/v1/collections/{linkCollection}', 400],
      ['addCollectionEntry', 'POST', '/api/v1/collections/{linkCollection}/entries', 400],
      ['deleteCollection', 'DELETE', '/api/v1/collections/{linkCollection}', 404],
    ] as const
  ).map(([operationId, method, path, signedInStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: signedInStatus,
      'faculty-vacr': signedInStatus,
      'faculty-uscr': signedInStatus,
      editor: signedInStatus,
      admin: signedInStatus,
    },
  })),
  {
    operationId: 'getCollection',
    method: 'GET',
    path: '/api/v1/collections/{linkCollection}',
    expected: everyone(200),
  },
  {
    operationId: 'getCollection',
    method: 'GET',
    path: '/api/v1/collections/{privateCollection}',
    expected: everyone(404),
  },
  {
    operationId: 'getCollectionCoverage',
    method: 'GET',
    path: '/api/v1/collections/{linkCollection}/coverage',
    expected: everyone(200),
  },
  {
    operationId: 'getCollectionCoverage',
    method: 'GET',
    path: '/api/v1/collections/{privateCollection}/coverage',
    expected: everyone(404),
  },
  // Coverage and the CAE worksheet of a collection (issue 27 items 2 and 3): readable as getCollection.
  {
    operationId: 'getCollectionCoverageReport',
    method: 'GET',
    path: '/api/v1/collections/{linkCollection}/coverage-report',
    expected: everyone(200),
  },
  {
    operationId: 'getCollectionCoverageReport',
    method: 'GET',
    path: '/api/v1/collections/{privateCollection}/coverage-report',
    expected: everyone(404),
  },
  {
    operationId: 'getCollectionCaeWorksheet',
    method: 'GET',
    path: '/api/v1/collections/{linkCollection}/cae-worksheet',
    expected: everyone(200),
  },
  {
    operationId: 'getCollectionCaeWorksheet',
    method: 'GET',
    path: '/api/v1/collections/{privateCollection}/cae-worksheet',
    expected: everyone(404),
  },
  // Privacy (issue 26 item 5; decision record 075): any signed-in user, their own data only.
  { operationId: 'exportPersonalData', method: 'GET', path: '/api/v1/personal-data', expected: SIGNED_IN },
  {
    operationId: 'deletePersonalReviews',
    method: 'DELETE',
    path: '/api/v1/personal-data/reviews',
    expected: SIGNED_IN,
  },
  {
    operationId: 'deletePersonalCollections',
    method: 'DELETE',
    path: '/api/v1/personal-data/collections',
    expected: SIGNED_IN,
  },
  {
    operationId: 'unsubscribeSavedSearches',
    method: 'POST',
    path: `/api/v1/saved-searches/unsubscribe?token=${'0'.repeat(26)}.${'A'.repeat(43)}`,
    expected: everyone(404),
  },
  // Drafts and revisions (issue 25 items 2–3; decision records 064, 065): updateContent, like the
  // content writes; editor and admin fail validation (absent body or query: 400) or find nothing (404).
  ...(
    [
      ['getContentDraft', 'GET', '/api/v1/content-items/{unpublished}/draft', 404],
      ['putContentDraft', 'PUT', '/api/v1/content-items/{unpublished}/draft', 400],
      ['discardContentDraft', 'DELETE', '/api/v1/content-items/{unpublished}/draft', 400],
      ['publishContentDraft', 'POST', '/api/v1/content-items/{unpublished}/draft/publish', 400],
      ['listContentRevisions', 'GET', '/api/v1/content-items/00000000000000000000000000/revisions', 404],
      ['getContentRevision', 'GET', '/api/v1/content-items/{unpublished}/revisions/00000000000000000000000000', 404],
      ['diffContentRevisions', 'GET', '/api/v1/content-items/{unpublished}/revision-diff', 400],
      [
        'restoreContentRevision',
        'POST',
        '/api/v1/content-items/{unpublished}/revisions/00000000000000000000000000/restore',
        404,
      ],
      ['previewContentDraft', 'GET', '/api/v1/content-items/{unpublished}/draft/preview', 404],
    ] as const
  ).map(([operationId, method, path, editorStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: editorStatus,
      admin: editorStatus,
    },
  })),
  // Bulk actions in Courseware Info (issue 25 item 8; decision record 069): patch_v1_content
  // (editor, admin) passes the access rule, then the empty body fails validation (400);
  // the per-action capabilities (delete, restore) are the integration test's.
  {
    operationId: 'runContentBulkAction',
    method: 'POST',
    path: '/api/v1/content-bulk-actions',
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      'no-subscription': 401,
      editor: 400,
      admin: 400,
    },
  },
  // Update notices (issue 25 item 5; decision record 066): any valid login reads and sets
  // its own e-mail switch (the bodiless PUT fails validation, 400); the one-click
  // unsubscribe is public: a forged token is 404.
  {
    operationId: 'getUpdateNoticeSettings',
    method: 'GET',
    path: '/api/v1/update-notices/settings',
    expected: { ...SIGNED_IN },
  },
  {
    operationId: 'updateUpdateNoticeSettings',
    method: 'PUT',
    path: '/api/v1/update-notices/settings',
    expected: {
      ...SIGNED_IN,
      student: 400,
      'faculty-vacr': 400,
      'faculty-uscr': 400,
      editor: 400,
      admin: 400,
    },
  },
  {
    operationId: 'unsubscribeUpdateNotices',
    method: 'POST',
    path: `/api/v1/update-notices/unsubscribe?token=${'0'.repeat(26)}.${'A'.repeat(43)}`,
    expected: everyone(404),
  },
  // Courseware submissions (issue 25 item 6; decision record 067): the submitter's routes
  // need can-submit-abstract (faculty-uscr and admin), the review routes update-content
  // (editor and admin); the thread (read, comment) any valid login, and an id that is no
  // submission, or one neither the caller's nor theirs to review, is 404; a submission's
  // file download URL needs either capability (upload courseware files). Past the rule,
  // the bodiless writes fail validation (400).
  {
    operationId: 'getSubmission',
    method: 'GET',
    path: '/api/v1/submissions/00000000000000000000000000',
    expected: { ...SIGNED_IN, student: 404, 'faculty-vacr': 404, 'faculty-uscr': 404, editor: 404, admin: 404 },
  },
  {
    operationId: 'getSubmissionFileDownloadUrl',
    method: 'GET',
    path: '/api/v1/submissions/00000000000000000000000000/files/00000000000000000000000000/download-url',
    expected: { ...SIGNED_IN, student: 403, 'faculty-vacr': 403, 'faculty-uscr': 404, editor: 404, admin: 404 },
  },
  {
    operationId: 'commentOnSubmission',
    method: 'POST',
    path: '/api/v1/submissions/00000000000000000000000000/comments',
    expected: { ...SIGNED_IN, student: 400, 'faculty-vacr': 400, 'faculty-uscr': 400, editor: 400, admin: 400 },
  },
  ...(
    [
      ['listOwnSubmissions', 'GET', '/api/v1/submissions', 200],
      ['createSubmission', 'POST', '/api/v1/submissions', 400],
      ['updateOwnSubmission', 'PUT', '/api/v1/submissions/00000000000000000000000000', 400],
    ] as const
  ).map(([operationId, method, path, allowedStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': allowedStatus,
      editor: 403,
      admin: allowedStatus,
    },
  })),
  ...(
    [
      ['listSubmissionReviews', 'GET', '/api/v1/submission-reviews', 200],
      ['decideSubmission', 'POST', '/api/v1/submissions/00000000000000000000000000/decisions', 400],
    ] as const
  ).map(([operationId, method, path, allowedStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: allowedStatus,
      admin: allowedStatus,
    },
  })),
  // Ratings and reviews (issue 26 item 3; decision record 070): rating needs view files
  // (faculty-uscr, editor, admin; the bodiless PUT then fails validation, 400); one's own
  // review is read and deleted with any valid login; the list is public for published
  // items and 404 on an unpublished one but for editors; responses and reports need a
  // login (the bodiless or unknown-review calls then fail: 400, 404); the moderation queue
  // and its actions need update content.
  {
    operationId: 'putMyContentReview',
    method: 'PUT',
    path: '/api/v1/content-items/{lab}/reviews/mine',
    expected: { ...SIGNED_IN, student: 403, 'faculty-vacr': 403, 'faculty-uscr': 400, editor: 400, admin: 400 },
  },
  {
    operationId: 'getMyContentReview',
    method: 'GET',
    path: '/api/v1/content-items/{lab}/reviews/mine',
    expected: { ...SIGNED_IN },
  },
  {
    operationId: 'getMyContentReview',
    method: 'GET',
    path: '/api/v1/content-items/{unpublished}/reviews/mine',
    expected: { ...SIGNED_IN, student: 404, 'faculty-vacr': 404, 'faculty-uscr': 404 },
  },
  {
    operationId: 'listContentReviews',
    method: 'GET',
    path: '/api/v1/content-items/{lab}/reviews',
    expected: everyone(200),
  },
  {
    operationId: 'listContentReviews',
    method: 'GET',
    path: '/api/v1/content-items/{unpublished}/reviews',
    expected: { ...everyone(404), editor: 200, admin: 200 },
  },
  {
    operationId: 'respondToReview',
    method: 'POST',
    path: '/api/v1/reviews/00000000000000000000000000/response',
    expected: { ...SIGNED_IN, student: 400, 'faculty-vacr': 400, 'faculty-uscr': 400, editor: 400, admin: 400 },
  },
  {
    operationId: 'reportReview',
    method: 'POST',
    path: '/api/v1/reviews/00000000000000000000000000/report',
    // The note is optional: a bodiless report is valid and finds no review.
    expected: { ...SIGNED_IN, student: 404, 'faculty-vacr': 404, 'faculty-uscr': 404, editor: 404, admin: 404 },
  },
  ...(
    [
      ['listReportedReviews', 'GET', '/api/v1/reviews/reported', 200],
      ['hideReview', 'POST', '/api/v1/reviews/00000000000000000000000000/hide', 400],
      ['restoreReview', 'POST', '/api/v1/reviews/00000000000000000000000000/restore', 404],
    ] as const
  ).map(([operationId, method, path, allowedStatus]) => ({
    operationId,
    method,
    path,
    expected: {
      ...SIGNED_IN,
      student: 403,
      'faculty-vacr': 403,
      'faculty-uscr': 403,
      editor: allowedStatus,
      admin: allowedStatus,
    },
  })),
  {
    operationId: 'deleteMyContentReview',
    method: 'DELETE',
    path: '/api/v1/content-items/{lab}/reviews/mine',
    expected: { ...SIGNED_IN },
  },
];

/** A seeded SEED lab with PDFs (faculty download one of them). */
const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

/** A private PDF attached to `ownerId` (no TTL), its bytes stored, as a content save leaves it. */
async function attachedPdf(ownerId: string): Promise<string> {
  const bytes = Buffer.from('%PDF-1.7\n% matrix\n');
  return (
    await storeAttachedFile({ ownerId, name: 'Matrix guide', filename: 'guide.pdf', type: 'application/pdf', bytes })
  ).id;
}

let portal: LocalPortal;
const upstreamTokens = new Map<Caller, string>();
const portalTokens = new Map<Caller, string>();
const fill: Record<string, string> = {};

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  for (const persona of PERSONAS) {
    upstreamTokens.set(persona, await signInAs(portal, persona));
    portalTokens.set(persona, await portalTokenFor(portal, persona));
  }
  await revokeOwnEditor();
  const hiddenParent = contentRecord('Matrix hidden module', { status: 'unpublished' });
  await createContent(hiddenParent);
  await createContent(
    contentRecord('Matrix hidden lesson', {
      status: 'published',
      parentId: hiddenParent.id,
      urlAlias: `${hiddenParent.urlAlias}/matrix-hidden-lesson`,
      ancestorIds: [hiddenParent.id],
    }),
  );
  const archived = contentRecord('Matrix archived lesson', { status: 'archived' });
  await createContent(archived);
  fill['{unpublished}'] = hiddenParent.id;
  fill['{hiddenParent}'] = hiddenParent.id;
  fill['{archived}'] = archived.id;
  fill['{hiddenLesson}'] = contentRecord('Matrix hidden lesson').id;
  fill['{hiddenFile}'] = await attachedPdf(hiddenParent.id);
  const lab = (await (await fetch(`${portal.baseUrl}/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json()) as {
    content: { id: string; files: { id: string; type: string }[] };
    contributors: { id: string }[];
  };
  fill['{lab}'] = lab.content.id;
  fill['{labPdf}'] = lab.content.files.find((file) => file.type === 'application/pdf')?.id ?? '';
  fill['{labContributor}'] = lab.contributors[0]?.id ?? '';
  for (const visibility of ['link', 'private'] as const) {
    const id = newId();
    const now = new Date().toISOString();
    await createCollectionRecord({
      id,
      ownerId: newId(),
      ownerName: 'Matrix owner',
      name: `Matrix ${visibility} collection`,
      description: '',
      visibility,
      entries: [{ contentId: lab.content.id, note: '', name: 'Lab' }],
      createdTimestamp: now,
      modifiedTimestamp: now,
      version: 1,
    });
    fill[visibility === 'link' ? '{linkCollection}' : '{privateCollection}'] = id;
  }
  fill['{lab}'] = lab.content.id;
  // As a content write will: record the change, then index it (the local indexer would within 200 ms).
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
});
afterAll(async () => {
  await portal?.stop();
});

/**
 * The `revoked` caller (issue 21 item 2): an editor of the matrix's own signs in, its
 * token is shown to work, then the admin persona removes every claim (the USER role
 * with them) and subscription over the API, as an administrator would.
 */
async function revokeOwnEditor(): Promise<void> {
  const own = await createSignedInUser(portal, {
    email: 'revoked.matrix@example.edu',
    displayName: 'Rex Revoked',
    claims: [
      { type: 'role', value: 'USER' },
      { type: 'api', value: 'patch_v1_content' },
      { type: 'api', value: 'delete_v1_content' },
    ],
    subscriptions: ['coursewareFeature'],
  });
  const before = await fetch(`${portal.baseUrl}/api/v1/pages`, { headers: { authorization: `Bearer ${own.token}` } });
  expect(before.status, 'the token works before the revocation').toBe(200);
  const admin = { authorization: `Bearer ${portalTokens.get('admin')}` };
  const user = (await (await fetch(`${portal.baseUrl}/api/v1/users/${own.userId}`, { headers: admin })).json()) as {
    version: number;
  };
  const revoked = await fetch(`${portal.baseUrl}/api/v1/users/${own.userId}/rights`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ version: user.version, claims: [], subscriptions: [], ranges: ['USCR'] }),
  });
  expect(revoked.status, await revoked.clone().text()).toBe(200);
  portalTokens.set('revoked', own.token);
  upstreamTokens.set('revoked', own.upstreamToken);
}

/**
 * An unpublished news item and event (decision record 024) and an unpublished page
 * (decision record 026), for the rows above; runs after the portal starts.
 */
beforeAll(async () => {
  const now = new Date().toISOString();
  const common = {
    description: '<p>Matrix draft.</p>',
    image: '',
    status: 'unpublished' as const,
    date: '2030-01-01T00:00:00.000Z',
    createdTimestamp: now,
    modifiedTimestamp: now,
  };
  const news = await createNewsEvent('news', {
    ...common,
    id: newId(),
    name: 'Matrix draft news',
    link: 'matrix-draft-news',
    externalLink: '',
  });
  const event = await createNewsEvent('event', {
    ...common,
    id: newId(),
    name: 'Matrix draft event',
    link: 'matrix-draft-event',
    location: 'Online',
  });
  fill['{draftNews}'] = news.id;
  fill['{draftEvent}'] = event.id;
  const draftPage = await createPage({
    id: newId(),
    title: 'Matrix draft page',
    href: DRAFT_PAGE_HREF,
    parentId: null,
    status: 'unpublished',
    meta: { description: 'Matrix draft.', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [],
    createdTimestamp: now,
    modifiedTimestamp: now,
  });
  fill['{draftPage}'] = draftPage.id;
  fill['{seededPage}'] = seededPageId('/terms-of-use');
});

async function call(row: MatrixRow, caller: Caller): Promise<number> {
  const path = Object.entries(fill).reduce((p, [placeholder, value]) => p.replace(placeholder, value), row.path);
  const headers: Record<string, string> = {};
  if (caller !== 'visitor' && row.body !== 'upstream-token') {
    headers.authorization = `Bearer ${portalTokens.get(caller)}`;
  }
  let body: string | undefined;
  if (row.body === 'upstream-token' && caller !== 'visitor') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ provider: 'vcr', token: upstreamTokens.get(caller) });
  } else if (row.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = Object.entries(fill).reduce(
      (text, [placeholder, value]) => text.replaceAll(placeholder, value),
      row.json ?? '{}',
    );
  }
  const res = await fetch(`${portal.baseUrl}${path}`, { method: row.method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

describe('the route × persona matrix (spec §6)', () => {
  it('covers every route of the route table', () => {
    const covered = new Set(MATRIX.map((row) => row.operationId));
    expect([...covered].sort()).toEqual(ROUTES.map((route) => route.operationId).sort());
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.path}${row.json ? ` ${row.json}` : ''}`, async () => {
      const actual: Record<string, number> = {};
      for (const caller of CALLERS) actual[caller] = await call(row, caller);
      expect(actual).toEqual(row.expected);
    });
  }
});

describe('what a search finds (spec §6, decision record 008)', () => {
  // Written by hand: the published lesson for everyone; its unpublished parent only
  // for those who may update content; the archived lesson for nobody.
  const FOUND: Record<Exclude<Caller, 'revoked'>, readonly string[]> = {
    visitor: ['{hiddenLesson}'],
    student: ['{hiddenLesson}'],
    'faculty-vacr': ['{hiddenLesson}'],
    'faculty-uscr': ['{hiddenLesson}'],
    editor: ['{hiddenLesson}', '{unpublished}'],
    admin: ['{hiddenLesson}', '{unpublished}'],
    'no-role': ['{hiddenLesson}'],
    'no-subscription': ['{hiddenLesson}'],
  };

  /** Which of the three Matrix items are among everything a caller's search without text finds. */
  async function found(caller: Caller): Promise<string[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (caller !== 'visitor') headers.authorization = `Bearer ${portalTokens.get(caller)}`;
    const res = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ limit: 300 }),
    });
    expect(res.status, caller).toBe(200);
    const page = (await res.json()) as { items: { id: string }[]; total: number; nextPageToken: string | null };
    expect(page.nextPageToken, 'everything fits one page').toBeNull();
    const ids = new Set(page.items.map((item) => item.id));
    return ['{hiddenLesson}', '{unpublished}', '{archived}'].filter((name) => ids.has(fill[name] ?? ''));
  }

  for (const caller of Object.keys(FOUND) as (keyof typeof FOUND)[]) {
    it(`finds ${FOUND[caller].join(' and ')} for ${caller}`, async () => {
      expect(await found(caller)).toEqual(FOUND[caller]);
    });
  }
});

describe('token attacks on a protected route, each answered 401', () => {
  const claimsPath = '/api/v1/claims';
  const attempt = (token: string) =>
    fetch(`${portal.baseUrl}${claimsPath}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  async function portalKey() {
    const file = process.env.PORTAL_SIGNING_KEY_FILE;
    if (!file) throw new Error('PORTAL_SIGNING_KEY_FILE is not set by the local portal');
    const jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
    return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid };
  }

  function payloadOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  }

  async function signed(changes: Record<string, unknown>, options: { foreignKey?: boolean } = {}) {
    const payload = { ...payloadOf(portalTokens.get('faculty-uscr') ?? ''), ...changes };
    const { key, kid } = options.foreignKey
      ? { key: (await generateKeyPair('RS256')).privateKey, kid: 'foreign' }
      : await portalKey();
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  }

  it('accepts the genuine token (the control)', async () => {
    expect(await attempt(portalTokens.get('faculty-uscr') ?? '')).toBe(200);
  });

  it('rejects alg: none', async () => {
    const [, payload] = (portalTokens.get('faculty-uscr') ?? '').split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await attempt(`${header}.${payload}.`)).toBe(401);
  });

  it('rejects a token signed by another key', async () => {
    expect(await attempt(await signed({}, { foreignKey: true }))).toBe(401);
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await attempt(await signed({ iat: past - 3600, exp: past }))).toBe(401);
  });

  it('rejects a wrong issuer', async () => {
    expect(await attempt(await signed({ iss: 'https://attacker.example/api/v1/auth' }))).toBe(401);
  });

  it('rejects a wrong audience', async () => {
    expect(await attempt(await signed({ aud: 'some-other-app' }))).toBe(401);
  });

  it('rejects a tampered payload', async () => {
    const [header, payload, signature] = (portalTokens.get('faculty-uscr') ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    claims.claims = [{ type: 'api', value: 'get_v1_users' }];
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(await attempt(`${header}.${forged}.${signature}`)).toBe(401);
  });

  it('rejects a genuinely signed token without the USER role', async () => {
    expect(await attempt(await signed({ roles: [], claims: [] }))).toBe(401);
  });
});
