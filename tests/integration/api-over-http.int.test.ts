import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcceptedClientError } from '#shared/contracts/client-error';
import { Collection, CollectionCoverage, CollectionPage, DeletedCollection } from '#shared/contracts/collection';
import { ErrorBody } from '#shared/contracts/common';
import {
  ChildContentPage,
  CONTENT_NOT_FOUND_MESSAGE,
  Content,
  ContentDetail,
  ContentPage,
  ContentSummary,
  CreatedId,
  DeletedContent,
} from '#shared/contracts/content';
import { ContentBulkActionResponse } from '#shared/contracts/content-bulk';
import { SavedContent } from '#shared/contracts/content-save';
import { ContentSubtree, ContentSubtreeStatusChange, DeletedContentSubtree } from '#shared/contracts/content-subtree';
import { Contributor, ContributorPage } from '#shared/contracts/contributor';
import { Coverage } from '#shared/contracts/coverage';
import {
  BUNDLE_FORMAT_MESSAGE,
  BUNDLE_PREVIEW_MAX_FILES,
  CARTRIDGE_SCOPE_MESSAGE,
  ContentBundle,
  DOWNLOAD_REFUSALS,
  DownloadUrl,
  FileAccess,
  PreviewUrl,
  RequestedBundle,
} from '#shared/contracts/download';
import { FEEDBACK_MESSAGE_TOO_LONG, SCREENSHOT_TYPE_MESSAGE, SentContentFeedback } from '#shared/contracts/feedback';
import { CreatedUpload, File as FileContract, FileStatusBody } from '#shared/contracts/file';
import {
  ClaimList,
  DismissedMessage,
  JsonWebKeySet,
  MessageList,
  OpenIdConfiguration,
  OrganizationList,
  type PersonaName,
  SubscriptionStatus,
  TokenResponse,
  UserPage,
} from '#shared/contracts/identity';
import { Knowledge, KnowledgePage } from '#shared/contracts/knowledge';
import { DeletedLesson, LESSON_FILE_NOT_ALLOWED_MESSAGE, Lesson, LessonList } from '#shared/contracts/lesson';
import { DownloadHistoryPage, LibraryPage, SavedContentIds, SavedContentState } from '#shared/contracts/library';
import { SentMessage, SentSupportRequest, UserCoursePage } from '#shared/contracts/messages';
import { DeletedNewsEvent, Event, EventPage, News, NewsPage } from '#shared/contracts/news';
import {
  COLLECTIONS_WIDGET_IDS_MESSAGE,
  COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE,
  DeletedPage,
  PAGE_DELETE_CONFIRMATION_MESSAGE,
  PAGE_HREF_MESSAGE,
  PAGE_NOT_FOUND_MESSAGE,
  Page,
  PageList,
  PageSectionList,
  PageWithAncestors,
  SECTION_ORDER_MESSAGE,
  WIDGET_KIND_FIXED_MESSAGE,
} from '#shared/contracts/page';
import { DeletedPersonalData, PersonalData } from '#shared/contracts/personal-data';
import { RelatedContentPage } from '#shared/contracts/related';
import {
  ModeratedReview,
  ModeratedReviewPage,
  MyReview,
  ReportedReview,
  Review,
  ReviewPage,
} from '#shared/contracts/review';
import {
  SAVED_SEARCH_NAME_REQUIRED_MESSAGE,
  SavedSearch,
  SavedSearchList,
  UnsubscribeResult,
} from '#shared/contracts/saved-search';
import { SEARCH_MIN_CHARS_MESSAGE, SearchContentPage } from '#shared/contracts/search';
import {
  CoursewareMetrics,
  DASHBOARD_DATE_MESSAGES,
  RawStatisticsPage,
  StatisticBucketPage,
} from '#shared/contracts/statistics';
import { Submission, SubmissionDetail, SubmissionList, SubmissionPage } from '#shared/contracts/submission';
import { UpdateNoticeSettings, UpdateNoticeUnsubscribeResult } from '#shared/contracts/update-notices';
import { WorkRole, WorkRoleList } from '#shared/contracts/work-role';
import { type OperationId, ROUTES, type RouteDefinition } from '#shared/routes';
import { seedId } from '../../functions/src/domain/ids.ts';
import { seededPageId } from '../../functions/src/seed/pages.ts';
import { SEED_ID_KINDS } from '../../functions/src/seed/plan.ts';
import {
  impersonationTokenFor,
  type LocalPortal,
  portalTokenFor,
  signInAs,
  startLocalPortal,
} from '../support/local-portal.ts';

/**
 * The read API over HTTP, through the local gateway, against the embedded stack
 * seeded with the real courseware. Every route of the route table has a case here:
 * the record below is keyed by operationId, so a new route does not compile until it
 * is covered.
 */

let portal: LocalPortal;
// Each case signs in afresh from 127.0.0.1: the rate limits (decision record 033) have
// their own suite (rate-limits.int.test.ts); here they are scaled out of the way.
process.env.RATE_LIMIT_SCALE = '100';
const api = (path: string, init?: RequestInit) => fetch(`${portal.baseUrl}${path}`, init);

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
});
afterAll(async () => {
  await portal?.stop();
});

/**
 * Published items once the cases have run: the 60 + 81 seeded items of both catalogues
 * (issue 24 item 0), the item the draft cases publish (issue 25) and the item the rating
 * cases rate (issue 26 item 3).
 */
const PUBLISHED_OVER_HTTP = 60 + 81 + 1 + 1;

/** A known SEED lab and its parent module, as the seed importer names them. */
const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';

/** A request body: JSON, or the upstream token of a persona for `POST /api/v1/authenticate`. */
type CaseBody = { json: unknown } | { upstreamTokenOf: PersonaName } | { form: string };

interface RouteCase {
  /**
   * A request that must succeed, and what to check in its body; `as` signs it in as a
   * persona of the dev identity provider (Authorization: Bearer <portal token>).
   */
  ok: {
    path: string;
    as?: PersonaName;
    /** Instead of `as`: the bearer token to send (e.g. an impersonation's). */
    token?: () => Promise<string>;
    body?: CaseBody;
    check(body: unknown): void;
  };
  /**
   * Requests with bad input: each must be a 4xx with the error body, never a 500.
   * `byGateway` marks what API Gateway itself rejects before any handler runs: its
   * body is `{ message }` only, as on AWS.
   */
  bad: {
    path: string;
    status: number;
    byGateway?: true;
    as?: PersonaName;
    body?: CaseBody;
    /** A 400's field error that must be among `errors`. */
    fieldError?: { path: string; message: string };
  }[];
}

/**
 * Files the file routes' cases act on (decision record 016), made through the API
 * and a real presigned POST: one posted but not completed, one Ready to read, one
 * Ready to delete. Read by the cases' `path` getters when each case runs.
 */
const UNKNOWN_FILE = '01jd8z6w5k3m2n1p0q9r8s7t6v';
const files = { posted: '', ready: '', deletable: '' };
const uploadRequest = (size: number) => ({
  kind: 'content',
  name: 'Lab guide.pdf',
  type: 'application/pdf',
  size,
  ownerId: UNKNOWN_FILE,
});

/** Creates an upload as the editor, posts a small PDF to S3, and completes it unless `complete` is false. */
async function uploadPdf(complete: boolean): Promise<string> {
  const bytes = Buffer.from('%PDF-1.7\n% a lab guide\n');
  const init = await requestInit('POST', 'editor', { json: uploadRequest(bytes.length) });
  const created = CreatedUpload.parse(await (await api('/api/v1/files/uploads', init)).json());
  const form = new FormData();
  for (const [name, value] of Object.entries(created.upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }));
  expect((await fetch(created.upload.url, { method: 'POST', body: form })).status).toBe(204);
  if (complete) await api(`/api/v1/files/${created.fileId}/complete`, await requestInit('POST', 'editor'));
  return created.fileId;
}

beforeAll(async () => {
  files.posted = await uploadPdf(false);
  files.ready = await uploadPdf(true);
  files.deletable = await uploadPdf(true);
});

/** What the download routes' cases act on (decision record 022): the seeded lab and one of its PDFs. */
const downloads = { labId: '', labPdf: '' };

beforeAll(async () => {
  const lab = ContentDetail.parse(await (await api(`/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json());
  downloads.labId = lab.content.id;
  downloads.labPdf = lab.content.files.find((file) => file.filename === 'Buffer_Overflow_Setuid.pdf')?.id ?? '';
});

/** Ids of what the write routes' cases create, for the cases that follow them (routes run in table order). */
const written = { contentId: '', contributorId: '' };

/**
 * A course with one lab that the subtree cases archive (editor) and then delete
 * (admin, who may see archived content) — issue 21 item 12, decision record 034.
 */
const subtree = { id: '', version: 0 };

beforeAll(async () => {
  const init = await requestInit('POST', 'editor', {
    json: {
      fields: { name: 'Subtree Over HTTP', description: '<p>A course.</p>', categories: ['course'] },
      children: [{ key: 'lab', name: 'Subtree Lab' }],
    },
  });
  const saved = SavedContent.parse(await (await api('/api/v1/content-saves', init)).json());
  Object.assign(subtree, { id: saved.content.id, version: saved.content.version });
});

/**
 * What the lesson routes' cases act on (decision record 021): a lesson of the seeded
 * module with one artifact, made before the cases run (listing and getting come
 * before creating in the route table), an upload of the editor's for the create case,
 * one of the admin's that the editor may not use, and the lesson the create case makes.
 */
const lessons = { contentId: '', first: '', upload: '', foreignUpload: '', created: '' };

beforeAll(async () => {
  lessons.contentId = await moduleId();
  const artifact = await uploadPdf(true);
  const init = await requestInit('POST', 'editor', {
    json: { contentId: lessons.contentId, name: 'Stack frames', urls: [{ fileId: artifact, type: 'slides' }] },
  });
  const res = await api('/api/v1/lessons', init);
  expect(res.status, await res.clone().text()).toBe(201);
  lessons.first = CreatedId.parse(await res.json()).id;
  lessons.upload = await uploadPdf(true);
  lessons.foreignUpload = await uploadPdfAs('admin');
});

/** {@link uploadPdf} (completed) as another persona. */
async function uploadPdfAs(as: PersonaName): Promise<string> {
  const bytes = Buffer.from('%PDF-1.7\n% a lab guide\n');
  const init = await requestInit('POST', as, { json: uploadRequest(bytes.length) });
  const created = CreatedUpload.parse(await (await api('/api/v1/files/uploads', init)).json());
  const form = new FormData();
  for (const [name, value] of Object.entries(created.upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }));
  expect((await fetch(created.upload.url, { method: 'POST', body: form })).status).toBe(204);
  await api(`/api/v1/files/${created.fileId}/complete`, await requestInit('POST', as));
  return created.fileId;
}

/**
 * What the support routes' cases act on (decision record 025): the seeded courses and
 * organizations of the personas, read through the API as their members see them.
 */
const support = { unoCourse: '', gmuCourse: '', unoOrganization: '', gmuOrganization: '' };
const SUPPORT_BODY = {
  subject: 'Lab VM does not start',
  message: 'The lab VM stays at the boot screen.',
  context: { browser: 'Firefox 147', operatingSystem: 'Linux', timeZone: 'America/Chicago' },
};

beforeAll(async () => {
  const first = async (path: string, as: PersonaName) =>
    ((await (await api(path, await requestInit('GET', as))).json()) as { items: { id: string }[] }).items[0]?.id ?? '';
  support.unoCourse = await first('/api/v1/user/courses', 'student');
  support.gmuCourse = await first('/api/v1/user/courses', 'faculty-vacr');
  support.unoOrganization = await first('/api/v1/organizations', 'faculty-uscr');
  support.gmuOrganization = await first('/api/v1/organizations', 'faculty-vacr');
});

/**
 * What the news and event cases act on (decision record 024): one published news
 * item and one published event made before the cases run (listing and getting come
 * before creating in the route table), and the ones the create cases make.
 */
const newsEvents = { news: '', event: '', createdNews: '', createdEvent: '' };
/** The page the page-write cases create, update and delete (decision record 026). */
const pages = { created: '', sectioned: '', firstSection: '', section: '' };
const SECTION_BODY = {
  name: 'Start here',
  description: '<p>Pick a path.</p><script>alert(1)</script>',
  widgets: [
    {
      kind: 'giantIconButton',
      name: 'Courseware',
      content: 'Browse.',
      link: '/courseware',
      customAttributes: { icon: 'book' },
    },
    {
      kind: 'giantIconButton',
      name: 'Contact',
      content: 'Ask us.',
      link: '/contact-us',
      customAttributes: { icon: 'mail' },
    },
  ],
};
const PAGE_BODY = {
  title: 'Written over HTTP',
  href: '/written-over-http',
  status: 'unpublished',
  meta: { description: 'A page written by the route cases.' },
};
/** The page the section cases act on, with one section, made before the cases run. */
beforeAll(async () => {
  const page = await api(
    '/api/v1/pages',
    await requestInit('POST', 'editor', { json: { ...PAGE_BODY, href: '/sections-over-http' } }),
  );
  expect(page.status, await page.clone().text()).toBe(201);
  pages.sectioned = Page.parse(await page.json()).id;
  const section = await api(
    `/api/v1/pages/${pages.sectioned}/sections`,
    await requestInit('POST', 'editor', { json: SECTION_BODY }),
  );
  expect(section.status, await section.clone().text()).toBe(201);
  pages.firstSection = Page.parse(await section.json()).sections[0]?.id ?? '';
});
const NEWS_LINK = 'over-http-news';
const EVENT_LINK = 'over-http-event';

beforeAll(async () => {
  const common = { description: '<p>Made over HTTP.</p>', status: 'published', date: '2099-01-01T09:00:00.000Z' };
  const news = await api(
    '/api/v1/news',
    await requestInit('POST', 'editor', { json: { ...common, name: 'Over HTTP news', link: NEWS_LINK } }),
  );
  expect(news.status, await news.clone().text()).toBe(201);
  newsEvents.news = News.parse(await news.json()).id;
  const event = await api(
    '/api/v1/events',
    await requestInit('POST', 'editor', {
      json: { ...common, name: 'Over HTTP event', link: EVENT_LINK, location: 'Online' },
    }),
  );
  expect(event.status, await event.clone().text()).toBe(201);
  newsEvents.event = Event.parse(await event.json()).id;
});

/** A valid news body for the write cases. */
const NEWS_BODY = {
  name: 'Written over HTTP',
  description: '<p>News<script>alert(1)</script></p>',
  status: 'published',
  date: '2026-11-21T10:00:00.000Z',
};
/** A valid event body for the write cases. */
const EVENT_BODY = {
  name: 'Event written over HTTP',
  description: '<p>An event</p>',
  link: 'event-written-over-http',
  location: 'Omaha, Nebraska',
  status: 'unpublished',
  date: '2027-03-12T14:00:00.000Z',
};

/**
 * What the user-administration cases act on (issue 11): a user, a business unit and a
 * team of their own (functions/src/test-support/user-admin.ts), made before the cases
 * run, so that no persona changes. The cases run in route-table order: read the user
 * (version 1), edit its rights (→ 2), move its business unit (→ 3), move its team
 * (→ 4), read its audit events.
 */
const userAdmin = { userId: '', unitId: '', organizationId: '' };
/** A route's response schema (the cases parse with it). */
const responseOf = (operationId: OperationId) =>
  (ROUTES.find((route) => route.operationId === operationId) as RouteDefinition).response;

beforeAll(async () => {
  const { createUserAdminFixture } = await import('../../functions/src/test-support/user-admin.ts');
  Object.assign(userAdmin, await createUserAdminFixture());
});

/**
 * What the saved-search cases act on (issue 24 item 8; decision record 061): two saved
 * searches of faculty-uscr stored before the cases run (one renamed and marked seen,
 * one deleted) and the unsubscribe token of that user's digest links.
 */
const savedSearches = { kept: '', deleted: '', token: '' };

beforeAll(async () => {
  const { storeSavedSearchFixture } = await import('../../functions/src/test-support/saved-searches.ts');
  const userId = seedId('user', 'faculty-uscr');
  savedSearches.kept = (await storeSavedSearchFixture(userId, 'Over HTTP kept', { text: 'buffer overflow' })).record.id;
  const deleted = await storeSavedSearchFixture(userId, 'Over HTTP deleted', { text: 'buffer overflow' });
  savedSearches.deleted = deleted.record.id;
  savedSearches.token = deleted.token;
});

/**
 * What the draft and revision cases act on (issue 25 items 2–3; decision records 064, 065):
 * an item saved and published over HTTP (its first revision) with a draft (draftVersion 1),
 * made before the cases run. The cases run in route-table order: read the draft, autosave
 * it (→ 2), publish it (the second revision), list, read and diff the revisions, restore
 * the first as a new draft (draftVersion 1), preview it as a visitor, discard that draft.
 */
const drafted = { id: '', version: 0, revisions: [] as string[] };

beforeAll(async () => {
  const saved = await api(
    '/api/v1/content-saves',
    await requestInit('POST', 'editor', {
      json: { fields: { name: 'Drafted over HTTP', description: '<p>Ubuntu 20.04 images.</p>' } },
    }),
  );
  expect(saved.status, await saved.clone().text()).toBe(200);
  const content = ((await saved.json()) as { content: { id: string; version: number } }).content;
  const published = await api(
    `/api/v1/content-items/${content.id}`,
    await requestInit('PATCH', 'editor', { json: { status: 'published', version: content.version } }),
  );
  expect(published.status, await published.clone().text()).toBe(200);
  drafted.id = content.id;
  drafted.version = content.version + 1;
  const draft = await api(
    `/api/v1/content-items/${content.id}/draft`,
    await requestInit('PUT', 'editor', { json: { save: draftedSave('<p>Ubuntu 22.04 images.</p>') } }),
  );
  expect(draft.status, await draft.clone().text()).toBe(200);
});

/** The draft body of the drafted item with `description`. */
const draftedSave = (description: string) => ({
  id: drafted.id,
  version: drafted.version,
  fields: { name: 'Drafted over HTTP', description },
});

/** The update-notice unsubscribe case's token (issue 25 item 5): the student's digest link. */
const updateNotices = { token: '' };

beforeAll(async () => {
  const { storeUpdateNoticeTokenFixture } = await import('../../functions/src/test-support/update-notices.ts');
  updateNotices.token = await storeUpdateNoticeTokenFixture(seedId('user', 'student'));
});

/**
 * What the submission cases act on (issue 25 item 6; decision record 067): two
 * submissions of faculty-uscr (the persona with can-submit-abstract), made over the
 * API before the cases run; the second has changes requested, so the edit case
 * resubmits it (version 2 → 3). The decision case accepts the first. A third carries
 * one PDF of faculty-uscr's, which the editor downloads before any decision.
 */
const submissions = { main: '', changes: '', withFile: '', file: '' };
const SUBMISSION_BODY = {
  name: 'Submitted over HTTP',
  description: '<p>A lab proposed over HTTP.</p>',
  categories: ['exercise'],
  track: 'formal',
  contributor: {
    firstName: 'Una',
    lastName: 'Faculty',
    school: 'University of Nebraska at Omaha',
    email: 'faculty-uscr@example.edu',
  },
  files: [],
};

beforeAll(async () => {
  for (const key of ['main', 'changes'] as const) {
    const created = await api(
      '/api/v1/submissions',
      await requestInit('POST', 'faculty-uscr', { json: SUBMISSION_BODY }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    submissions[key] = Submission.parse(await created.json()).id;
  }
  submissions.file = await uploadPdfAs('faculty-uscr');
  const withFile = await api(
    '/api/v1/submissions',
    await requestInit('POST', 'faculty-uscr', {
      json: { ...SUBMISSION_BODY, files: [{ id: submissions.file, name: 'Lab guide' }] },
    }),
  );
  expect(withFile.status, await withFile.clone().text()).toBe(201);
  submissions.withFile = Submission.parse(await withFile.json()).id;
  const requested = await api(
    `/api/v1/submissions/${submissions.changes}/decisions`,
    await requestInit('POST', 'editor', {
      json: { decision: 'requestChanges', message: 'Add the answer key.', version: 1 },
    }),
  );
  expect(requested.status, await requested.clone().text()).toBe(200);
});

/** The item faculty-vacr keeps in their library for the library's cases (issue 26 item 1). */
const library = { savedId: '' };

beforeAll(async () => {
  library.savedId = downloads.labId;
  const saved = await api(`/api/v1/library/saved/${library.savedId}`, await requestInit('PUT', 'faculty-vacr'));
  expect(saved.status, await saved.clone().text()).toBe(200);
});

/**
 * What the rating and review cases act on (issue 26 item 3; decision record 070): a
 * published item whose contributor has the editor persona's address (so the editor
 * may respond), an unpublished item, and the review faculty-uscr writes first.
 */
const reviews = { item: '', unpublished: '', reviewId: '' };

beforeAll(async () => {
  const { createRatedItems } = await import('../../functions/src/test-support/rated-items.ts');
  const created = await createRatedItems('editor@example.org');
  reviews.item = created.item;
  reviews.unpublished = created.unpublished;
});

/**
 * What the collection cases act on (issue 26 item 2; decision record 073): faculty-vacr's
 * private and link-shared collections (the lab in each), the editor's curated one, and
 * one of faculty-vacr's to delete.
 */
const collections = { privateId: '', linkId: '', curatedId: '', deletableId: '' };

beforeAll(async () => {
  const create = async (as: PersonaName, visibility: string) => {
    const init = await requestInit('POST', as, {
      json: {
        name: `${visibility} collection`,
        visibility,
        entries: [{ contentId: downloads.labId, note: 'Read first.' }],
      },
    });
    const res = await api('/api/v1/collections', init);
    expect(res.status, await res.clone().text()).toBe(201);
    return Collection.parse(await res.json()).id;
  };
  collections.privateId = await create('faculty-vacr', 'private');
  collections.linkId = await create('faculty-vacr', 'link');
  collections.curatedId = await create('editor', 'curated');
  collections.deletableId = await create('faculty-vacr', 'private');
});

const CASES: Record<OperationId, RouteCase> = {
  listContent: {
    ok: {
      path: '/api/v1/content?condense=true&limit=7',
      check(body) {
        const page = ContentPage.parse(body);
        expect(page.items).toHaveLength(7);
        expect(page.nextPageToken).toEqual(expect.any(String));
        for (const item of page.items) expect(ContentSummary.safeParse(item).success).toBe(true);
      },
    },
    bad: [
      { path: '/api/v1/content?limit=301', status: 400 },
      { path: '/api/v1/content?limit=abc', status: 400 },
      { path: '/api/v1/content?condense=maybe', status: 400 },
      { path: '/api/v1/content?pageToken=not-a-token', status: 400 },
      { path: '/api/v1/content?archived=true', status: 401 },
    ],
  },
  getContent: {
    ok: {
      path: `/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`,
      check(body) {
        const detail = ContentDetail.parse(body);
        expect(detail.content.name).toBe('Buffer Overflow Attack Lab (Set-UID Version)');
        expect(detail.ancestors.map((a) => a.urlAlias)).toEqual([
          'seed-labs-hands-on-labs-for-security-education',
          MODULE_ALIAS,
        ]);
        expect(detail.contributors.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Wenliang Du']);
        expect(detail.content.files.map((f) => f.filename).sort()).toEqual([
          'Buffer_Overflow_Setuid.pdf',
          'Buffer_Overflow_Setuid.txt',
        ]);
        expect(detail.content.ksas.length).toBeGreaterThan(0);
      },
    },
    bad: [
      { path: '/api/v1/content/no-such-courseware', status: 404 },
      { path: `/api/v1/content/${'x'.repeat(1025)}`, status: 400 },
      { path: '/api/v1/content/%E0%A4%A', status: 400, byGateway: true },
    ],
  },
  listContentChildren: {
    ok: {
      path: '/api/v1/content-children/{moduleId}?limit=3',
      check(body) {
        const page = ChildContentPage.parse(body);
        expect(page.items.map((c) => c.index)).toEqual([0, 1, 2]);
        expect(page.items[0]?.name).toBe('Buffer Overflow Attack Lab (Set-UID Version)');
        expect(page.nextPageToken).toEqual(expect.any(String));
      },
    },
    bad: [
      { path: '/api/v1/content-children/not-an-id', status: 400 },
      { path: '/api/v1/content-children/00000000000000000000000000', status: 404 },
      { path: '/api/v1/content-children/{moduleId}?limit=0', status: 400 },
    ],
  },
  listKnowledge: {
    ok: {
      path: '/api/v1/knowledge?type=KU',
      check(body) {
        const page = KnowledgePage.parse(body);
        expect(page.items).toHaveLength(67);
        expect(page.nextPageToken).toBeNull();
      },
    },
    bad: [
      { path: '/api/v1/knowledge?limit=10001', status: 400 },
      { path: '/api/v1/knowledge?type=XYZ', status: 400 },
    ],
  },
  getKnowledge: {
    ok: {
      path: '/api/v1/knowledge/KSA/K0070',
      check(body) {
        const item = Knowledge.parse(body);
        expect(item).toMatchObject({ id: 'K0070', type: 'KSA', kind: 'knowledge' });
      },
    },
    bad: [
      { path: '/api/v1/knowledge/KSA/K9999', status: 404 },
      { path: '/api/v1/knowledge/NOPE/K0070', status: 400 },
    ],
  },
  listWorkRoles: {
    ok: {
      path: '/api/v1/work-roles?generation=2.1.0',
      check(body) {
        const list = WorkRoleList.parse(body);
        expect(list.items).toHaveLength(41);
        expect(list.items.every((role) => role.generation === '2.1.0')).toBe(true);
        expect(list.competencyAreas).toHaveLength(11);
      },
    },
    bad: [{ path: '/api/v1/work-roles?generation=2024', status: 400 }],
  },
  getWorkRole: {
    ok: {
      path: '/api/v1/work-roles/SP-RSK-001',
      check(body) {
        const role = WorkRole.parse(body);
        expect(role).toMatchObject({ id: 'SP-RSK-001', generation: '2017', opmCodes: ['611'] });
        expect(role.statements).toContain('K0001');
      },
    },
    bad: [
      { path: '/api/v1/work-roles/ZZ-WRL-999', status: 404 },
      { path: '/api/v1/work-roles/not-a-role', status: 400 },
    ],
  },
  getContributor: {
    ok: {
      path: `/api/v1/contributors/${seedId(SEED_ID_KINDS.contributor, 'Wenliang|Du|Syracuse University')}`,
      check(body) {
        const contributor = Contributor.parse(body);
        expect([contributor.firstName, contributor.lastName, contributor.school]).toEqual([
          'Wenliang',
          'Du',
          'Syracuse University',
        ]);
      },
    },
    bad: [
      { path: `/api/v1/contributors/${UNKNOWN_FILE}`, status: 404 },
      { path: '/api/v1/contributors/not-an-id', status: 400 },
    ],
  },
  listContributors: {
    ok: {
      path: '/api/v1/contributors?limit=5',
      check(body) {
        const page = ContributorPage.parse(body);
        expect(page.contributors).toHaveLength(5);
        expect(page.nextPageToken).toEqual(expect.any(String));
      },
    },
    bad: [{ path: '/api/v1/contributors?limit=1001', status: 400 }],
  },
  createContent: {
    ok: {
      path: '/api/v1/content',
      as: 'editor',
      body: { json: { name: 'Over HTTP Course', description: '<p>Made over HTTP.</p>', searchKeywords: ['http'] } },
      check(body) {
        written.contentId = CreatedId.parse(body).id;
      },
    },
    bad: [
      {
        path: '/api/v1/content',
        status: 400,
        as: 'editor',
        body: { json: { description: 'y' } },
        fieldError: { path: 'body.name', message: 'Is required.' },
      },
      {
        // Issue 21 item 6: the one URL rule (decision record 033) refuses script links.
        path: '/api/v1/content',
        status: 400,
        as: 'editor',
        body: { json: { name: 'Script source', description: 'y', sourceUrl: 'javascript:alert(document.cookie)' } },
        fieldError: { path: 'body.sourceUrl', message: 'Must be an address starting with http:// or https://.' },
      },
      {
        path: '/api/v1/content',
        status: 409,
        as: 'editor',
        body: { json: { name: 'Clash', description: 'y', urlAlias: MODULE_ALIAS } },
      },
    ],
  },
  replaceContent: {
    ok: {
      // The seeded module at version 1, saved with its own name and status.
      path: '/api/v1/content-items/{moduleId}',
      as: 'editor',
      body: {
        json: {
          name: 'SEED Labs – Software Security',
          description: '<p>Software security labs.</p>',
          status: 'published',
          categories: ['module'],
          version: 1,
        },
      },
      check(body) {
        expect(Content.parse(body)).toMatchObject({ version: 2, urlAlias: MODULE_ALIAS });
      },
    },
    bad: [
      {
        path: '/api/v1/content-items/{moduleId}',
        status: 409,
        as: 'editor',
        body: { json: { name: 'Stale', description: 'y', version: 1 } },
      },
      { path: '/api/v1/content-items/not-an-id', status: 400, as: 'editor', body: { json: { version: 1 } } },
    ],
  },
  patchContent: {
    ok: {
      path: '/api/v1/content-items/{moduleId}',
      as: 'editor',
      body: { json: { tags: ['lab', 'LAB', 'security'], version: 2 } },
      check(body) {
        expect(Content.parse(body)).toMatchObject({ version: 3, tags: ['lab', 'security'], status: 'published' });
      },
    },
    bad: [
      {
        path: '/api/v1/content-items/{moduleId}',
        status: 400,
        as: 'editor',
        body: { json: { tags: ['t'.repeat(51)], version: 3 } },
        fieldError: { path: 'body.tags.0', message: 'Must be at most 50 characters.' },
      },
      {
        path: '/api/v1/content-items/00000000000000000000000000',
        status: 404,
        as: 'editor',
        body: { json: { version: 1 } },
      },
    ],
  },
  saveContent: {
    ok: {
      // A new item with a new contributor and a new child, in one transaction (decision record 020).
      path: '/api/v1/content-saves',
      as: 'editor',
      body: {
        json: {
          fields: { name: 'Saved Over HTTP', description: '<p>Saved in order.</p>' },
          contributors: [{ key: 'grace' }],
          newContributors: [
            { key: 'grace', firstName: 'Grace', lastName: 'Hopper', school: 'Yale', email: 'grace@example.org' },
          ],
          children: [{ key: 'lab', name: 'HTTP Lab' }],
        },
      },
      check(body) {
        const saved = SavedContent.parse(body);
        expect(saved.content).toMatchObject({ urlAlias: 'saved-over-http', version: 1, status: 'unpublished' });
        expect(saved.content.children).toEqual([{ id: saved.created.children.lab, index: 0 }]);
        expect(saved.content.contributors).toEqual([{ id: saved.created.contributors.grace, index: 0 }]);
      },
    },
    bad: [
      {
        path: '/api/v1/content-saves',
        status: 400,
        as: 'editor',
        body: { json: { fields: { description: 'y' } } },
        fieldError: { path: 'body.fields.name', message: 'Is required.' },
      },
      {
        path: '/api/v1/content-saves',
        status: 404,
        as: 'editor',
        body: { json: { id: '00000000000000000000000000', version: 1, fields: { name: 'x', description: 'y' } } },
      },
      {
        path: '/api/v1/content-saves',
        status: 400,
        as: 'editor',
        body: { json: { fields: { name: 'x', description: 'y' }, files: [{ id: UNKNOWN_FILE, name: 'f' }] } },
        fieldError: { path: 'body.files.0.id', message: 'No upload of yours has this id.' },
      },
    ],
  },
  deleteContent: {
    ok: {
      get path() {
        return `/api/v1/content-items/${written.contentId}`;
      },
      as: 'editor',
      check(body) {
        expect(DeletedContent.parse(body)).toEqual({ id: written.contentId, parentId: null });
      },
    },
    bad: [
      { path: '/api/v1/content-items/{moduleId}', status: 409, as: 'editor' },
      { path: '/api/v1/content-items/00000000000000000000000000', status: 404, as: 'editor' },
      { path: '/api/v1/content-items/{moduleId}', status: 403, as: 'student' },
    ],
  },
  getContentCoverageReport: {
    ok: {
      path: `/api/v1/content-coverage/${encodeURIComponent(MODULE_ALIAS)}`,
      check(body) {
        const coverage = Coverage.parse(body);
        expect(coverage.subject.kind).toBe('content');
        expect(coverage.subject.itemCount).toBeGreaterThan(1);
        expect(coverage.items[0]?.alias).toBe(MODULE_ALIAS);
        // A visitor may not download: no file names.
        expect(coverage.items.every((item) => item.files.length === 0)).toBe(true);
      },
    },
    bad: [
      { path: '/api/v1/content-coverage/no-such-courseware', status: 404 },
      { path: `/api/v1/content-coverage/${'x'.repeat(1025)}`, status: 400 },
    ],
  },
  getContentSubtree: {
    ok: {
      get path() {
        return `/api/v1/content-subtrees/${subtree.id}`;
      },
      as: 'editor',
      check(body) {
        expect(ContentSubtree.parse(body)).toMatchObject({
          id: subtree.id,
          categories: ['course'],
          descendants: 1,
          archived: 0,
        });
      },
    },
    bad: [
      { path: '/api/v1/content-subtrees/00000000000000000000000000', status: 404, as: 'editor' },
      { path: '/api/v1/content-subtrees/{moduleId}', status: 403, as: 'faculty-uscr' },
    ],
  },
  setContentSubtreeStatus: {
    ok: {
      get path() {
        return `/api/v1/content-subtrees/${subtree.id}`;
      },
      as: 'editor',
      get body() {
        return { json: { status: 'archived', version: subtree.version, descendants: 1 } };
      },
      check(body) {
        const change = ContentSubtreeStatusChange.parse(body);
        expect(change).toMatchObject({ changed: 2, content: { id: subtree.id, status: 'archived' } });
        subtree.version = change.content.version;
      },
    },
    bad: [
      {
        path: '/api/v1/content-subtrees/{moduleId}',
        status: 400,
        as: 'editor',
        body: { json: { status: 'published', version: 1, descendants: 0 } },
        fieldError: { path: 'body.status', message: 'Choose archived or unpublished.' },
      },
      {
        path: '/api/v1/content-subtrees/{moduleId}',
        status: 409,
        as: 'editor',
        body: { json: { status: 'archived', version: 1, descendants: 0 } },
      },
      {
        path: '/api/v1/content-subtrees/{moduleId}',
        status: 403,
        as: 'student',
        body: { json: { status: 'archived', version: 1, descendants: 0 } },
      },
    ],
  },
  deleteContentSubtree: {
    ok: {
      get path() {
        return `/api/v1/content-subtrees/${subtree.id}?version=${subtree.version}&descendants=1`;
      },
      as: 'admin',
      check(body) {
        expect(DeletedContentSubtree.parse(body)).toEqual({ id: subtree.id, parentId: null, deleted: 2 });
      },
    },
    bad: [
      { path: '/api/v1/content-subtrees/{moduleId}?version=1&descendants=0', status: 409, as: 'editor' },
      {
        path: '/api/v1/content-subtrees/{moduleId}?version=one&descendants=0',
        status: 400,
        as: 'editor',
        fieldError: { path: 'query.version', message: 'Must be a whole number.' },
      },
      { path: '/api/v1/content-subtrees/{moduleId}?version=1&descendants=0', status: 403, as: 'student' },
    ],
  },
  createContributor: {
    ok: {
      path: '/api/v1/contributors',
      as: 'editor',
      body: { json: { firstName: 'Grace', lastName: 'Hopper', school: 'Yale', email: 'grace@example.org' } },
      check(body) {
        written.contributorId = CreatedId.parse(body).id;
      },
    },
    bad: [
      {
        path: '/api/v1/contributors',
        status: 400,
        as: 'editor',
        body: { json: { firstName: 'G', lastName: 'H', school: 'Y', email: 'nope' } },
        fieldError: { path: 'body.email', message: 'Must be a valid e-mail address.' },
      },
    ],
  },
  updateContributor: {
    ok: {
      get path() {
        return `/api/v1/contributors/${written.contributorId}`;
      },
      as: 'editor',
      body: {
        json: { firstName: 'Grace', lastName: 'Hopper', school: 'Yale', email: 'grace@example.org', version: 1 },
      },
      check(body) {
        expect(Contributor.parse(body)).toMatchObject({ lastName: 'Hopper', version: 2 });
      },
    },
    bad: [
      {
        path: '/api/v1/contributors/00000000000000000000000000',
        status: 404,
        as: 'editor',
        body: { json: { firstName: 'G', lastName: 'H', school: 'Y', email: 'g@example.org', version: 1 } },
      },
    ],
  },
  sendContentFeedback: {
    ok: {
      path: '/api/v1/content-items/{moduleId}/feedback',
      as: 'faculty-uscr',
      body: { json: { message: 'The module page names the wrong lab.' } },
      check(body) {
        expect(SentContentFeedback.parse(body).emailStatus).toBe('sent');
      },
    },
    bad: [
      {
        path: '/api/v1/content-items/{moduleId}/feedback',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { message: 'x'.repeat(1001) } },
        fieldError: { path: 'body.message', message: FEEDBACK_MESSAGE_TOO_LONG },
      },
      {
        path: '/api/v1/content-items/{moduleId}/feedback',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { message: 'Hi', screenshot: { name: 'a.gif', type: 'image/gif', data: 'iVBORw0KGgo=' } } },
        fieldError: { path: 'body.screenshot.data', message: SCREENSHOT_TYPE_MESSAGE },
      },
      {
        path: '/api/v1/content-items/00000000000000000000000000/feedback',
        status: 404,
        as: 'faculty-uscr',
        body: { json: { message: 'Hi' } },
      },
      {
        path: '/api/v1/content-items/{moduleId}/feedback',
        status: 403,
        as: 'student',
        body: { json: { message: 'Hi' } },
      },
    ],
  },
  relatedContent: {
    ok: {
      path: `/api/v1/search/related/${seedId(SEED_ID_KINDS.content, 'Buffer Overflow Attack Lab (Set-UID Version)')}?limit=4`,
      check(body) {
        const page = RelatedContentPage.parse(body);
        expect(page.items.length).toBeGreaterThan(0);
        expect(page.items.length).toBeLessThanOrEqual(4);
        for (const item of page.items) expect(item.status).toBe('published');
        expect(page.items.map((item) => item.name)).not.toContain('Buffer Overflow Attack Lab (Set-UID Version)');
      },
    },
    bad: [
      { path: `/api/v1/search/related/${UNKNOWN_FILE}`, status: 404 },
      { path: `/api/v1/search/related/${UNKNOWN_FILE}?limit=25`, status: 400 },
    ],
  },
  searchContent: {
    ok: {
      path: '/api/v1/search/content',
      body: { json: { text: 'buffer overflow', filter: { contentCategories: ['exercise'] }, limit: 5 } },
      check(body) {
        const page = SearchContentPage.parse(body);
        expect(page.items[0]?.name).toMatch(/Buffer Overflow/);
        expect(page.items.length).toBeLessThanOrEqual(5);
        expect(page.total).toBeGreaterThanOrEqual(page.items.length);
        for (const item of page.items) expect(item.category).toBe('exercise');
        expect(page.facets.contentCategories.length).toBeGreaterThan(0);
      },
    },
    bad: [
      {
        path: '/api/v1/search/content',
        status: 400,
        body: { json: { text: 'x' } },
        fieldError: { path: 'body.text', message: SEARCH_MIN_CHARS_MESSAGE },
      },
      { path: '/api/v1/search/content', status: 400, body: { json: { filter: { contentCategories: ['podcast'] } } } },
      {
        path: '/api/v1/search/content',
        status: 400,
        body: { json: { filter: { nextPageToken: 'not-a-token!' } } },
        fieldError: { path: 'body.filter.nextPageToken', message: 'Invalid page token.' },
      },
      { path: '/api/v1/search/content', status: 400, body: { json: { limit: 301 } } },
    ],
  },
  listSavedSearches: {
    ok: {
      path: '/api/v1/saved-searches',
      as: 'faculty-uscr',
      check(body) {
        const list = SavedSearchList.parse(body);
        expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining([savedSearches.kept]));
        expect(list.limit).toBe(20);
      },
    },
    // Without a token the gateway's authorizer answers 401 (the access matrix covers it).
    bad: [],
  },
  createSavedSearch: {
    ok: {
      path: '/api/v1/saved-searches',
      as: 'faculty-vacr',
      body: { json: { name: '  Buffer overflow labs ', query: { text: 'buffer overflow', sort: 'newest' } } },
      check(body) {
        const saved = SavedSearch.parse(body);
        expect(saved).toMatchObject({ name: 'Buffer overflow labs', alerts: true, newMatches: 0 });
        expect(saved.query).toMatchObject({ text: 'buffer overflow', sort: 'newest' });
      },
    },
    bad: [
      {
        path: '/api/v1/saved-searches',
        status: 400,
        as: 'faculty-vacr',
        body: { json: { name: '   ', query: {} } },
        fieldError: { path: 'body.name', message: SAVED_SEARCH_NAME_REQUIRED_MESSAGE },
      },
    ],
  },
  updateSavedSearch: {
    ok: {
      get path() {
        return `/api/v1/saved-searches/${savedSearches.kept}`;
      },
      as: 'faculty-uscr',
      body: { json: { name: 'Renamed over HTTP', alerts: false } },
      check(body) {
        expect(SavedSearch.parse(body)).toMatchObject({ name: 'Renamed over HTTP', alerts: false });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/saved-searches/${savedSearches.kept}`;
        },
        status: 404,
        as: 'faculty-vacr',
        body: { json: { name: 'Not mine' } },
      },
      {
        path: '/api/v1/saved-searches/00000000000000000000000000',
        status: 400,
        as: 'faculty-uscr',
        body: { json: {} },
      },
    ],
  },
  deleteSavedSearch: {
    ok: {
      get path() {
        return `/api/v1/saved-searches/${savedSearches.deleted}`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(SavedSearch.parse(body).id).toBe(savedSearches.deleted);
      },
    },
    bad: [{ path: '/api/v1/saved-searches/00000000000000000000000000', status: 404, as: 'faculty-uscr' }],
  },
  markSavedSearchSeen: {
    ok: {
      get path() {
        return `/api/v1/saved-searches/${savedSearches.kept}/seen`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(SavedSearch.parse(body)).toMatchObject({ id: savedSearches.kept, newMatches: 0 });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/saved-searches/${savedSearches.kept}/seen`;
        },
        status: 404,
        as: 'student',
      },
    ],
  },
  unsubscribeSavedSearches: {
    ok: {
      get path() {
        return `/api/v1/saved-searches/unsubscribe?token=${savedSearches.token}`;
      },
      check(body) {
        expect(UnsubscribeResult.parse(body).unsubscribed).toBeGreaterThanOrEqual(0);
      },
    },
    bad: [
      { path: `/api/v1/saved-searches/unsubscribe?token=${'0'.repeat(26)}.${'A'.repeat(43)}`, status: 404 },
      { path: '/api/v1/saved-searches/unsubscribe?token=forged', status: 400 },
    ],
  },
  createUpload: {
    ok: {
      path: '/api/v1/files/uploads',
      as: 'editor',
      body: { json: uploadRequest(1000) },
      check(body) {
        const created = CreatedUpload.parse(body);
        expect(created.upload.fields.key).toBe(`files/${created.fileId}`);
      },
    },
    bad: [
      { path: '/api/v1/files/uploads', status: 403, as: 'student', body: { json: uploadRequest(1000) } },
      {
        path: '/api/v1/files/uploads',
        status: 400,
        as: 'editor',
        body: { json: uploadRequest(100_000_001) },
        fieldError: { path: 'body.size', message: 'The file is larger than 100,000,000 bytes.' },
      },
      {
        path: '/api/v1/files/uploads',
        status: 400,
        as: 'editor',
        body: { json: { ...uploadRequest(10), type: 'application/x-msdownload' } },
        fieldError: { path: 'body.type', message: 'The file type application/x-msdownload is not accepted.' },
      },
    ],
  },
  completeUpload: {
    ok: {
      get path() {
        return `/api/v1/files/${files.posted}/complete`;
      },
      as: 'editor',
      check(body) {
        expect(FileContract.parse(body)).toMatchObject({ id: files.posted, status: 'Ready', visibility: 'private' });
      },
    },
    bad: [
      { path: `/api/v1/files/${UNKNOWN_FILE}/complete`, status: 404, as: 'editor' },
      { path: '/api/v1/files/not-an-id/complete', status: 400, as: 'editor' },
    ],
  },
  getFile: {
    ok: {
      get path() {
        return `/api/v1/files/${files.ready}`;
      },
      // A private file's name and status are told only to those who may see it (issue 21 item 8).
      as: 'editor',
      check(body) {
        expect(FileStatusBody.parse(body)).toEqual({ id: files.ready, name: 'Lab guide.pdf', status: 'Ready' });
      },
    },
    bad: [{ path: `/api/v1/files/${UNKNOWN_FILE}`, status: 404, as: 'student' }],
  },
  getFileAccess: {
    ok: {
      path: '/api/v1/file-access',
      as: 'faculty-vacr',
      check(body) {
        // This portal is USCR: the Virginia faculty member is told why not (spec §1).
        expect(FileAccess.parse(body)).toEqual({
          courseware: false,
          lesson: false,
          reason: DOWNLOAD_REFUSALS.notNationalRangeUser,
        });
      },
    },
    bad: [],
  },
  getDownloadUrl: {
    ok: {
      get path() {
        return `/api/v1/files/${downloads.labPdf}/download-url`;
      },
      as: 'faculty-uscr',
      check(body) {
        const url = DownloadUrl.parse(body);
        expect(url).toMatchObject({ id: downloads.labPdf, name: 'Buffer_Overflow_Setuid.pdf' });
        expect(new URL(url.publicUrl).searchParams.get('X-Amz-Expires')).toBe('120');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/files/${downloads.labPdf}/download-url`;
        },
        status: 403,
        as: 'student',
      },
      { path: `/api/v1/files/${UNKNOWN_FILE}/download-url`, status: 404, as: 'faculty-uscr' },
      { path: '/api/v1/files/not-an-id/download-url', status: 400, as: 'faculty-uscr' },
    ],
  },
  getPreviewUrl: {
    ok: {
      get path() {
        return `/api/v1/files/${downloads.labPdf}/preview-url`;
      },
      as: 'faculty-uscr',
      check(body) {
        const url = PreviewUrl.parse(body);
        expect(url).toMatchObject({
          id: downloads.labPdf,
          kind: 'pdf',
          contentType: 'application/pdf',
          tooLarge: false,
        });
        const presigned = new URL(url.publicUrl ?? '');
        expect(presigned.searchParams.get('X-Amz-Expires')).toBe('120');
        expect(presigned.searchParams.get('response-content-disposition')).toMatch(/^inline; filename=/);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/files/${downloads.labPdf}/preview-url`;
        },
        status: 403,
        as: 'student',
      },
      { path: `/api/v1/files/${UNKNOWN_FILE}/preview-url`, status: 404, as: 'faculty-uscr' },
      { path: '/api/v1/files/not-an-id/preview-url', status: 400, as: 'faculty-uscr' },
    ],
  },
  requestBundle: {
    ok: {
      path: '/api/v1/files/bundles',
      as: 'faculty-uscr',
      get body(): CaseBody {
        return { json: { contentId: downloads.labId } };
      },
      check(body) {
        const bundle = RequestedBundle.parse(body);
        expect(bundle.status).toBe('Pending');
        expect(bundle.name).toMatch(/^Buffer_Overflow_Attack_Lab_Set-UID_Version_\d{4}-\d\d-\d\d_bundle\.zip$/);
      },
    },
    bad: [
      { path: '/api/v1/files/bundles', status: 403, as: 'student', body: { json: { category: 'module' } } },
      {
        path: '/api/v1/files/bundles',
        status: 400,
        as: 'faculty-uscr',
        body: { json: {} },
        fieldError: { path: 'body.contentId', message: 'Give exactly one of contentId, category or collectionId.' },
      },
      {
        path: '/api/v1/files/bundles',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { contentId: UNKNOWN_FILE, format: 'scorm' } },
        fieldError: { path: 'body.format', message: BUNDLE_FORMAT_MESSAGE },
      },
      {
        path: '/api/v1/files/bundles',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { category: 'module', format: 'imscc' } },
        fieldError: { path: 'body.format', message: CARTRIDGE_SCOPE_MESSAGE },
      },
      {
        path: '/api/v1/files/bundles',
        status: 403,
        as: 'student',
        body: { json: { contentId: UNKNOWN_FILE, format: 'imscc' } },
      },
      {
        path: '/api/v1/files/bundles',
        status: 404,
        as: 'faculty-uscr',
        body: { json: { contentId: UNKNOWN_FILE } },
      },
    ],
  },
  getContentBundle: {
    ok: {
      path: '/api/v1/content-bundle?contentId={moduleId}',
      as: 'faculty-uscr',
      check(body) {
        const bundle = ContentBundle.parse(body);
        expect(bundle.name).toMatch(/^SEED_Labs_Software_Security_\d{4}-\d\d-\d\d_bundle\.zip$/);
        expect(bundle.fileCount).toBeGreaterThan(0);
        expect(bundle.files.length).toBe(Math.min(bundle.fileCount, BUNDLE_PREVIEW_MAX_FILES));
      },
    },
    bad: [
      { path: '/api/v1/content-bundle?contentId={moduleId}', status: 403, as: 'student' },
      { path: '/api/v1/content-bundle?contentId={moduleId}&category=module', status: 400, as: 'faculty-uscr' },
      { path: `/api/v1/content-bundle?contentId=${UNKNOWN_FILE}`, status: 404, as: 'faculty-uscr' },
    ],
  },
  deleteFile: {
    ok: {
      get path() {
        return `/api/v1/files/${files.deletable}`;
      },
      as: 'editor',
      check(body) {
        expect(body).toEqual({ id: files.deletable });
      },
    },
    bad: [
      { path: `/api/v1/files/${UNKNOWN_FILE}`, status: 403, as: 'student' },
      { path: `/api/v1/files/${UNKNOWN_FILE}`, status: 404, as: 'editor' },
    ],
  },
  listLessons: {
    ok: {
      path: '/api/v1/lessons?contentId={moduleId}',
      as: 'faculty-uscr',
      check(body) {
        const page = LessonList.parse(body);
        expect(page.items.map((lesson) => lesson.id)).toContain(lessons.first);
      },
    },
    bad: [
      { path: '/api/v1/lessons?contentId=not-an-id', status: 400, as: 'faculty-uscr' },
      { path: '/api/v1/lessons?contentId=00000000000000000000000000', status: 404, as: 'faculty-uscr' },
      { path: '/api/v1/lessons?contentId={moduleId}&pageToken=forged', status: 400, as: 'faculty-uscr' },
      { path: '/api/v1/lessons?contentId={moduleId}', status: 403, as: 'student' },
    ],
  },
  getLesson: {
    ok: {
      get path() {
        return `/api/v1/lessons/${lessons.first}`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(Lesson.parse(body)).toMatchObject({ id: lessons.first, name: 'Stack frames', version: 1 });
      },
    },
    bad: [
      { path: '/api/v1/lessons/00000000000000000000000000', status: 404, as: 'faculty-uscr' },
      { path: '/api/v1/lessons/not-an-id', status: 400, as: 'faculty-uscr' },
    ],
  },
  createLesson: {
    ok: {
      path: '/api/v1/lessons',
      as: 'editor',
      get body(): CaseBody {
        return {
          json: {
            contentId: lessons.contentId,
            name: 'n'.repeat(1000),
            pages: [{ name: 'Day 1', urls: [{ fileId: lessons.upload, type: 'handout' }] }],
          },
        };
      },
      check(body) {
        lessons.created = CreatedId.parse(body).id;
      },
    },
    bad: [
      {
        path: '/api/v1/lessons',
        status: 400,
        as: 'editor',
        get body(): CaseBody {
          return { json: { contentId: lessons.contentId, name: 'n'.repeat(1001) } };
        },
        fieldError: { path: 'body.name', message: 'Must be at most 1000 characters.' },
      },
      {
        path: '/api/v1/lessons',
        status: 400,
        as: 'editor',
        get body(): CaseBody {
          return {
            json: {
              contentId: lessons.contentId,
              name: 'Borrowed',
              urls: [{ fileId: lessons.foreignUpload, type: 'other' }],
            },
          };
        },
        fieldError: { path: 'body.urls.0.fileId', message: LESSON_FILE_NOT_ALLOWED_MESSAGE },
      },
      { path: '/api/v1/lessons', status: 403, as: 'faculty-uscr', body: { json: {} } },
    ],
  },
  updateLesson: {
    ok: {
      get path() {
        return `/api/v1/lessons/${lessons.first}`;
      },
      as: 'editor',
      body: { json: { name: 'Stack frames, revised', version: 1 } },
      check(body) {
        expect(Lesson.parse(body)).toMatchObject({ id: lessons.first, version: 2, urls: [] });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/lessons/${lessons.first}`;
        },
        status: 409,
        as: 'editor',
        body: { json: { name: 'Stale', version: 1 } },
      },
      { path: '/api/v1/lessons/not-an-id', status: 400, as: 'editor', body: { json: { name: 'x', version: 1 } } },
    ],
  },
  deleteLesson: {
    ok: {
      get path() {
        return `/api/v1/lessons/${lessons.created}`;
      },
      as: 'editor',
      check(body) {
        expect(DeletedLesson.parse(body)).toEqual({ id: lessons.created, contentId: lessons.contentId });
      },
    },
    bad: [
      { path: '/api/v1/lessons/00000000000000000000000000', status: 404, as: 'editor' },
      { path: '/api/v1/lessons/00000000000000000000000000', status: 403, as: 'faculty-uscr' },
    ],
  },
  listStatisticBuckets: {
    ok: {
      path: '/api/v1/statistics/contentfiledownload/buckets/businessUnit?from=2025-01-01&to=2025-12-31&view=table&group=university&limit=10',
      as: 'editor',
      check(body) {
        const page = StatisticBucketPage.parse(body);
        expect(page.items.length).toBeLessThanOrEqual(10);
        for (const bucket of page.items) expect(bucket.period).toBeNull();
      },
    },
    bad: [
      {
        path: '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-02-01&to=2025-01-01',
        status: 400,
        as: 'editor',
        fieldError: { path: 'query.from', message: DASHBOARD_DATE_MESSAGES.fromAfterTo },
      },
      {
        path: '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-01-01&to=2026-01-02',
        status: 400,
        as: 'editor',
        fieldError: { path: 'query.to', message: DASHBOARD_DATE_MESSAGES.rangeTooLong },
      },
      {
        path: '/api/v1/statistics/contentfiledownload/buckets/nothing?from=2025-01-01&to=2025-01-02',
        status: 400,
        as: 'editor',
      },
      {
        path: '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-01-01&to=2025-01-02&pageToken=forged',
        status: 400,
        as: 'editor',
      },
      {
        path: '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-01-01&to=2025-01-02',
        status: 403,
        as: 'faculty-uscr',
      },
    ],
  },
  listRawStatistics: {
    ok: {
      path: '/api/v1/statistics/contentfiledownload/events?from=2025-01-01&to=2025-01-31&limit=5',
      as: 'admin',
      check(body) {
        const page = RawStatisticsPage.parse(body);
        expect(page.items.length).toBeLessThanOrEqual(5);
        const times = page.items.map((item) => item.timestamp);
        expect(times).toEqual([...times].sort());
      },
    },
    bad: [
      {
        path: '/api/v1/statistics/contentfiledownload/events?from=2025-01-01&to=2025-01-31&limit=1001',
        status: 400,
        as: 'admin',
      },
      { path: '/api/v1/statistics/other/events?from=2025-01-01&to=2025-01-31', status: 400, as: 'admin' },
      { path: '/api/v1/statistics/contentfiledownload/events?from=2025-01-01', status: 400, as: 'admin' },
      {
        path: '/api/v1/statistics/contentfiledownload/events?from=2025-01-01&to=2025-01-31',
        status: 403,
        as: 'student',
      },
    ],
  },
  getCoursewareMetrics: {
    ok: {
      path: '/api/v1/courseware-metrics',
      as: 'editor',
      check(body) {
        const metrics = CoursewareMetrics.parse(body);
        expect(metrics.totalCourseware).toBeGreaterThanOrEqual(60);
        expect(metrics.linkagesCount).toBeGreaterThan(0);
      },
    },
    bad: [{ path: '/api/v1/courseware-metrics', status: 403, as: 'faculty-vacr' }],
  },
  getContentUsage: {
    ok: {
      path: '/api/v1/content-items/{moduleId}/usage',
      check(body) {
        const usage = responseOf('getContentUsage').parse(body) as { downloads: unknown; schools: unknown };
        // Rounded figures only (decision record 071): a qualifier beside each value.
        expect(usage.downloads).toEqual({ value: expect.any(Number), qualifier: expect.any(String) });
        expect(usage.schools).toEqual({ value: expect.any(Number), qualifier: expect.any(String) });
      },
    },
    bad: [
      { path: '/api/v1/content-items/00000000000000000000000000/usage', status: 404 },
      { path: '/api/v1/content-items/not-an-id/usage', status: 400 },
    ],
  },
  authenticate: {
    ok: {
      path: '/api/v1/authenticate',
      body: { upstreamTokenOf: 'faculty-uscr' },
      check(body) {
        const { token } = TokenResponse.parse(body);
        expect(token.split('.')).toHaveLength(3);
      },
    },
    bad: [
      { path: '/api/v1/authenticate', status: 400, body: { json: {} } },
      { path: '/api/v1/authenticate', status: 400, body: { json: { provider: 'google', token: 'x' } } },
      { path: '/api/v1/authenticate', status: 401, body: { json: { provider: 'vcr', token: 'not-a-jwt' } } },
    ],
  },
  // Issue 21 item 19: the admin impersonating the student gets a token of their own back.
  endImpersonation: {
    ok: {
      path: '/api/v1/impersonation/end',
      token: () => impersonationTokenFor(portal, 'admin', 'student'),
      check(body) {
        const { token } = TokenResponse.parse(body);
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
          displayName: string;
          act?: unknown;
        };
        expect(claims.act).toBeUndefined();
        expect(claims.displayName).toBe('Ada Admin');
      },
    },
    bad: [{ path: '/api/v1/impersonation/end', status: 409, as: 'admin' }],
  },
  getSsoToken: {
    ok: {
      path: '/api/v1/sso-token',
      as: 'student',
      check(body) {
        expect(TokenResponse.parse(body).token.split('.')).toHaveLength(3);
      },
    },
    // The editor may not view the exercise area (no list_v1_courses, no can-manage-organization).
    bad: [{ path: '/api/v1/sso-token', status: 403, as: 'editor' }],
  },
  getOpenIdConfiguration: {
    ok: {
      path: '/api/v1/auth/.well-known/openid-configuration',
      check(body) {
        const doc = OpenIdConfiguration.parse(body);
        expect(doc.jwks_uri).toBe(`${doc.issuer}/jwks.json`);
        expect(doc.issuer).toBe(`${portal.baseUrl}/api/v1/auth`);
      },
    },
    bad: [],
  },
  getJwks: {
    ok: {
      path: '/api/v1/auth/jwks.json',
      check(body) {
        const { keys } = JsonWebKeySet.parse(body);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
          for (const privatePart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(privatePart);
        }
      },
    },
    bad: [],
  },
  listClaims: {
    ok: {
      path: '/api/v1/claims',
      as: 'editor',
      check(body) {
        expect(ClaimList.parse(body).items).toContainEqual(
          expect.objectContaining({ type: 'api', value: 'patch_v1_content' }),
        );
      },
    },
    bad: [],
  },
  listMessages: {
    ok: {
      path: '/api/v1/messages',
      as: 'faculty-vacr',
      check(body) {
        expect(MessageList.parse(body).items.length).toBeGreaterThan(0);
      },
    },
    bad: [],
  },
  dismissMessage: {
    ok: {
      // The editor's own seeded welcome (issue 25 item 5); no other case reads the editor's messages.
      path: `/api/v1/messages/${seedId('message', 'editor|welcome')}`,
      as: 'editor',
      check(body) {
        expect(DismissedMessage.parse(body)).toEqual({ id: seedId('message', 'editor|welcome') });
      },
    },
    bad: [
      // Another user's message is absent from the caller's partition.
      { path: `/api/v1/messages/${seedId('message', 'faculty-vacr|welcome')}`, status: 404, as: 'editor' },
      { path: '/api/v1/messages/not-an-id', status: 400, as: 'editor' },
    ],
  },
  listLibrary: {
    ok: {
      path: '/api/v1/library/saved?limit=5',
      as: 'faculty-vacr',
      check(body) {
        const page = LibraryPage.parse(body);
        expect(page.items.map((item) => [item.contentId, item.state])).toEqual([[library.savedId, 'available']]);
        expect(page.items[0]?.content?.id).toBe(library.savedId);
      },
    },
    bad: [
      {
        path: '/api/v1/library/saved?limit=0',
        status: 400,
        as: 'faculty-vacr',
        fieldError: { path: 'query.limit', message: 'Must be at least 1.' },
      },
      { path: '/api/v1/library/saved?pageToken=garbage', status: 400, as: 'faculty-vacr' },
    ],
  },
  listSavedContentIds: {
    ok: {
      path: '/api/v1/library/saved-ids',
      as: 'faculty-vacr',
      check(body) {
        expect(SavedContentIds.parse(body)).toEqual({ contentIds: [library.savedId] });
      },
    },
    bad: [],
  },
  saveToLibrary: {
    ok: {
      get path() {
        return `/api/v1/library/saved/${downloads.labId}`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(SavedContentState.parse(body)).toMatchObject({ contentId: downloads.labId, saved: true });
      },
    },
    bad: [
      { path: '/api/v1/library/saved/not-an-id', status: 400, as: 'faculty-uscr' },
      { path: `/api/v1/library/saved/${UNKNOWN_FILE}`, status: 404, as: 'faculty-uscr' },
    ],
  },
  removeFromLibrary: {
    ok: {
      get path() {
        return `/api/v1/library/saved/${downloads.labId}`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(SavedContentState.parse(body)).toEqual({
          contentId: downloads.labId,
          saved: false,
          savedTimestamp: null,
        });
      },
    },
    bad: [{ path: '/api/v1/library/saved/not-an-id', status: 400, as: 'faculty-uscr' }],
  },
  listDownloadHistory: {
    ok: {
      // faculty-uscr downloaded the lab's PDF in the getDownloadUrl case (file group, earlier in the table).
      path: '/api/v1/library/downloads',
      as: 'faculty-uscr',
      check(body) {
        const page = DownloadHistoryPage.parse(body);
        expect(page.items.find((entry) => entry.fileId === downloads.labPdf)).toMatchObject({
          fileName: 'Buffer_Overflow_Setuid.pdf',
          contentId: downloads.labId,
          state: 'available',
          updatedSince: false,
        });
      },
    },
    bad: [{ path: '/api/v1/library/downloads?limit=101', status: 400, as: 'faculty-uscr' }],
  },
  listMyCollections: {
    ok: {
      path: '/api/v1/collections/mine',
      as: 'faculty-vacr',
      check(body) {
        const ids = CollectionPage.parse(body).items.map((item) => item.id);
        expect(ids).toEqual(expect.arrayContaining([collections.privateId, collections.linkId]));
        expect(ids).not.toContain(collections.curatedId);
      },
    },
    bad: [{ path: '/api/v1/collections/mine?limit=101', status: 400, as: 'faculty-vacr' }],
  },
  listCuratedCollections: {
    ok: {
      // Curated collections are public and listed; link-shared and private ones are not.
      path: '/api/v1/collections',
      check(body) {
        const ids = CollectionPage.parse(body).items.map((item) => item.id);
        expect(ids).toContain(collections.curatedId);
        expect(ids).not.toContain(collections.linkId);
        expect(ids).not.toContain(collections.privateId);
      },
    },
    bad: [{ path: '/api/v1/collections?pageToken=garbage', status: 400 }],
  },
  createCollection: {
    ok: {
      path: '/api/v1/collections',
      as: 'faculty-uscr',
      get body() {
        return { json: { name: 'Week 1', entries: [{ contentId: downloads.labId, note: 'Start here.' }] } };
      },
      check(body) {
        expect(Collection.parse(body)).toMatchObject({
          name: 'Week 1',
          visibility: 'private',
          owned: true,
          version: 1,
          entries: [{ contentId: downloads.labId, note: 'Start here.', state: 'available' }],
        });
      },
    },
    bad: [
      {
        path: '/api/v1/collections',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { name: ' ' } },
        fieldError: { path: 'body.name', message: 'Required.' },
      },
      {
        path: '/api/v1/collections',
        status: 400,
        as: 'faculty-uscr',
        get body() {
          return {
            json: {
              name: 'Twice',
              entries: [
                { contentId: downloads.labId, note: '' },
                { contentId: downloads.labId, note: '' },
              ],
            },
          };
        },
        fieldError: { path: 'body.entries.1.contentId', message: 'This item is already in the list.' },
      },
      {
        path: '/api/v1/collections',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { name: 'Unknown item', entries: [{ contentId: UNKNOWN_FILE, note: '' }] } },
        fieldError: { path: 'body.entries.0.contentId', message: 'This item does not exist or you cannot open it.' },
      },
      {
        path: '/api/v1/collections',
        status: 403,
        as: 'faculty-uscr',
        body: { json: { name: 'Mine', visibility: 'curated' } },
      },
    ],
  },
  getCollection: {
    ok: {
      // A link-shared collection reads for a visitor.
      get path() {
        return `/api/v1/collections/${collections.linkId}`;
      },
      check(body) {
        expect(Collection.parse(body)).toMatchObject({
          id: collections.linkId,
          visibility: 'link',
          owned: false,
          entries: [{ contentId: downloads.labId, state: 'available' }],
        });
      },
    },
    bad: [
      { path: '/api/v1/collections/not-an-id', status: 400 },
      {
        // A private collection is 404 to anyone but its owner.
        get path() {
          return `/api/v1/collections/${collections.privateId}`;
        },
        status: 404,
        as: 'faculty-uscr',
      },
      {
        get path() {
          return `/api/v1/collections/${collections.privateId}`;
        },
        status: 404,
      },
    ],
  },
  getCollectionCoverage: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.linkId}/coverage`;
      },
      as: 'faculty-uscr',
      check(body) {
        const coverage = CollectionCoverage.parse(body);
        for (const list of [coverage.KSA, coverage.KU, coverage.TKS]) {
          for (const knowledge of list) expect(knowledge.contentIds).toEqual([downloads.labId]);
        }
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/collections/${collections.privateId}/coverage`;
        },
        status: 404,
      },
    ],
  },
  getCollectionCoverageReport: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.linkId}/coverage-report`;
      },
      as: 'faculty-uscr',
      check(body) {
        const coverage = Coverage.parse(body);
        expect(coverage.subject).toMatchObject({ kind: 'collection', id: collections.linkId, itemCount: 1 });
        expect(coverage.items.map((item) => item.id)).toEqual([downloads.labId]);
        expect(coverage.cae.unitCount).toBeGreaterThan(0);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/collections/${collections.privateId}/coverage-report`;
        },
        status: 404,
      },
      { path: '/api/v1/collections/not-an-id/coverage-report', status: 400 },
    ],
  },
  getCollectionCaeWorksheet: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.linkId}/cae-worksheet`;
      },
      as: 'faculty-uscr',
      check(body) {
        // The bytes of an xlsx (a zip: "PK").
        expect(Buffer.isBuffer(body) && body.subarray(0, 2).toString('latin1')).toBe('PK');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/collections/${collections.privateId}/cae-worksheet`;
        },
        status: 404,
      },
      { path: '/api/v1/collections/not-an-id/cae-worksheet', status: 400 },
    ],
  },
  updateCollection: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.privateId}`;
      },
      as: 'faculty-vacr',
      get body() {
        return {
          json: {
            name: 'Renamed',
            visibility: 'private',
            entries: [{ contentId: downloads.labId, note: 'Edited note.' }],
            version: 1,
          },
        };
      },
      check(body) {
        expect(Collection.parse(body)).toMatchObject({
          name: 'Renamed',
          version: 2,
          entries: [{ contentId: downloads.labId, note: 'Edited note.' }],
        });
      },
    },
    bad: [
      {
        // Stale: the ok case moved it to version 2 (or, run first, it is at 1 and 99 is stale too).
        get path() {
          return `/api/v1/collections/${collections.linkId}`;
        },
        status: 409,
        as: 'faculty-vacr',
        body: { json: { name: 'Stale', visibility: 'link', entries: [], version: 99 } },
      },
      {
        get path() {
          return `/api/v1/collections/${collections.linkId}`;
        },
        status: 400,
        as: 'faculty-vacr',
        get body() {
          return {
            json: {
              name: 'Twice',
              visibility: 'link',
              entries: [
                { contentId: downloads.labId, note: '' },
                { contentId: downloads.labId, note: '' },
              ],
              version: 1,
            },
          };
        },
        fieldError: { path: 'body.entries.1.contentId', message: 'This item is already in the list.' },
      },
      {
        get path() {
          return `/api/v1/collections/${collections.linkId}`;
        },
        status: 404,
        as: 'faculty-uscr',
        body: { json: { name: 'Not mine', visibility: 'link', entries: [], version: 1 } },
      },
    ],
  },
  addCollectionEntry: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.linkId}/entries`;
      },
      as: 'faculty-vacr',
      get body() {
        return { json: { contentId: downloads.labId } };
      },
      check(body) {
        // Already there: it stays once, where it was.
        expect(Collection.parse(body).entries.map((entry) => entry.contentId)).toEqual([downloads.labId]);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/collections/${collections.linkId}/entries`;
        },
        status: 404,
        as: 'faculty-vacr',
        body: { json: { contentId: UNKNOWN_FILE } },
      },
      {
        get path() {
          return `/api/v1/collections/${collections.linkId}/entries`;
        },
        status: 404,
        as: 'faculty-uscr',
        get body() {
          return { json: { contentId: downloads.labId } };
        },
      },
    ],
  },
  deleteCollection: {
    ok: {
      get path() {
        return `/api/v1/collections/${collections.deletableId}`;
      },
      as: 'faculty-vacr',
      check(body) {
        expect(DeletedCollection.parse(body)).toEqual({ id: collections.deletableId, deleted: true });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/collections/${collections.linkId}`;
        },
        status: 404,
        as: 'faculty-uscr',
      },
    ],
  },
  exportPersonalData: {
    ok: {
      // faculty-uscr downloaded the lab's PDF in the getDownloadUrl case (file group, earlier in the table).
      path: '/api/v1/personal-data',
      as: 'faculty-uscr',
      check(body) {
        const data = PersonalData.parse(body);
        expect(data.account.roles).toContain('USER');
        expect(data.downloads.find((entry) => entry.fileId === downloads.labPdf)).toMatchObject({
          fileName: 'Buffer_Overflow_Setuid.pdf',
          contentId: downloads.labId,
        });
      },
    },
    bad: [],
  },
  deletePersonalReviews: {
    ok: {
      path: '/api/v1/personal-data/reviews',
      as: 'student',
      check(body) {
        expect(DeletedPersonalData.parse(body)).toEqual({ deleted: 0 });
      },
    },
    bad: [],
  },
  deletePersonalCollections: {
    ok: {
      path: '/api/v1/personal-data/collections',
      as: 'student',
      check(body) {
        expect(DeletedPersonalData.parse(body)).toEqual({ deleted: 0 });
      },
    },
    bad: [],
  },
  getUserPersonalData: {
    ok: {
      get path() {
        return `/api/v1/users/${userAdmin.userId}/personal-data`;
      },
      as: 'admin',
      check(body) {
        const data = PersonalData.parse(body);
        expect(data.account).toMatchObject({ id: userAdmin.userId, displayName: 'Olive Overhttp' });
        expect(data.library).toEqual([]);
      },
    },
    bad: [
      { path: '/api/v1/users/00000000000000000000000000/personal-data', status: 404, as: 'admin' },
      { path: '/api/v1/users/not-an-id/personal-data', status: 400, as: 'admin' },
    ],
  },
  getProductSubscription: {
    ok: {
      // A valid login has coursewareFeature (spec §4; issue 21 item 3): ask for another product.
      path: '/api/v1/product-subscriptions/labsFeature',
      as: 'student',
      check(body) {
        expect(SubscriptionStatus.parse(body)).toEqual({ product: 'labsFeature', subscribed: false });
      },
    },
    bad: [{ path: `/api/v1/product-subscriptions/${'p'.repeat(65)}`, status: 400, as: 'student' }],
  },
  listOrganizations: {
    ok: {
      path: '/api/v1/organizations',
      as: 'faculty-vacr',
      check(body) {
        expect(OrganizationList.parse(body).items).toEqual([
          {
            id: expect.any(String),
            name: 'George Mason University cyber range courses',
            roles: ['organization admin', 'organization instructor'],
          },
        ]);
      },
    },
    bad: [],
  },
  sendContactRequest: {
    ok: {
      path: '/api/v1/contact-requests',
      body: {
        json: {
          name: 'Pat Lee',
          email: 'pat.lee@example.edu',
          organization: 'Example College',
          subject: 'A demo, please',
          message: 'We would like a demo of the exercise area.',
          topic: 'requestDemo',
        },
      },
      check(body) {
        expect(SentMessage.parse(body).emailStatus).toBe('pending');
      },
    },
    bad: [
      {
        path: '/api/v1/contact-requests',
        status: 400,
        body: {
          json: { name: 'x'.repeat(101), email: 'not-an-address', organization: 'O', subject: 'S', message: 'M' },
        },
        fieldError: { path: 'body.name', message: 'Must be at most 100 characters.' },
      },
    ],
  },
  createNewsletterSubscriber: {
    ok: {
      path: '/api/v1/newsletter-subscribers',
      body: {
        json: {
          email: 'pat.lee@example.edu',
          firstName: 'Pat',
          lastName: 'Lee',
          organization: 'Example College',
          jobTitle: 'Instructor',
          emailFormat: 'TEXT',
        },
      },
      check(body) {
        expect(SentMessage.parse(body).emailStatus).toBe('pending');
      },
    },
    bad: [
      {
        path: '/api/v1/newsletter-subscribers',
        status: 400,
        body: { json: { email: 'pat@example.edu', firstName: 'P', lastName: 'L', organization: 'O', jobTitle: 'J' } },
        fieldError: { path: 'body.emailFormat', message: 'Choose HTML or TEXT.' },
      },
    ],
  },
  listUserCourses: {
    ok: {
      path: '/api/v1/user/courses',
      as: 'student',
      check(body) {
        expect(UserCoursePage.parse(body)).toEqual({
          items: [
            {
              id: expect.any(String),
              name: 'Network Defense Lab, Fall 2026 (synthetic course)',
              roles: ['student'],
              createdTimestamp: '2026-08-17T14:00:00.000Z',
            },
          ],
          nextPageToken: null,
        });
      },
    },
    bad: [
      { path: '/api/v1/user/courses?limit=0', status: 400, as: 'student' },
      { path: '/api/v1/user/courses?pageToken=forged', status: 400, as: 'student' },
    ],
  },
  requestCourseSupport: {
    ok: {
      get path() {
        return `/api/v1/courses/${support.unoCourse}/support`;
      },
      as: 'student',
      body: { json: SUPPORT_BODY },
      check(body) {
        const sent = SentSupportRequest.parse(body);
        expect(sent.emailStatus).toBe('pending');
        expect(sent.recipients).toEqual([
          { name: 'Una Faculty', role: 'instructor course admin' },
          { name: 'US Cyber Range support', role: 'support desk' },
        ]);
      },
    },
    bad: [
      {
        // A course of another school: not one of the caller's, answered like a missing one.
        get path() {
          return `/api/v1/courses/${support.gmuCourse}/support`;
        },
        status: 404,
        as: 'faculty-uscr',
        body: { json: SUPPORT_BODY },
      },
      {
        get path() {
          return `/api/v1/courses/${support.unoCourse}/support`;
        },
        status: 400,
        as: 'student',
        body: { json: { ...SUPPORT_BODY, subject: 's'.repeat(201) } },
        fieldError: { path: 'body.subject', message: 'Must be at most 200 characters.' },
      },
      {
        path: '/api/v1/courses/00000000000000000000000000/support',
        status: 403,
        as: 'editor',
        body: { json: SUPPORT_BODY },
      },
    ],
  },
  requestOrganizationSupport: {
    ok: {
      get path() {
        return `/api/v1/organizations/${support.unoOrganization}/support`;
      },
      as: 'faculty-uscr',
      body: { json: SUPPORT_BODY },
      check(body) {
        const sent = SentSupportRequest.parse(body);
        expect(sent.emailStatus).toBe('pending');
        // The caller is the organization's only admin: the support desk remains.
        expect(sent.recipients).toEqual([{ name: 'US Cyber Range support', role: 'support desk' }]);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/organizations/${support.gmuOrganization}/support`;
        },
        status: 404,
        as: 'faculty-uscr',
        body: { json: SUPPORT_BODY },
      },
      {
        get path() {
          return `/api/v1/organizations/${support.unoOrganization}/support`;
        },
        status: 403,
        as: 'student',
        body: { json: SUPPORT_BODY },
      },
    ],
  },
  listUsers: {
    ok: {
      path: '/api/v1/users?limit=3',
      as: 'admin',
      check(body) {
        const page = UserPage.parse(body);
        expect(page.items).toHaveLength(3);
        expect(page.nextPageToken).toEqual(expect.any(String));
      },
    },
    bad: [
      { path: '/api/v1/users?limit=0', status: 400, as: 'admin' },
      { path: '/api/v1/users?pageToken=forged', status: 400, as: 'admin' },
    ],
  },
  listNews: {
    ok: {
      path: '/api/v1/news?limit=10',
      check(body) {
        const page = NewsPage.parse(body);
        expect(page.items.length).toBeGreaterThan(0);
        expect(page.items.length).toBeLessThanOrEqual(10);
        for (const item of page.items) expect(item.status).toBe('published');
      },
    },
    bad: [
      { path: '/api/v1/news?limit=101', status: 400 },
      { path: '/api/v1/news?pageToken=forged', status: 400 },
      { path: '/api/v1/news?status=draft', status: 400, as: 'editor' },
    ],
  },
  getNews: {
    ok: {
      path: `/api/v1/news/${NEWS_LINK}`,
      check(body) {
        expect(News.parse(body)).toMatchObject({ id: newsEvents.news, link: NEWS_LINK, status: 'published' });
      },
    },
    bad: [{ path: '/api/v1/news/no-such-news', status: 404 }],
  },
  createNews: {
    ok: {
      path: '/api/v1/news',
      as: 'editor',
      body: { json: NEWS_BODY },
      check(body) {
        const news = News.parse(body);
        expect(news).toMatchObject({ link: 'written-over-http', description: '<p>News</p>' });
        newsEvents.createdNews = news.id;
      },
    },
    bad: [
      {
        path: '/api/v1/news',
        status: 400,
        as: 'editor',
        body: { json: { ...NEWS_BODY, name: '' } },
        fieldError: { path: 'body.name', message: 'Is required.' },
      },
      { path: '/api/v1/news', status: 409, as: 'editor', body: { json: { ...NEWS_BODY, link: NEWS_LINK } } },
      { path: '/api/v1/news', status: 403, as: 'faculty-uscr', body: { json: NEWS_BODY } },
    ],
  },
  updateNews: {
    ok: {
      get path() {
        return `/api/v1/news/${newsEvents.createdNews}`;
      },
      as: 'editor',
      body: { json: { ...NEWS_BODY, externalLink: 'https://example.org/story' } },
      check(body) {
        expect(News.parse(body)).toMatchObject({
          id: newsEvents.createdNews,
          link: 'written-over-http',
          externalLink: 'https://example.org/story',
        });
      },
    },
    bad: [
      { path: '/api/v1/news/00000000000000000000000000', status: 404, as: 'editor', body: { json: NEWS_BODY } },
      { path: '/api/v1/news/not-an-id', status: 400, as: 'editor', body: { json: NEWS_BODY } },
      {
        get path() {
          return `/api/v1/news/${newsEvents.createdNews}`;
        },
        status: 409,
        as: 'editor',
        body: { json: { ...NEWS_BODY, link: NEWS_LINK } },
      },
    ],
  },
  deleteNews: {
    ok: {
      get path() {
        return `/api/v1/news/${newsEvents.createdNews}`;
      },
      as: 'editor',
      check(body) {
        expect(DeletedNewsEvent.parse(body)).toEqual({ id: newsEvents.createdNews });
      },
    },
    bad: [
      { path: '/api/v1/news/00000000000000000000000000', status: 404, as: 'editor' },
      { path: '/api/v1/news/00000000000000000000000000', status: 403, as: 'faculty-uscr' },
    ],
  },
  listEvents: {
    ok: {
      path: '/api/v1/events?upcoming=true&limit=3',
      check(body) {
        const page = EventPage.parse(body);
        expect(page.items.map((item) => item.id)).toContain(newsEvents.event);
        const dates = page.items.map((item) => item.date);
        expect(dates).toEqual([...dates].sort());
        for (const item of page.items) expect(item.status).toBe('published');
      },
    },
    bad: [
      { path: '/api/v1/events?upcoming=maybe', status: 400 },
      { path: '/api/v1/events?limit=0', status: 400 },
      { path: '/api/v1/events?upcoming=true&pageToken=forged', status: 400 },
    ],
  },
  getEvent: {
    ok: {
      get path() {
        return `/api/v1/events/${newsEvents.event}`;
      },
      check(body) {
        expect(Event.parse(body)).toMatchObject({ id: newsEvents.event, link: EVENT_LINK, location: 'Online' });
      },
    },
    bad: [{ path: '/api/v1/events/no-such-event', status: 404 }],
  },
  createEvent: {
    ok: {
      path: '/api/v1/events',
      as: 'editor',
      body: { json: EVENT_BODY },
      check(body) {
        const event = Event.parse(body);
        expect(event).toMatchObject({ link: EVENT_BODY.link, status: 'unpublished' });
        newsEvents.createdEvent = event.id;
      },
    },
    bad: [
      {
        path: '/api/v1/events',
        status: 400,
        as: 'editor',
        body: { json: { ...EVENT_BODY, link: '' } },
        fieldError: { path: 'body.link', message: 'Is required.' },
      },
      { path: '/api/v1/events', status: 409, as: 'editor', body: { json: { ...EVENT_BODY, link: EVENT_LINK } } },
      { path: '/api/v1/events', status: 403, as: 'student', body: { json: EVENT_BODY } },
    ],
  },
  updateEvent: {
    ok: {
      get path() {
        return `/api/v1/events/${newsEvents.createdEvent}`;
      },
      as: 'editor',
      body: { json: { ...EVENT_BODY, location: 'Fairfax, Virginia' } },
      check(body) {
        expect(Event.parse(body)).toMatchObject({ id: newsEvents.createdEvent, location: 'Fairfax, Virginia' });
      },
    },
    bad: [
      { path: '/api/v1/events/00000000000000000000000000', status: 404, as: 'editor', body: { json: EVENT_BODY } },
      {
        get path() {
          return `/api/v1/events/${newsEvents.createdEvent}`;
        },
        status: 409,
        as: 'editor',
        body: { json: { ...EVENT_BODY, link: EVENT_LINK } },
      },
    ],
  },
  deleteEvent: {
    ok: {
      get path() {
        return `/api/v1/events/${newsEvents.createdEvent}`;
      },
      as: 'editor',
      check(body) {
        expect(DeletedNewsEvent.parse(body)).toEqual({ id: newsEvents.createdEvent });
      },
    },
    bad: [
      { path: '/api/v1/events/00000000000000000000000000', status: 404, as: 'editor' },
      { path: '/api/v1/events/00000000000000000000000000', status: 403, as: 'student' },
    ],
  },
  getPageByHref: {
    ok: {
      path: '/api/v1/pages/by-href?href=%2Fterms-of-use',
      check(body) {
        const page = Page.parse(body);
        expect(page).toMatchObject({ href: '/terms-of-use', title: 'Terms of use', status: 'published' });
        expect(page.sections.map((section) => section.index)).toEqual(page.sections.map((_, i) => i));
      },
    },
    bad: [
      { path: '/api/v1/pages/by-href', status: 400 },
      {
        path: '/api/v1/pages/by-href?href=terms-of-use',
        status: 400,
        fieldError: { path: 'query.href', message: PAGE_HREF_MESSAGE },
      },
      { path: '/api/v1/pages/by-href?href=%2Fno-such-page', status: 404 },
    ],
  },
  getPage: {
    ok: {
      path: `/api/v1/pages/${seededPageId('/privacy')}`,
      check(body) {
        const page = PageWithAncestors.parse(body);
        expect(page).toMatchObject({ id: seededPageId('/privacy'), href: '/privacy', ancestors: [] });
        expect(page.sections.length).toBeGreaterThan(1);
      },
    },
    bad: [
      {
        path: '/api/v1/pages/not-an-id',
        status: 400,
        fieldError: { path: 'path.id', message: 'Must be a 26-character id.' },
      },
      { path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v', status: 404 },
    ],
  },
  listPages: {
    ok: {
      path: '/api/v1/pages?limit=2',
      as: 'editor',
      check(body) {
        const list = PageList.parse(body);
        expect(list.items).toHaveLength(2);
        expect(list.nextPageToken).not.toBeNull();
        expect(list.items.map((page) => page.href)).toEqual([...list.items.map((page) => page.href)].sort());
        expect(list.items[0]).not.toHaveProperty('sections');
      },
    },
    bad: [
      { path: '/api/v1/pages', status: 403, as: 'student' },
      { path: '/api/v1/pages?limit=101', status: 400, as: 'editor' },
      { path: '/api/v1/pages?pageToken=forged', status: 400, as: 'editor' },
    ],
  },
  listPageSections: {
    ok: {
      path: `/api/v1/pages/${seededPageId('/privacy')}/sections?limit=2`,
      check(body) {
        const list = PageSectionList.parse(body);
        expect(list.items).toHaveLength(2);
        expect(list.items.map((section) => section.index)).toEqual([0, 1]);
        expect(list.nextPageToken).not.toBeNull();
      },
    },
    bad: [
      {
        path: '/api/v1/pages/not-an-id/sections',
        status: 400,
        fieldError: { path: 'path.id', message: 'Must be a 26-character id.' },
      },
      {
        path: `/api/v1/pages/${seededPageId('/privacy')}/sections?limit=51`,
        status: 400,
        fieldError: { path: 'query.limit', message: 'Must be at most 50.' },
      },
      { path: `/api/v1/pages/${seededPageId('/privacy')}/sections?pageToken=forged`, status: 400 },
      { path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v/sections', status: 404 },
    ],
  },
  createPage: {
    ok: {
      path: '/api/v1/pages',
      as: 'editor',
      body: { json: PAGE_BODY },
      check(body) {
        const page = Page.parse(body);
        expect(page).toMatchObject({ href: '/written-over-http', parentId: null, sections: [] });
        pages.created = page.id;
      },
    },
    bad: [
      {
        path: '/api/v1/pages',
        status: 400,
        as: 'editor',
        body: { json: { ...PAGE_BODY, title: '' } },
        fieldError: { path: 'body.title', message: 'Is required.' },
      },
      { path: '/api/v1/pages', status: 409, as: 'editor', body: { json: { ...PAGE_BODY, href: '/terms-of-use' } } },
      { path: '/api/v1/pages', status: 403, as: 'faculty-uscr', body: { json: PAGE_BODY } },
    ],
  },
  updatePage: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.created}`;
      },
      as: 'editor',
      body: { json: { ...PAGE_BODY, href: '/written-over-http-moved', status: 'published' } },
      check(body) {
        expect(Page.parse(body)).toMatchObject({ id: pages.created, href: '/written-over-http-moved' });
      },
    },
    bad: [
      {
        path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v',
        status: 404,
        as: 'editor',
        body: { json: PAGE_BODY },
      },
      {
        get path() {
          return `/api/v1/pages/${pages.created}`;
        },
        status: 409,
        as: 'editor',
        body: { json: { ...PAGE_BODY, href: '/privacy' } },
      },
    ],
  },
  deletePage: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.created}?confirmed=true`;
      },
      as: 'editor',
      check(body) {
        expect(DeletedPage.parse(body)).toEqual({ id: pages.created, sectionsDeleted: 0 });
      },
    },
    bad: [
      {
        path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v',
        status: 400,
        as: 'editor',
        fieldError: { path: 'query.confirmed', message: PAGE_DELETE_CONFIRMATION_MESSAGE },
      },
      { path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v?confirmed=true', status: 404, as: 'editor' },
      { path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v?confirmed=true', status: 403, as: 'faculty-uscr' },
    ],
  },
  createSection: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.sectioned}/sections`;
      },
      as: 'editor',
      body: { json: { ...SECTION_BODY, name: 'Second' } },
      check(body) {
        const page = Page.parse(body);
        expect(page.sections.map((section) => section.index)).toEqual([0, 1]);
        expect(page.sections[1]?.description).toBe('<p>Pick a path.</p>');
        pages.section = page.sections[1]?.id ?? '';
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/sections`;
        },
        status: 400,
        as: 'editor',
        body: {
          json: {
            widgets: [
              { kind: 'heading', content: 'A' },
              { kind: 'heading', content: 'B' },
            ],
          },
        },
      },
      {
        path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v/sections',
        status: 404,
        as: 'editor',
        body: { json: SECTION_BODY },
      },
      // The collections widget (issue 26 item 2; decision record 076): garbage ids, and
      // collections that do not exist or are not curated, are 400s at the widget's attribute.
      ...[
        { ids: "%00,'; DROP TABLE", message: COLLECTIONS_WIDGET_IDS_MESSAGE },
        { ids: '01jd8z6w5k3m2n1p0q9r8s7t6v', message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE },
        { ids: 'private', message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE },
      ].map(({ ids, message }) => ({
        get path() {
          return `/api/v1/pages/${pages.sectioned}/sections`;
        },
        status: 400,
        as: 'editor' as const,
        get body() {
          const collectionIds = ids === 'private' ? collections.privateId : ids;
          return {
            json: { name: 'Collections', widgets: [{ kind: 'collections', customAttributes: { collectionIds } }] },
          };
        },
        fieldError: { path: 'body.widgets.0.customAttributes.collectionIds', message },
      })),
      {
        path: '/api/v1/pages/01jd8z6w5k3m2n1p0q9r8s7t6v/sections',
        status: 403,
        as: 'student',
        body: { json: SECTION_BODY },
      },
    ],
  },
  updateSection: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.sectioned}/sections/${pages.section}`;
      },
      as: 'editor',
      body: { json: { ...SECTION_BODY, name: 'Renamed', widgets: SECTION_BODY.widgets.slice(0, 1) } },
      check(body) {
        const section = Page.parse(body).sections.find((s) => s.id === pages.section);
        expect(section).toMatchObject({ name: 'Renamed', index: 1 });
        expect(section?.widgets).toHaveLength(1);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/sections/${pages.section}`;
        },
        status: 400,
        as: 'editor',
        body: { json: { widgets: [{ kind: 'calloutBox', content: 'Changed kind.' }] } },
        fieldError: { path: 'body.widgets.0.kind', message: WIDGET_KIND_FIXED_MESSAGE },
      },
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/sections/01jd8z6w5k3m2n1p0q9r8s7t6v`;
        },
        status: 404,
        as: 'editor',
        body: { json: SECTION_BODY },
      },
    ],
  },
  deleteSection: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.sectioned}/sections/${pages.section}`;
      },
      as: 'editor',
      check(body) {
        expect(Page.parse(body).sections.map((section) => section.id)).toEqual([pages.firstSection]);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/sections/01jd8z6w5k3m2n1p0q9r8s7t6v`;
        },
        status: 404,
        as: 'editor',
      },
    ],
  },
  reorderSections: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.sectioned}/section-order`;
      },
      as: 'editor',
      get body() {
        return { json: { sectionIds: [pages.firstSection] } };
      },
      check(body) {
        expect(Page.parse(body).sections.map((section) => section.id)).toEqual([pages.firstSection]);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/section-order`;
        },
        status: 400,
        as: 'editor',
        body: { json: { sectionIds: [] } },
        fieldError: { path: 'body.sectionIds', message: SECTION_ORDER_MESSAGE },
      },
    ],
  },
  reorderGroups: {
    ok: {
      get path() {
        return `/api/v1/pages/${pages.sectioned}/group-order`;
      },
      as: 'editor',
      body: { json: { groups: ['Policies', 'Guides'] } },
      check(body) {
        expect(Page.parse(body).layout.parameters).toEqual({ 'group-Policies': '0', 'group-Guides': '1' });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/pages/${pages.sectioned}/group-order`;
        },
        status: 400,
        as: 'editor',
        body: { json: { groups: ['Same', 'Same'] } },
      },
    ],
  },
  // Business units (issue 11; decision record 030). Ids are the seed's: George Mason
  // University (IPEDS 232186) and the synthetic "Alaska Department of Education" that the
  // unit created here is merged into; run in route-table order (create → update → merge).
  ...(() => {
    /** The unit the create case makes, updated and merged by the next cases. */
    const httpUnit = { id: '' };
    return {
      listBusinessUnits: {
        ok: {
          path: '/api/v1/business-units?q=MASON&state=VA&limit=5',
          as: 'student',
          check(body) {
            const page = responseOf('listBusinessUnits').parse(body) as { items: { name: string }[] };
            expect(page.items.map((unit) => unit.name)).toContain('George Mason University');
          },
        },
        bad: [
          {
            path: '/api/v1/business-units?q=m',
            status: 400,
            as: 'student',
            fieldError: { path: 'query.q', message: 'Type at least 2 characters.' },
          },
          { path: '/api/v1/business-units?pageToken=forged', status: 400, as: 'student' },
        ],
      },
      getBusinessUnit: {
        ok: {
          path: '/api/v1/business-units/jgw656szzk9tsmhmf4m9hs57q3',
          as: 'faculty-vacr',
          check(body) {
            expect(responseOf('getBusinessUnit').parse(body)).toMatchObject({
              name: 'George Mason University',
              state: 'VA',
              public: true,
              eligibleBrands: ['VACR'],
              mergedIntoId: null,
            });
          },
        },
        bad: [
          { path: '/api/v1/business-units/00000000000000000000000000', status: 404, as: 'student' },
          { path: '/api/v1/business-units/not-an-id', status: 400, as: 'student' },
        ],
      },
      createBusinessUnit: {
        ok: {
          path: '/api/v1/business-units',
          as: 'admin',
          body: {
            json: {
              name: 'Over HTTP Technical College',
              category: 'college',
              state: 'MD',
              region: 'Mid-Atlantic',
              public: true,
              eligibleBrands: [],
            },
          },
          check(body) {
            const unit = responseOf('createBusinessUnit').parse(body) as { id: string };
            expect(unit).toMatchObject({ name: 'Over HTTP Technical College', version: 1, mergedIntoId: null });
            httpUnit.id = unit.id;
          },
        },
        bad: [
          {
            path: '/api/v1/business-units',
            status: 400,
            as: 'admin',
            body: {
              json: { name: 'X', category: 'college', state: 'Maryland', region: '', public: true, eligibleBrands: [] },
            },
            fieldError: { path: 'body.state', message: 'Use the two-letter state code, e.g. VA.' },
          },
          { path: '/api/v1/business-units', status: 403, as: 'faculty-vacr', body: { json: {} } },
        ],
      },
      updateBusinessUnit: {
        ok: {
          get path() {
            return `/api/v1/business-units/${httpUnit.id}`;
          },
          as: 'admin',
          body: {
            json: {
              name: 'Over HTTP Technical College',
              category: 'college',
              state: 'MD',
              region: 'Mid-Atlantic',
              public: true,
              eligibleBrands: ['VACR'],
              version: 1,
            },
          },
          check(body) {
            expect(responseOf('updateBusinessUnit').parse(body)).toMatchObject({
              eligibleBrands: ['VACR'],
              version: 2,
            });
          },
        },
        bad: [
          {
            get path() {
              return `/api/v1/business-units/${httpUnit.id}`;
            },
            status: 409,
            as: 'admin',
            body: {
              json: {
                name: 'Stale',
                category: 'other',
                state: null,
                region: '',
                public: false,
                eligibleBrands: [],
                version: 1,
              },
            },
          },
          {
            path: '/api/v1/business-units/00000000000000000000000000',
            status: 404,
            as: 'admin',
            body: {
              json: {
                name: 'Nowhere',
                category: 'other',
                state: null,
                region: '',
                public: false,
                eligibleBrands: [],
                version: 1,
              },
            },
          },
        ],
      },
      mergeBusinessUnit: {
        ok: {
          get path() {
            return `/api/v1/business-units/${httpUnit.id}/merge`;
          },
          as: 'admin',
          body: { json: { intoId: '78tjark6agqpz7728gpkgb3s7f', version: 2, intoVersion: 1 } },
          check(body) {
            expect(responseOf('mergeBusinessUnit').parse(body)).toMatchObject({
              mergedId: httpUnit.id,
              into: { id: '78tjark6agqpz7728gpkgb3s7f', name: 'Alaska Department of Education', version: 2 },
              usersMoved: 0,
              complete: true,
            });
          },
        },
        bad: [
          {
            path: '/api/v1/business-units/78tjark6agqpz7728gpkgb3s7f/merge',
            status: 400,
            as: 'admin',
            body: { json: { intoId: '78tjark6agqpz7728gpkgb3s7f', version: 2, intoVersion: 2 } },
            fieldError: { path: 'body.intoId', message: 'A business unit cannot be merged into itself.' },
          },
          {
            get path() {
              return `/api/v1/business-units/${httpUnit.id}/merge`;
            },
            status: 409,
            as: 'admin',
            body: { json: { intoId: 'jgw656szzk9tsmhmf4m9hs57q3', version: 3, intoVersion: 1 } },
          },
          {
            path: '/api/v1/business-units/00000000000000000000000000/merge',
            status: 404,
            as: 'admin',
            body: { json: { intoId: '78tjark6agqpz7728gpkgb3s7f', version: 1, intoVersion: 1 } },
          },
        ],
      },
    } satisfies Partial<Record<OperationId, RouteCase>>;
  })(),
  // ── issue 11: business units and organizations (bu) — insert above this line ──
  listAllOrganizations: {
    ok: {
      path: '/api/v1/organizations/all?limit=1000',
      as: 'admin',
      check(body) {
        const page = responseOf('listAllOrganizations').parse(body) as { items: { name: string }[] };
        const names = page.items.map((organization) => organization.name);
        expect(names).toContain('George Mason University cyber range courses');
        expect(names).toContain('Over HTTP team');
        expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
      },
    },
    bad: [
      { path: '/api/v1/organizations/all?limit=0', status: 400, as: 'admin' },
      { path: '/api/v1/organizations/all?pageToken=forged', status: 400, as: 'admin' },
      { path: '/api/v1/organizations/all', status: 403, as: 'faculty-vacr' },
    ],
  },
  getUser: {
    ok: {
      get path() {
        return `/api/v1/users/${userAdmin.userId}`;
      },
      as: 'admin',
      check(body) {
        expect(responseOf('getUser').parse(body)).toMatchObject({
          id: userAdmin.userId,
          displayName: 'Olive Overhttp',
          roles: ['USER'],
          subscriptions: ['coursewareFeature'],
          businessUnit: null,
          organizations: [],
          version: 1,
        });
      },
    },
    bad: [
      { path: '/api/v1/users/00000000000000000000000000', status: 404, as: 'admin' },
      { path: '/api/v1/users/not-an-id', status: 400, as: 'admin' },
    ],
  },
  updateUserRights: {
    ok: {
      get path() {
        return `/api/v1/users/${userAdmin.userId}/rights`;
      },
      as: 'admin',
      body: {
        json: {
          version: 1,
          claims: [
            { type: 'role', value: 'USER' },
            { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
          ],
          subscriptions: ['coursewareFeature'],
          ranges: ['USCR', 'VACR'],
        },
      },
      check(body) {
        expect(responseOf('updateUserRights').parse(body)).toMatchObject({
          claims: [
            { type: 'role', value: 'USER' },
            { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
          ],
          ranges: ['USCR', 'VACR'],
          version: 2,
        });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/rights`;
        },
        status: 409,
        as: 'admin',
        body: { json: { version: 1, claims: [], subscriptions: [], ranges: [] } },
      },
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/rights`;
        },
        status: 400,
        as: 'admin',
        body: {
          json: {
            version: 2,
            claims: [
              { type: 'role', value: 'USER' },
              { type: 'role', value: 'USER' },
            ],
            subscriptions: [],
            ranges: [],
          },
        },
        fieldError: {
          path: 'body.claims.1',
          message: 'This claim is listed twice: list it once, with all its scopes.',
        },
      },
      {
        path: '/api/v1/users/00000000000000000000000000/rights',
        status: 404,
        as: 'admin',
        body: { json: { version: 1, claims: [], subscriptions: [], ranges: [] } },
      },
    ],
  },
  moveUserBusinessUnit: {
    ok: {
      get path() {
        return `/api/v1/users/${userAdmin.userId}/business-unit`;
      },
      as: 'admin',
      get body() {
        return { json: { version: 2, businessUnitId: userAdmin.unitId } };
      },
      check(body) {
        expect(responseOf('moveUserBusinessUnit').parse(body)).toMatchObject({
          businessUnit: { id: userAdmin.unitId, name: 'Over HTTP Community College' },
          version: 3,
        });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/business-unit`;
        },
        status: 404,
        as: 'admin',
        body: { json: { version: 3, businessUnitId: '00000000000000000000000000' } },
      },
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/business-unit`;
        },
        status: 409,
        as: 'admin',
        body: { json: { version: 2, businessUnitId: null } },
      },
    ],
  },
  moveUserOrganization: {
    ok: {
      get path() {
        return `/api/v1/users/${userAdmin.userId}/organization`;
      },
      as: 'admin',
      get body() {
        return {
          json: {
            version: 3,
            fromOrganizationId: null,
            toOrganizationId: userAdmin.organizationId,
            roles: ['student'],
          },
        };
      },
      check(body) {
        expect(responseOf('moveUserOrganization').parse(body)).toMatchObject({
          organizations: [{ id: userAdmin.organizationId, name: 'Over HTTP team', roles: ['student'] }],
          version: 4,
        });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/organization`;
        },
        status: 404,
        as: 'admin',
        body: {
          json: {
            version: 4,
            fromOrganizationId: null,
            toOrganizationId: '00000000000000000000000000',
            roles: ['student'],
          },
        },
      },
      {
        get path() {
          return `/api/v1/users/${userAdmin.userId}/organization`;
        },
        status: 400,
        as: 'admin',
        get body() {
          return {
            json: { version: 4, fromOrganizationId: null, toOrganizationId: userAdmin.organizationId, roles: [] },
          };
        },
        fieldError: { path: 'body.roles', message: 'Choose at least one role.' },
      },
    ],
  },
  listAuditEvents: {
    ok: {
      get path() {
        return `/api/v1/audit-events?targetId=${userAdmin.userId}`;
      },
      as: 'admin',
      check(body) {
        const page = responseOf('listAuditEvents').parse(body) as { items: { action: string; actor: unknown }[] };
        expect(page.items.map((event) => event.action)).toEqual([
          'user.organization.move',
          'user.businessUnit.move',
          'user.rights.update',
        ]);
        expect(page.items[0]?.actor).toMatchObject({ displayName: 'Ada Admin', impersonatorId: null });
      },
    },
    bad: [
      { path: '/api/v1/audit-events?limit=0', status: 400, as: 'admin' },
      { path: '/api/v1/audit-events?pageToken=forged', status: 400, as: 'admin' },
      { path: '/api/v1/audit-events', status: 403, as: 'editor' },
    ],
  },
  // ── issue 11: users, rights and audit log (users) — insert above this line ──
  // Invitations and user imports (issue 11 items 3 and 4; decision record 030). The
  // faculty of UNO invite into their own organization only; run in route-table order
  // (create → resend → revoke; preview of an invitation made in beforeAll; run → get).
  ...(() => {
    const invited = { id: '', token: '', importId: '' };
    const stamp = Date.now();
    const csv = (text: string) => Buffer.from(text).toString('base64');
    const importFile = () => ({
      fileName: 'class.csv',
      content: csv(
        `name,email,role\nHttp Student,http-import.${stamp}@example.edu,student\nNo Role,norole.${stamp}@example.edu,\n`,
      ),
      organizationId: support.unoOrganization,
    });
    beforeAll(async () => {
      // An invitation whose link token the preview case reads (made through the data layer).
      const { storeTestInvitation } = await import('../../functions/src/test-support/invitations.ts');
      invited.token = await storeTestInvitation({
        email: `http-preview.${stamp}@example.edu`,
        organization: { id: support.unoOrganization, name: 'UNO' },
      });
    });
    return {
      listInvitations: {
        ok: {
          path: '/api/v1/invitations?limit=50',
          as: 'faculty-uscr',
          check(body: unknown) {
            const page = responseOf('listInvitations').parse(body) as { items: { organization: { id: string } }[] };
            expect(page.items.every((item) => item.organization.id === support.unoOrganization)).toBe(true);
          },
        },
        bad: [
          { path: '/api/v1/invitations?limit=0', status: 400, as: 'admin' },
          {
            get path() {
              return `/api/v1/invitations?organizationId=${support.gmuOrganization}`;
            },
            status: 403,
            as: 'faculty-uscr',
          },
          { path: '/api/v1/invitations', status: 403, as: 'student' },
        ],
      },
      createInvitation: {
        ok: {
          path: '/api/v1/invitations',
          as: 'faculty-uscr',
          get body() {
            return {
              json: {
                email: `http-case.${stamp}@example.edu`,
                organizationId: support.unoOrganization,
                role: 'student',
              },
            };
          },
          check(body: unknown) {
            const invitation = responseOf('createInvitation').parse(body) as {
              id: string;
              status: string;
              emailStatus: string;
            };
            expect(invitation).toMatchObject({ status: 'pending', emailStatus: 'pending' });
            invited.id = invitation.id;
          },
        },
        bad: [
          {
            path: '/api/v1/invitations',
            status: 403,
            as: 'faculty-uscr',
            get body() {
              return { json: { email: 'x@example.edu', organizationId: support.gmuOrganization, role: 'student' } };
            },
          },
          {
            path: '/api/v1/invitations',
            status: 400,
            as: 'admin',
            body: { json: { email: 'not-an-address', organizationId: '00000000000000000000000000', role: 'teacher' } },
            fieldError: { path: 'body.email', message: 'Enter a valid e-mail address.' },
          },
          {
            path: '/api/v1/invitations',
            status: 404,
            as: 'admin',
            body: { json: { email: 'x@example.edu', organizationId: '00000000000000000000000000', role: 'student' } },
          },
        ],
      },
      resendInvitation: {
        ok: {
          get path() {
            return `/api/v1/invitations/${invited.id}/resend`;
          },
          as: 'faculty-uscr',
          check(body: unknown) {
            expect(responseOf('resendInvitation').parse(body)).toMatchObject({ sentCount: 2, status: 'pending' });
          },
        },
        bad: [
          {
            get path() {
              return `/api/v1/invitations/${invited.id}/resend`;
            },
            status: 404,
            as: 'faculty-vacr',
          },
          { path: '/api/v1/invitations/not-an-id/resend', status: 400, as: 'admin' },
        ],
      },
      revokeInvitation: {
        ok: {
          get path() {
            return `/api/v1/invitations/${invited.id}`;
          },
          as: 'faculty-uscr',
          check(body: unknown) {
            expect(responseOf('revokeInvitation').parse(body)).toMatchObject({ status: 'revoked' });
          },
        },
        bad: [
          { path: '/api/v1/invitations/00000000000000000000000000', status: 404, as: 'admin' },
          { path: '/api/v1/invitations/00000000000000000000000000', status: 403, as: 'student' },
        ],
      },
      getInvitationPreview: {
        ok: {
          get path() {
            return `/api/v1/invitations/preview?token=${encodeURIComponent(invited.token)}`;
          },
          check(body: unknown) {
            expect(responseOf('getInvitationPreview').parse(body)).toMatchObject({
              role: 'student',
              status: 'pending',
            });
          },
        },
        bad: [
          { path: '/api/v1/invitations/preview?token=forged.link', status: 404 },
          { path: '/api/v1/invitations/preview', status: 400 },
        ],
      },
      previewUserImport: {
        ok: {
          path: '/api/v1/user-imports/preview',
          as: 'admin',
          get body() {
            return { json: importFile() };
          },
          check(body: unknown) {
            expect(responseOf('previewUserImport').parse(body)).toMatchObject({
              rowCount: 2,
              validCount: 1,
              invalidCount: 1,
            });
          },
        },
        bad: [
          {
            path: '/api/v1/user-imports/preview',
            status: 403,
            as: 'faculty-uscr',
            get body() {
              return { json: importFile() };
            },
          },
          {
            path: '/api/v1/user-imports/preview',
            status: 400,
            as: 'admin',
            get body() {
              return { json: { ...importFile(), content: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') } };
            },
            fieldError: {
              path: 'body.content',
              message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
            },
          },
        ],
      },
      runUserImport: {
        ok: {
          path: '/api/v1/user-imports',
          as: 'admin',
          get body() {
            return { json: { ...importFile(), mode: 'validRowsOnly' } };
          },
          check(body: unknown) {
            const result = responseOf('runUserImport').parse(body) as { id: string };
            expect(result).toMatchObject({ status: 'partial', createdCount: 1, skippedCount: 1, failedCount: 0 });
            invited.importId = result.id;
          },
        },
        bad: [
          {
            path: '/api/v1/user-imports',
            status: 400,
            as: 'admin',
            get body() {
              return { json: { ...importFile(), mode: 'allOrNothing' } };
            },
            fieldError: { path: 'rows.3', message: 'Role is missing.' },
          },
          {
            path: '/api/v1/user-imports',
            status: 403,
            as: 'faculty-uscr',
            get body() {
              return { json: { ...importFile(), mode: 'validRowsOnly' } };
            },
          },
        ],
      },
      listUserImports: {
        ok: {
          path: '/api/v1/user-imports?limit=10',
          as: 'admin',
          check(body: unknown) {
            expect(responseOf('listUserImports').parse(body)).toMatchObject({ items: expect.any(Array) });
          },
        },
        bad: [
          { path: '/api/v1/user-imports?limit=0', status: 400, as: 'admin' },
          { path: '/api/v1/user-imports', status: 403, as: 'faculty-uscr' },
        ],
      },
      getUserImport: {
        ok: {
          get path() {
            return `/api/v1/user-imports/${invited.importId}`;
          },
          as: 'admin',
          check(body: unknown) {
            expect(responseOf('getUserImport').parse(body)).toMatchObject({ id: invited.importId, rowCount: 2 });
          },
        },
        bad: [
          { path: '/api/v1/user-imports/00000000000000000000000000', status: 404, as: 'admin' },
          { path: '/api/v1/user-imports/00000000000000000000000000', status: 403, as: 'faculty-uscr' },
        ],
      },
    } satisfies Partial<Record<OperationId, RouteCase>>;
  })(),
  // ── issue 11: invitations and user imports (invitations) — insert above this line ──
  getOpenApiDocument: {
    ok: {
      path: '/api/v1/openapi.json',
      check(body) {
        const doc = body as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
        expect(doc.openapi).toMatch(/^3\.1\./);
        const operations = Object.values(doc.paths).flatMap((methods) =>
          Object.values(methods).map((o) => o.operationId),
        );
        expect(operations.sort()).toEqual(ROUTES.map((r) => r.operationId).sort());
      },
    },
    bad: [],
  },
  reportClientError: {
    ok: {
      path: '/api/v1/client-errors',
      as: 'student',
      body: {
        json: {
          kind: 'api',
          message: 'Request failed with status code 500',
          url: 'https://portal.example/courseware',
          api: { method: 'GET', path: '/api/v1/content', status: 500 },
        },
      },
      check(body) {
        expect(AcceptedClientError.parse(body)).toEqual({ accepted: true });
      },
    },
    bad: [
      {
        path: '/api/v1/client-errors',
        status: 400,
        body: { json: { kind: 'error', message: 'x'.repeat(1001), url: '/' } },
        fieldError: { path: 'body.message', message: 'Must be at most 1000 characters.' },
      },
      {
        path: '/api/v1/client-errors',
        status: 413,
        body: { json: { kind: 'error', message: 'x', url: '/', stack: 'y'.repeat(20_000) } },
      },
    ],
  },
  // The first HTML of public pages (issue 22 item 2; decision record 038): a whole
  // HTML document, never an error; tests/integration/first-html.int.test.ts reads it closely.
  getHomeHtml: {
    ok: {
      path: '/api/v1/html',
      check(body) {
        expect(body).toMatch(/^<!doctype html>/i);
        expect(body).toContain('<div id="root">');
      },
    },
    bad: [],
  },
  getPageHtml: {
    ok: {
      path: `/api/v1/html/courseware/${LAB_ALIAS}`,
      check(body) {
        expect(body).toContain('<h1>Buffer Overflow Attack Lab (Set-UID Version)</h1>');
      },
    },
    bad: [],
  },
  // The Atom feed and the sitemap (issue 24 item 7; decision record 055): XML documents.
  searchFeed: {
    ok: {
      path: '/api/v1/search/feed?q=buffer%20overflow&cat=exercise',
      check(body) {
        expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
        expect(body).toContain('Buffer Overflow Attack Lab (Set-UID Version)');
      },
    },
    bad: [],
  },
  // The OAI-PMH repository (issue 24 item 7; decision record 054): an XML document,
  // protocol errors included, always 200; harvest-oai.int.test.ts validates it against the schemas.
  harvestOai: {
    ok: {
      path: '/api/v1/oai?verb=ListRecords&metadataPrefix=oai_dc',
      check(body) {
        expect(body).toContain('<ListRecords>');
        expect(body).toContain('<oai_dc:dc ');
        expect(body).toMatch(/<resumptionToken completeListSize="\d+" cursor="0">[\w-]+<\/resumptionToken>/);
      },
    },
    bad: [],
  },
  getSitemap: {
    ok: {
      path: '/api/v1/search/sitemap',
      check(body) {
        expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        expect(body).toContain(`/courseware/${LAB_ALIAS}</loc>`);
      },
    },
    bad: [],
  },
  harvestOaiForm: {
    ok: {
      path: '/api/v1/oai',
      body: { form: 'verb=ListIdentifiers&metadataPrefix=lom&set=exercise' },
      check(body) {
        expect(body).toContain('<ListIdentifiers>');
        expect(body).toContain('<setSpec>exercise</setSpec>');
      },
    },
    bad: [],
  },
  getContentDraft: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/draft`;
      },
      as: 'editor',
      check(body) {
        expect(responseOf('getContentDraft').parse(body)).toMatchObject({ contentId: drafted.id, draftVersion: 1 });
      },
    },
    bad: [
      { path: '/api/v1/content-items/00000000000000000000000000/draft', status: 404, as: 'editor' },
      { path: '/api/v1/content-items/{moduleId}/draft', status: 403, as: 'student' },
    ],
  },
  putContentDraft: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/draft`;
      },
      as: 'editor',
      body: {
        get json() {
          return { draftVersion: 1, save: draftedSave('<p>Ubuntu 22.04 images, task 3.</p>') };
        },
      },
      check(body) {
        expect(responseOf('putContentDraft').parse(body)).toMatchObject({ draftVersion: 2 });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/draft`;
        },
        status: 409,
        as: 'editor',
        body: {
          get json() {
            return { draftVersion: 1, save: draftedSave('<p>Stale.</p>') };
          },
        },
      },
      {
        path: '/api/v1/content-items/{moduleId}/draft',
        status: 400,
        as: 'editor',
        body: {
          get json() {
            return { save: draftedSave('<p>Wrong item.</p>') };
          },
        },
        fieldError: { path: 'body.save.id', message: 'Must be the id of the path.' },
      },
    ],
  },
  publishContentDraft: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/draft/publish`;
      },
      as: 'editor',
      body: { json: { draftVersion: 2, note: 'Task 3 uses Ubuntu 22.04 images' } },
      check(body) {
        const published = responseOf('publishContentDraft').parse(body) as {
          content: { description: string };
          revision: { note: string };
        };
        expect(published.content.description).toContain('22.04');
        expect(published.revision.note).toBe('Task 3 uses Ubuntu 22.04 images');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/draft/publish`;
        },
        status: 400,
        as: 'editor',
        body: { json: { draftVersion: 1, note: 'n'.repeat(501) } },
        fieldError: { path: 'body.note', message: 'Must be at most 500 characters.' },
      },
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/draft/publish`;
        },
        status: 404,
        as: 'editor',
        body: { json: { draftVersion: 2 } },
      },
    ],
  },
  listContentRevisions: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/revisions`;
      },
      as: 'editor',
      check(body) {
        const page = responseOf('listContentRevisions').parse(body) as { items: { id: string; note: string | null }[] };
        expect(page.items.map((item) => item.note)).toEqual(['Task 3 uses Ubuntu 22.04 images', null]);
        drafted.revisions = page.items.map((item) => item.id);
      },
    },
    bad: [{ path: '/api/v1/content-items/00000000000000000000000000/revisions', status: 404, as: 'editor' }],
  },
  getContentRevision: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/revisions/${drafted.revisions[1]}`;
      },
      as: 'editor',
      check(body) {
        const revision = responseOf('getContentRevision').parse(body) as { content: { description: string } };
        expect(revision.content.description).toContain('20.04');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/revisions/00000000000000000000000000`;
        },
        status: 404,
        as: 'editor',
      },
    ],
  },
  diffContentRevisions: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/revision-diff?from=${drafted.revisions[1]}&to=${drafted.revisions[0]}`;
      },
      as: 'editor',
      check(body) {
        const diff = responseOf('diffContentRevisions').parse(body) as {
          description: { kind: string; text: string }[];
        };
        expect(diff.description.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toContain(
          '22',
        );
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/revision-diff?from=x`;
        },
        status: 400,
        as: 'editor',
      },
    ],
  },
  restoreContentRevision: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/revisions/${drafted.revisions[1]}/restore`;
      },
      as: 'editor',
      body: { json: {} },
      check(body) {
        const draft = responseOf('restoreContentRevision').parse(body) as {
          draftVersion: number;
          save: { fields: { description: string } };
        };
        expect(draft.draftVersion).toBe(1);
        expect(draft.save.fields.description).toContain('20.04');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/revisions/${drafted.revisions[0]}/restore`;
        },
        status: 409,
        as: 'editor',
        body: { json: {} },
      },
    ],
  },
  previewContentDraft: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/draft/preview`;
      },
      as: 'editor',
      check(body) {
        const preview = responseOf('previewContentDraft').parse(body) as {
          content: { description: string; status: string };
          changeLog: { note: string }[];
        };
        expect(preview.content).toMatchObject({ status: 'published' });
        expect(preview.content.description).toContain('20.04');
        expect(preview.changeLog.map((entry) => entry.note)).toEqual(['Task 3 uses Ubuntu 22.04 images']);
      },
    },
    bad: [{ path: '/api/v1/content-items/00000000000000000000000000/draft/preview', status: 404, as: 'editor' }],
  },
  discardContentDraft: {
    ok: {
      get path() {
        return `/api/v1/content-items/${drafted.id}/draft?draftVersion=1`;
      },
      as: 'editor',
      check(body) {
        expect(responseOf('discardContentDraft').parse(body)).toEqual({ contentId: drafted.id });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${drafted.id}/draft?draftVersion=1`;
        },
        status: 409,
        as: 'editor',
      },
    ],
  },
  // Bulk actions (issue 25 item 8; decision record 069): a missing item is that item's
  // failure in a 200; content-bulk-actions.int.test.ts covers the mix of done and failed.
  runContentBulkAction: {
    ok: {
      path: '/api/v1/content-bulk-actions',
      as: 'editor',
      body: { json: { action: 'unpublish', items: [{ id: '00000000000000000000000000', version: 1 }] } },
      check(body) {
        expect(ContentBulkActionResponse.parse(body)).toMatchObject({ done: 0, failed: 1 });
      },
    },
    bad: [
      {
        path: '/api/v1/content-bulk-actions',
        status: 400,
        as: 'editor',
        body: {
          json: {
            action: 'publish',
            items: Array.from({ length: 101 }, (_, i) => ({ id: String(i).padStart(26, '0'), version: 1 })),
          },
        },
      },
      {
        path: '/api/v1/content-bulk-actions',
        status: 403,
        as: 'editor',
        body: { json: { action: 'restore', items: [{ id: '00000000000000000000000000', version: 1 }] } },
      },
    ],
  },
  // Update notices (issue 25 item 5; decision record 066).
  getUpdateNoticeSettings: {
    ok: {
      path: '/api/v1/update-notices/settings',
      as: 'faculty-vacr',
      check(body) {
        expect(UpdateNoticeSettings.parse(body)).toEqual({ emailDigest: true });
      },
    },
    // The visitor's 401 is the access matrix's row.
    bad: [],
  },
  updateUpdateNoticeSettings: {
    ok: {
      path: '/api/v1/update-notices/settings',
      as: 'faculty-vacr',
      body: { json: { emailDigest: true } },
      check(body) {
        expect(UpdateNoticeSettings.parse(body)).toEqual({ emailDigest: true });
      },
    },
    bad: [
      {
        path: '/api/v1/update-notices/settings',
        status: 400,
        as: 'faculty-vacr',
        body: { json: { emailDigest: 'no' } },
      },
    ],
  },
  unsubscribeUpdateNotices: {
    ok: {
      get path() {
        return `/api/v1/update-notices/unsubscribe?token=${updateNotices.token}`;
      },
      check(body) {
        expect(UpdateNoticeUnsubscribeResult.parse(body)).toEqual({ unsubscribed: true });
      },
    },
    bad: [
      { path: `/api/v1/update-notices/unsubscribe?token=${'0'.repeat(26)}.${'A'.repeat(43)}`, status: 404 },
      { path: '/api/v1/update-notices/unsubscribe?token=forged', status: 400 },
    ],
  },
  createSubmission: {
    ok: {
      path: '/api/v1/submissions',
      as: 'faculty-uscr',
      body: { json: { ...SUBMISSION_BODY, description: '<p>Made<script>alert(1)</script></p>' } },
      check(body) {
        expect(Submission.parse(body)).toMatchObject({ state: 'submitted', description: '<p>Made</p>', version: 1 });
      },
    },
    bad: [
      { path: '/api/v1/submissions', status: 403, as: 'faculty-vacr', body: { json: SUBMISSION_BODY } },
      {
        path: '/api/v1/submissions',
        status: 400,
        as: 'faculty-uscr',
        body: { json: { ...SUBMISSION_BODY, track: 'other' } },
      },
    ],
  },
  listOwnSubmissions: {
    ok: {
      path: '/api/v1/submissions',
      as: 'faculty-uscr',
      check(body) {
        expect(SubmissionList.parse(body).items.map((item) => item.id)).toContain(submissions.main);
      },
    },
    bad: [{ path: '/api/v1/submissions', status: 403, as: 'student' }],
  },
  getSubmission: {
    ok: {
      get path() {
        return `/api/v1/submissions/${submissions.main}`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(SubmissionDetail.parse(body).submission.id).toBe(submissions.main);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}`;
        },
        status: 404,
        as: 'student',
      },
      { path: '/api/v1/submissions/00000000000000000000000000', status: 404, as: 'editor' },
    ],
  },
  updateOwnSubmission: {
    ok: {
      get path() {
        return `/api/v1/submissions/${submissions.changes}`;
      },
      as: 'faculty-uscr',
      body: { json: { ...SUBMISSION_BODY, name: 'Resubmitted over HTTP', version: 2 } },
      check(body) {
        expect(Submission.parse(body)).toMatchObject({ state: 'submitted', name: 'Resubmitted over HTTP', version: 3 });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}`;
        },
        status: 409,
        as: 'faculty-uscr',
        body: { json: { ...SUBMISSION_BODY, version: 1 } },
      },
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}`;
        },
        status: 400,
        as: 'faculty-uscr',
        body: { json: {} },
      },
    ],
  },
  commentOnSubmission: {
    ok: {
      get path() {
        return `/api/v1/submissions/${submissions.main}/comments`;
      },
      as: 'faculty-uscr',
      body: { json: { text: 'Asked over HTTP.' } },
      check(body) {
        expect(SubmissionDetail.parse(body).comments.at(-1)).toMatchObject({
          text: 'Asked over HTTP.',
          authorRole: 'submitter',
        });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}/comments`;
        },
        status: 400,
        as: 'faculty-uscr',
        body: { json: { text: '   ' } },
        fieldError: { path: 'body.text', message: 'Is required.' },
      },
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}/comments`;
        },
        status: 400,
        as: 'editor',
        body: { json: { text: 'A reply to nothing.', inReplyTo: '00000000000000000000000000' } },
        fieldError: { path: 'body.inReplyTo', message: 'No comment of this submission has this id.' },
      },
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}/comments`;
        },
        status: 404,
        as: 'student',
        body: { json: { text: 'Not mine.' } },
      },
    ],
  },
  listSubmissionReviews: {
    ok: {
      path: '/api/v1/submission-reviews?state=submitted',
      as: 'editor',
      check(body) {
        const page = SubmissionPage.parse(body);
        expect(page.items.map((item) => item.id)).toContain(submissions.main);
        expect(page.items.every((item) => item.state === 'submitted')).toBe(true);
      },
    },
    bad: [
      { path: '/api/v1/submission-reviews?state=maybe', status: 400, as: 'editor' },
      { path: '/api/v1/submission-reviews', status: 403, as: 'faculty-uscr' },
    ],
  },
  getSubmissionFileDownloadUrl: {
    ok: {
      get path() {
        return `/api/v1/submissions/${submissions.withFile}/files/${submissions.file}/download-url`;
      },
      as: 'editor',
      check(body) {
        const url = DownloadUrl.parse(body);
        expect(url).toMatchObject({ id: submissions.file, name: 'Lab guide.pdf' });
        expect(decodeURIComponent(url.publicUrl)).toContain('attachment');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/submissions/${submissions.withFile}/files/${submissions.file}/download-url`;
        },
        status: 403,
        as: 'student',
      },
      {
        get path() {
          return `/api/v1/submissions/${submissions.main}/files/${submissions.file}/download-url`;
        },
        status: 404,
        as: 'editor',
      },
    ],
  },
  decideSubmission: {
    ok: {
      get path() {
        return `/api/v1/submissions/${submissions.main}/decisions`;
      },
      as: 'editor',
      body: { json: { decision: 'accept', version: 1 } },
      check(body) {
        const detail = SubmissionDetail.parse(body);
        expect(detail.submission.state).toBe('accepted');
        expect(detail.submission.contentId).toEqual(expect.any(String));
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/submissions/${submissions.changes}/decisions`;
        },
        status: 400,
        as: 'editor',
        body: { json: { decision: 'decline', version: 3 } },
      },
      {
        get path() {
          return `/api/v1/submissions/${submissions.changes}/decisions`;
        },
        status: 409,
        as: 'editor',
        body: { json: { decision: 'accept', version: 1 } },
      },
    ],
  },
  putMyContentReview: {
    ok: {
      get path() {
        return `/api/v1/content-items/${reviews.item}/reviews/mine`;
      },
      as: 'faculty-uscr',
      body: { json: { rating: 4, text: 'Worked well in a 50-minute lab.' } },
      check(body) {
        const mine = MyReview.parse(body);
        expect(mine.summary).toEqual({ average: 4, count: 1 });
        reviews.reviewId = mine.review?.id ?? '';
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${reviews.item}/reviews/mine`;
        },
        status: 400,
        as: 'faculty-uscr',
        body: { json: { rating: 0 } },
        fieldError: { path: 'body.rating', message: 'Must be a whole number from 1 to 5.' },
      },
      {
        get path() {
          return `/api/v1/content-items/${reviews.item}/reviews/mine`;
        },
        status: 403,
        as: 'student',
        body: { json: { rating: 5 } },
      },
      {
        get path() {
          return `/api/v1/content-items/${reviews.unpublished}/reviews/mine`;
        },
        status: 409,
        as: 'admin',
        body: { json: { rating: 5 } },
      },
      {
        path: '/api/v1/content-items/00000000000000000000000000/reviews/mine',
        status: 404,
        as: 'faculty-uscr',
        body: { json: { rating: 5 } },
      },
    ],
  },
  getMyContentReview: {
    ok: {
      get path() {
        return `/api/v1/content-items/${reviews.item}/reviews/mine`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(MyReview.parse(body).review).toMatchObject({ rating: 4, status: 'visible' });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${reviews.unpublished}/reviews/mine`;
        },
        status: 404,
        as: 'student',
      },
    ],
  },
  listContentReviews: {
    ok: {
      get path() {
        return `/api/v1/content-items/${reviews.item}/reviews`;
      },
      check(body) {
        const page = ReviewPage.parse(body);
        expect(page.items.map((review) => review.id)).toEqual([reviews.reviewId]);
        expect(page.canRespond).toBe(false);
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/content-items/${reviews.item}/reviews?limit=0`;
        },
        status: 400,
      },
      {
        get path() {
          return `/api/v1/content-items/${reviews.unpublished}/reviews`;
        },
        status: 404,
      },
    ],
  },
  respondToReview: {
    ok: {
      get path() {
        return `/api/v1/reviews/${reviews.reviewId}/response`;
      },
      as: 'editor',
      body: { json: { text: 'Thank you: a shorter variant is in the files.' } },
      check(body) {
        expect(Review.parse(body).response?.text).toBe('Thank you: a shorter variant is in the files.');
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/response`;
        },
        status: 400,
        as: 'editor',
        body: { json: { text: '  ' } },
        fieldError: { path: 'body.text', message: 'Is required.' },
      },
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/response`;
        },
        status: 403,
        as: 'admin',
        body: { json: { text: 'Not a contributor.' } },
      },
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/response`;
        },
        status: 409,
        as: 'editor',
        body: { json: { text: 'A second response.' } },
      },
    ],
  },
  reportReview: {
    ok: {
      get path() {
        return `/api/v1/reviews/${reviews.reviewId}/report`;
      },
      as: 'student',
      body: { json: { note: 'Off topic.' } },
      check(body) {
        expect(ReportedReview.parse(body)).toEqual({ id: reviews.reviewId, reported: true });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/report`;
        },
        status: 409,
        as: 'student',
        body: { json: {} },
      },
      { path: '/api/v1/reviews/00000000000000000000000000/report', status: 404, as: 'student', body: { json: {} } },
    ],
  },
  listReportedReviews: {
    ok: {
      path: '/api/v1/reviews/reported',
      as: 'editor',
      check(body) {
        const queue = ModeratedReviewPage.parse(body);
        expect(queue.items.find((review) => review.id === reviews.reviewId)).toMatchObject({
          openReports: 1,
          reportNotes: ['Off topic.'],
          contentName: 'Over HTTP rated lab',
        });
      },
    },
    bad: [{ path: '/api/v1/reviews/reported', status: 403, as: 'faculty-uscr' }],
  },
  hideReview: {
    ok: {
      get path() {
        return `/api/v1/reviews/${reviews.reviewId}/hide`;
      },
      as: 'editor',
      body: { json: { reason: 'Please keep reviews about the courseware.' } },
      check(body) {
        expect(ModeratedReview.parse(body)).toMatchObject({
          status: 'hidden',
          hiddenReason: 'Please keep reviews about the courseware.',
        });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/hide`;
        },
        status: 400,
        as: 'editor',
        body: { json: { reason: '' } },
        fieldError: { path: 'body.reason', message: 'Is required.' },
      },
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/hide`;
        },
        status: 409,
        as: 'editor',
        body: { json: { reason: 'Twice.' } },
      },
    ],
  },
  restoreReview: {
    ok: {
      get path() {
        return `/api/v1/reviews/${reviews.reviewId}/restore`;
      },
      as: 'editor',
      check(body) {
        expect(ModeratedReview.parse(body)).toMatchObject({ status: 'visible', hiddenReason: null });
      },
    },
    bad: [
      {
        get path() {
          return `/api/v1/reviews/${reviews.reviewId}/restore`;
        },
        status: 409,
        as: 'editor',
      },
      { path: '/api/v1/reviews/00000000000000000000000000/restore', status: 404, as: 'editor' },
    ],
  },
  deleteMyContentReview: {
    ok: {
      get path() {
        return `/api/v1/content-items/${reviews.item}/reviews/mine`;
      },
      as: 'faculty-uscr',
      check(body) {
        expect(MyReview.parse(body)).toEqual({ review: null, summary: { average: null, count: 0 } });
      },
    },
    bad: [{ path: '/api/v1/content-items/00000000000000000000000000/reviews/mine', status: 404, as: 'faculty-uscr' }],
  },
};

/** The routes that answer an XML document, by the media type they answer (decision record 055). */
const XML_MEDIA_TYPES: Partial<Record<OperationId, RegExp>> = {
  searchFeed: /^application\/atom\+xml; charset=utf-8$/,
  getSitemap: /^application\/xml; charset=utf-8$/,
  // The OAI-PMH repository (decision record 054; harvest-oai.int.test.ts validates it against the schemas).
  harvestOai: /^text\/xml; charset=utf-8$/,
  harvestOaiForm: /^text\/xml; charset=utf-8$/,
};

/** Routes answering a file (their `check` receives the bytes), by the media type they answer. */
const BINARY_MEDIA_TYPES: Partial<Record<OperationId, RegExp>> = {
  getCollectionCaeWorksheet: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/,
};

async function moduleId(): Promise<string> {
  const res = await api(`/api/v1/content/${encodeURIComponent(MODULE_ALIAS)}`);
  return ContentDetail.parse(await res.json()).content.id;
}

/** The fetch options of a case: method, JSON body and the persona's bearer token. */
async function requestInit(method: string, as?: PersonaName, body?: CaseBody, token?: string): Promise<RequestInit> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  else if (as) headers.authorization = `Bearer ${await portalTokenFor(portal, as)}`;
  if (!body) return { method, headers };
  if ('form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { method, headers, body: body.form };
  }
  headers['content-type'] = 'application/json';
  const json = 'json' in body ? body.json : { provider: 'vcr', token: await signInAs(portal, body.upstreamTokenOf) };
  return { method, headers, body: JSON.stringify(json) };
}

describe('every route of the route table, over HTTP', () => {
  for (const route of ROUTES) {
    const routeCase = CASES[route.operationId];

    it(`${route.method} ${route.path} answers 200 with its contract`, async () => {
      const init = await requestInit(route.method, routeCase.ok.as, routeCase.ok.body, await routeCase.ok.token?.());
      const res = await api(routeCase.ok.path.replace('{moduleId}', await moduleId()), init);
      expect(res.status).toBe((route as RouteDefinition).successStatus ?? 200);
      const html = (route as RouteDefinition).group === 'html';
      const xml = XML_MEDIA_TYPES[route.operationId];
      const binary = BINARY_MEDIA_TYPES[route.operationId];
      expect(res.headers.get('content-type')).toMatch(html ? /^text\/html/ : (xml ?? binary ?? /^application\/json/));
      if (binary) routeCase.ok.check(Buffer.from(await res.arrayBuffer()));
      else routeCase.ok.check(html || xml ? await res.text() : await res.json());
    });

    for (const bad of routeCase.bad) {
      it(`${route.method} ${bad.path.slice(0, 80)} answers ${bad.status} with an error body`, async () => {
        const init = await requestInit(route.method, bad.as, bad.body);
        const res = await api(bad.path.replace('{moduleId}', await moduleId()), init);
        expect(res.status).toBe(bad.status);
        if (bad.byGateway) {
          expect(await res.json()).toEqual({ message: 'Bad Request' });
          return;
        }
        const body = ErrorBody.parse(await res.json());
        if (bad.status === 400) expect(body.errors?.length).toBeGreaterThan(0);
        if (bad.fieldError) expect(body.errors).toContainEqual(bad.fieldError);
      });
    }
  }
});

describe('downloads over HTTP (decision record 022)', () => {
  it('serves the bytes of a presigned download URL as an attachment, with a plain fetch', async () => {
    const init = await requestInit('GET', 'faculty-uscr');
    const url = DownloadUrl.parse(await (await api(`/api/v1/files/${downloads.labPdf}/download-url`, init)).json());
    const res = await fetch(url.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(parseContentDisposition(res.headers.get('content-disposition') ?? '')).toEqual({
      type: 'attachment',
      parameters: { filename: url.name },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('pages by href (decision record 026)', () => {
  it('serves the four seeded pages, sections in order, and 404 "Page does not exist." for others', async () => {
    for (const href of ['/team', '/resources', '/terms-of-use', '/privacy']) {
      const res = await api(`/api/v1/pages/by-href?href=${encodeURIComponent(href)}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('cache-control'), href).toBe('no-store');
      const page = Page.parse(await res.json());
      expect(page.href).toBe(href);
      expect(page.sections.length, href).toBeGreaterThan(1);
    }
    const missing = await api('/api/v1/pages/by-href?href=%2Fjobs-board');
    expect(missing.status).toBe(404);
    expect(ErrorBody.parse(await missing.json()).message).toBe(PAGE_NOT_FOUND_MESSAGE);
  });
});

describe('content by id or alias', () => {
  it('finds the same item by id, by mixed-case alias and by alias with decoded slashes', async () => {
    const byAlias = ContentDetail.parse(await (await api(`/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json());
    const byId = ContentDetail.parse(await (await api(`/api/v1/content/${byAlias.content.id}`)).json());
    const mixedCase = await api(`/api/v1/content/${encodeURIComponent(LAB_ALIAS.toUpperCase())}`);
    const decoded = await api(`/api/v1/content/${LAB_ALIAS}`);
    expect(byId.content.id).toBe(byAlias.content.id);
    expect(ContentDetail.parse(await mixedCase.json()).content.id).toBe(byAlias.content.id);
    expect(ContentDetail.parse(await decoded.json()).content.id).toBe(byAlias.content.id);
  });

  it('answers unknown content with 404 "Content does not exist."', async () => {
    const res = await api('/api/v1/content/seed-labs-hands-on-labs-for-security-education/nothing-here');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(await res.json()).message).toBe(CONTENT_NOT_FOUND_MESSAGE);
  });

  it('pages through the whole published catalog with nextPageToken, each item once', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const query: string = token ? `&pageToken=${encodeURIComponent(token)}` : '';
      const page = ContentPage.parse(await (await api(`/api/v1/content?condense=true&limit=13${query}`)).json());
      seen.push(...page.items.map((i) => i.id));
      token = page.nextPageToken;
    } while (token);
    expect(seen).toHaveLength(PUBLISHED_OVER_HTTP);
    expect(new Set(seen).size).toBe(PUBLISHED_OVER_HTTP);
  });

  it('loads every knowledge item in one page of up to 10000', async () => {
    const page = KnowledgePage.parse(await (await api('/api/v1/knowledge?limit=10000')).json());
    expect(page.items).toHaveLength(1180 + 2148 + 67);
    expect(page.nextPageToken).toBeNull();
  });
});

describe('content feedback over HTTP (decision record 018)', () => {
  it('lands in the local SES inbox with the screenshot attached', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 1)]);
    const message = `The lab's screenshot is out of date ${Date.now()}`;
    const init = await requestInit('POST', 'faculty-vacr', {
      json: { message, screenshot: { name: 'lab.gif', type: 'image/gif', data: gif.toString('base64') } },
    });
    const res = await api(`/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`);
    const lab = ContentDetail.parse(await res.json()).content;

    const sent = await api(`/api/v1/content-items/${lab.id}/feedback`, init);

    expect(sent.status).toBe(201);
    expect(SentContentFeedback.parse(await sent.json()).emailStatus).toBe('sent');
    const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as {
      emails: { subject: string; body: { text?: string }; attachments: { filename: string; content: string }[] }[];
    };
    const email = store.emails.find((candidate) => candidate.body.text?.includes(message));
    expect(email?.subject).toBe(`Courseware feedback: ${lab.name}`);
    expect(email?.body.text).toContain(`/courseware/${LAB_ALIAS}`);
    expect(email?.body.text).toContain('Val Faculty');
    expect(email?.attachments.map((attachment) => attachment.filename)).toEqual(['lab.gif']);
    expect(Buffer.from(email?.attachments[0]?.content ?? '', 'base64')).toEqual(gif);
  });
});

describe('search over HTTP', () => {
  const searchPage = async (body: unknown) => {
    const res = await api('/api/v1/search/content', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return SearchContentPage.parse(await res.json());
  };

  it('pages through every published item with nextPageToken, each once, in the order of one big page', async () => {
    const all = await searchPage({ limit: 300 });
    expect(all.total).toBe(PUBLISHED_OVER_HTTP);
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: SearchContentPage = await searchPage({ limit: 13, filter: token ? { nextPageToken: token } : {} });
      expect(page.total).toBe(PUBLISHED_OVER_HTTP);
      seen.push(...page.items.map((item) => item.id));
      token = page.nextPageToken;
    } while (token);
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(new Set(seen).size).toBe(PUBLISHED_OVER_HTTP);
  });

  it('counts facets over every hit, not only the page', async () => {
    const page = await searchPage({ limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.facets.contentCategories.length).toBeGreaterThan(0);
    for (const facet of page.facets.contentCategories) expect(facet.count).toBeLessThanOrEqual(page.total);
    expect(Math.max(...page.facets.contentCategories.map((facet) => facet.count))).toBeGreaterThan(1);
  });
});

describe('the gateway', () => {
  it('answers an unknown API path with 404', async () => {
    const res = await api('/api/v1/nothing');
    expect(res.status).toBe(404);
  });

  it('never answers 500 to garbage in any query parameter', async () => {
    const garbage = ['%00', '-1', '9'.repeat(40), 'true,false', "'; DROP TABLE", '{"a":1}'];
    const paths = ['/api/v1/content', '/api/v1/knowledge', '/api/v1/contributors'];
    for (const path of paths) {
      for (const value of garbage) {
        for (const name of ['limit', 'pageToken', 'condense', 'type', 'archived', 'newOrUpdated']) {
          const res = await api(`${path}?${name}=${encodeURIComponent(value)}`);
          expect(res.status, `${path}?${name}=${value}`).toBeLessThan(500);
        }
      }
    }
  });
});
