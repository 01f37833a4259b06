import * as z from 'zod';
import type { RouteAccess } from './capabilities.ts';
import {
  AllOrganizationsPage,
  AuditEventPage,
  BusinessUnit,
  BusinessUnitInput,
  BusinessUnitPage,
  BusinessUnitPath,
  CreateInvitationRequest,
  Invitation,
  InvitationPage,
  InvitationPath,
  InvitationPreview,
  InvitationPreviewQuery,
  ListAllOrganizationsQuery,
  ListAuditEventsQuery,
  ListBusinessUnitsQuery,
  ListInvitationsQuery,
  ListUserImportsQuery,
  MergeBusinessUnitRequest,
  MergedBusinessUnit,
  MoveUserBusinessUnitRequest,
  MoveUserOrganizationRequest,
  RunUserImportRequest,
  UpdateBusinessUnitRequest,
  UpdateUserRightsRequest,
  UserDetail,
  UserImport,
  UserImportPage,
  UserImportPath,
  UserImportPreview,
  UserImportPreviewRequest,
  UserPath,
} from './contracts/administration.ts';
import { AcceptedClientError, CLIENT_ERROR_LIMITS, ClientErrorReport } from './contracts/client-error.ts';
import {
  ChildContentPage,
  Content,
  ContentDetail,
  ContentItemPath,
  ContentPage,
  CreateContentRequest,
  CreatedId,
  DeletedContent,
  GetContentPath,
  ListChildrenPath,
  ListChildrenQuery,
  ListContentQuery,
  PatchContentRequest,
  ReplaceContentRequest,
} from './contracts/content.ts';
import { SaveContentRequest, SavedContent } from './contracts/content-save.ts';
import {
  ContentSubtree,
  ContentSubtreeStatusChange,
  ContentSubtreeStatusRequest,
  DeleteContentSubtreeQuery,
  DeletedContentSubtree,
} from './contracts/content-subtree.ts';
import {
  Contributor,
  ContributorPage,
  ContributorPath,
  CreateContributorRequest,
  ListContributorsQuery,
  UpdateContributorRequest,
} from './contracts/contributor.ts';
import {
  BundleScope,
  ContentBundle,
  DownloadUrl,
  FileAccess,
  RequestBundleRequest,
  RequestedBundle,
} from './contracts/download.ts';
import { SendContentFeedbackRequest, SentContentFeedback } from './contracts/feedback.ts';
import { CreatedUpload, CreateUploadRequest, DeletedFile, File, FilePath, FileStatusBody } from './contracts/file.ts';
import {
  AuthenticateRequest,
  ClaimList,
  JsonWebKeySet,
  ListUsersQuery,
  MessageList,
  OpenIdConfiguration,
  OrganizationList,
  SubscriptionPath,
  SubscriptionStatus,
  TokenResponse,
  UserPage,
} from './contracts/identity.ts';
import { GetKnowledgePath, Knowledge, KnowledgePage, ListKnowledgeQuery } from './contracts/knowledge.ts';
import {
  CreateLessonRequest,
  DeletedLesson,
  Lesson,
  LessonList,
  LessonPath,
  ListLessonsQuery,
  UpdateLessonRequest,
} from './contracts/lesson.ts';
import {
  ContactRequestInput,
  ListUserCoursesQuery,
  NewsletterSignupRequest,
  SentMessage,
  SentSupportRequest,
  SupportRequestInput,
  SupportTargetPath,
  UserCoursePage,
} from './contracts/messages.ts';
import {
  DeletedNewsEvent,
  Event,
  EventInput,
  EventPage,
  ListEventsQuery,
  ListNewsQuery,
  News,
  NewsEventIdPath,
  NewsEventPath,
  NewsInput,
  NewsPage,
} from './contracts/news.ts';
import {
  DeletedPage,
  DeletePageQuery,
  GroupOrderInput,
  ListPageSectionsQuery,
  ListPagesQuery,
  Page,
  PageHrefQuery,
  PageInput,
  PageList,
  PagePath,
  PageSectionList,
  PageSectionPath,
  PageWithAncestors,
  SectionInput,
  SectionOrderInput,
} from './contracts/page.ts';
import { SearchContentPage, SearchContentRequest } from './contracts/search.ts';
import {
  CoursewareMetrics,
  RawStatisticsPage,
  RawStatisticsPath,
  RawStatisticsQuery,
  StatisticBucketPage,
  StatisticBucketsPath,
  StatisticBucketsQuery,
} from './contracts/statistics.ts';
import type { ClientGroup } from './enums.ts';
import { ROUTE_RATE_LIMITS, type RouteRateLimit } from './limits.ts';

/**
 * The route table: every HTTP route of the API, declared once. The CDK API stack
 * creates one API Gateway route per entry (integrated with its client group's
 * Lambda), the local gateway matches requests against it, each client group's
 * Lambda dispatches on its `routeKey`, and the OpenAPI document is generated from
 * it. Paths use API Gateway syntax: `{name}` is one segment, `{name+}` is greedy.
 *
 * Aliases contain `/` and API Gateway HTTP APIs decode `%2F` before matching, so
 * content by id or alias is a greedy route and children live under their own
 * prefix (decision record 005).
 */

/** The OpenAPI document itself: a JSON object (its own schema is the OpenAPI 3.1 specification). */
const OpenApiDocument = z
  .record(z.string(), z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document.' });

/**
 * A whole HTML document (`text/html; charset=utf-8`): the SPA's `index.html` with a
 * public page's main content, head tags and embedded data (issue 22 item 2; decision
 * record 038).
 */
const HtmlDocument = z.string().meta({ id: 'HtmlDocument', description: 'A text/html document.' });

/** The path of a public page below `/api/v1/html/`: the page's own address without its leading `/`. */
const HtmlPagePath = z.object({ path: z.string().min(1) });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route. `path` always starts with `/api/v1/`. */
export interface RouteDefinition {
  /** Unique, camelCase; the OpenAPI operationId and the handler's name. */
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: `/api/v1/${string}`;
  /** The client group (spec §7) whose Lambda serves it. */
  readonly group: ClientGroup;
  /** Who may call it (spec §6); enforced by the authorizer and the handler middleware. */
  readonly access: RouteAccess;
  readonly summary: string;
  readonly request: {
    readonly path?: z.ZodObject;
    readonly query?: z.ZodObject;
    readonly body?: z.ZodType;
  };
  /** Schema of the success body. */
  readonly response: z.ZodType;
  /** Status of a success; 200 unless stated. */
  readonly successStatus?: number;
  /** Error statuses the route documents besides 400 and 500. */
  readonly errorStatuses?: readonly number[];
  /** Seconds a public response may be cached by browsers and CloudFront. */
  readonly cacheSeconds?: number;
  /** Largest request body in bytes (UTF-8, decoded); a larger one is a 413 before it is parsed. */
  readonly maxBodyBytes?: number;
}

/** The `routeKey` API Gateway puts on the event: `"GET /api/v1/content"`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export const ROUTES = [
  {
    operationId: 'listContent',
    method: 'GET',
    path: '/api/v1/content',
    group: 'content',
    access: 'public',
    summary: 'List content, most recently modified first, paged by nextPageToken (spec §7 "Get content list").',
    request: { query: ListContentQuery },
    response: ContentPage,
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/api/v1/content/{idOrAlias+}',
    group: 'content',
    access: 'public',
    summary: 'Get one content item by id or URL alias, with its ancestors and contributors (spec §2.6, §7).',
    request: { path: GetContentPath },
    response: ContentDetail,
    errorStatuses: [404],
  },
  {
    operationId: 'listContentChildren',
    method: 'GET',
    path: '/api/v1/content-children/{id}',
    group: 'content',
    access: 'public',
    summary: 'List the children of a content item in index order, 300 per page (spec §2.6, §9).',
    request: { path: ListChildrenPath, query: ListChildrenQuery },
    response: ChildContentPage,
    errorStatuses: [404],
  },
  {
    operationId: 'listKnowledge',
    method: 'GET',
    path: '/api/v1/knowledge',
    group: 'content',
    access: 'public',
    summary: 'List knowledge items (KSA, TKS, KU), up to 10000 per page (spec §7 "List knowledge items").',
    request: { query: ListKnowledgeQuery },
    response: KnowledgePage,
    cacheSeconds: 300,
  },
  {
    operationId: 'getKnowledge',
    method: 'GET',
    path: '/api/v1/knowledge/{type}/{id}',
    group: 'content',
    access: 'public',
    summary: 'Get one knowledge item by type and id (spec §7 "Get one knowledge item").',
    request: { path: GetKnowledgePath },
    response: Knowledge,
    errorStatuses: [404],
    cacheSeconds: 300,
  },
  {
    operationId: 'listContributors',
    method: 'GET',
    path: '/api/v1/contributors',
    group: 'content',
    access: 'public',
    summary: 'List contributors by last name, paged by nextPageToken (spec §7 "Contributors").',
    request: { query: ListContributorsQuery },
    response: ContributorPage,
  },
  {
    operationId: 'createContent',
    method: 'POST',
    path: '/api/v1/content',
    group: 'content',
    access: 'updateContent',
    summary:
      'Create a content item (a child when parentId is given); status defaults to unpublished (spec §4, §5 "Content editing", §7 "Create content"; decision record 015).',
    request: { body: CreateContentRequest },
    response: CreatedId,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'replaceContent',
    method: 'PUT',
    path: '/api/v1/content-items/{id}',
    group: 'content',
    access: 'updateContent',
    summary:
      'Replace the editable fields of a content item; `version` must be the one last read, else 409 (spec §7 "Update content by id"; decision record 015).',
    request: { path: ContentItemPath, body: ReplaceContentRequest },
    response: Content,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'patchContent',
    method: 'PATCH',
    path: '/api/v1/content-items/{id}',
    group: 'content',
    access: 'updateContent',
    summary:
      'Change some fields of a content item, e.g. status to archive or restore; `version` must be the one last read, else 409 (spec §4, §7; decision record 015).',
    request: { path: ContentItemPath, body: PatchContentRequest },
    response: Content,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'saveContent',
    method: 'POST',
    path: '/api/v1/content-saves',
    group: 'content',
    access: 'updateContent',
    summary:
      'Save a content item in the order of spec §4 "Saving content" — contributors, the item if new, new children, renamed children, new files (uploads checked), the item update — as one transaction: on any failure nothing is written and the uploads it named are deleted (decision record 020).',
    request: { body: SaveContentRequest },
    response: SavedContent,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deleteContent',
    method: 'DELETE',
    path: '/api/v1/content-items/{id}',
    group: 'content',
    access: 'deleteContent',
    summary:
      'Delete a content item without children, its alias and its place among its parent\'s children; answers its parentId (spec §2.6, §7 "Delete content by id"; decision record 015).',
    request: { path: ContentItemPath },
    response: DeletedContent,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'getContentSubtree',
    method: 'GET',
    path: '/api/v1/content-subtrees/{id}',
    group: 'content',
    access: 'updateContent',
    summary:
      'Count what an archive, restore or delete with descendants would touch: the item, its descendants by category, the archived ones, the files (issue 21 item 12; decision record 034).',
    request: { path: ContentItemPath },
    response: ContentSubtree,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'setContentSubtreeStatus',
    method: 'PATCH',
    path: '/api/v1/content-subtrees/{id}',
    group: 'content',
    access: 'updateContent',
    summary:
      'Archive a content item with every descendant, or restore it and every archived descendant (status unpublished), all or nothing; `version` and `descendants` must be those confirmed, else 409 (issue 21 item 12; decision record 034).',
    request: { path: ContentItemPath, body: ContentSubtreeStatusRequest },
    response: ContentSubtreeStatusChange,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deleteContentSubtree',
    method: 'DELETE',
    path: '/api/v1/content-subtrees/{id}',
    group: 'content',
    access: 'deleteContent',
    summary:
      'Delete a content item with every descendant, their lessons and files, all or nothing; `version` and `descendants` must be those confirmed, else 409 (issue 21 item 12; decision record 034).',
    request: { path: ContentItemPath, query: DeleteContentSubtreeQuery },
    response: DeletedContentSubtree,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'createContributor',
    method: 'POST',
    path: '/api/v1/contributors',
    group: 'content',
    access: 'updateContent',
    summary: 'Create a contributor (spec §5 "Contributor", §7 "Create a contributor").',
    request: { body: CreateContributorRequest },
    response: CreatedId,
    successStatus: 201,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'updateContributor',
    method: 'PUT',
    path: '/api/v1/contributors/{id}',
    group: 'content',
    access: 'updateContent',
    summary:
      'Replace a contributor; `version` must be the one last read, else 409 (spec §5 "Contributor", §7 "Update a contributor by id").',
    request: { path: ContributorPath, body: UpdateContributorRequest },
    response: Contributor,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'sendContentFeedback',
    method: 'POST',
    path: '/api/v1/content-items/{id}/feedback',
    group: 'content',
    access: 'sendContentFeedback',
    summary:
      'Store feedback on a content item (message, optional screenshot checked by type, size and magic bytes), then e-mail it to the courseware team through SES with the screenshot attached; `emailStatus` says whether the e-mail went out (spec §3 "Feedback", §5 "Content feedback", §7; decision record 018).',
    request: { path: ContentItemPath, body: SendContentFeedbackRequest },
    response: SentContentFeedback,
    successStatus: 201,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'searchContent',
    method: 'POST',
    path: '/api/v1/search/content',
    group: 'search',
    access: 'public',
    summary:
      'Search content by text and the filters of spec §3 "Search filter", with facet counts; visitors find published content only (spec §2.5, §7 "Search content").',
    request: { body: SearchContentRequest },
    response: SearchContentPage,
  },
  {
    operationId: 'createUpload',
    method: 'POST',
    path: '/api/v1/files/uploads',
    group: 'file',
    access: 'updateContent',
    summary:
      'Start an upload straight to S3: records a Pending file and answers a presigned POST pinned to its key, size and type, valid 15 minutes (spec §5, §7 "Files"; decision record 016).',
    request: { body: CreateUploadRequest },
    response: CreatedUpload,
    successStatus: 201,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'completeUpload',
    method: 'POST',
    path: '/api/v1/files/{id}/complete',
    group: 'file',
    access: 'updateContent',
    summary:
      'Check the uploaded object (size, type, magic bytes) and mark the file Ready; a refused object is deleted and the answer is a 400 saying why (decision record 016).',
    request: { path: FilePath },
    response: File,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'getFile',
    method: 'GET',
    path: '/api/v1/files/{id}',
    group: 'file',
    access: 'authenticated',
    summary: 'Get a file\'s status and name, e.g. to poll an upload or a bundle (spec §4 "File bundle", §7 "Files").',
    request: { path: FilePath },
    response: FileStatusBody,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'getFileAccess',
    method: 'GET',
    path: '/api/v1/file-access',
    group: 'file',
    access: 'authenticated',
    summary:
      'What the caller may download on this brand — courseware files, lesson files — and, when not, why (spec §1, §6 "View files", "View lesson files"; decision record 022).',
    request: {},
    response: FileAccess,
    errorStatuses: [401],
  },
  {
    operationId: 'getDownloadUrl',
    method: 'GET',
    path: '/api/v1/files/{id}/download-url',
    group: 'file',
    access: 'authenticated',
    summary:
      'Check the file rights of spec §6 (courseware or lesson files, brand eligibility of §1), record the download event and its statistics, and answer a presigned GET valid 2 minutes with Content-Disposition: attachment (spec §7 "Get a download URL by id"; decision record 022).',
    request: { path: FilePath },
    response: DownloadUrl,
    errorStatuses: [401, 403, 404, 409, 503],
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    group: 'file',
    access: 'viewFiles',
    summary:
      'Request a zip of every file of a content item and its descendants, or of every published item of one category: records a Pending bundle file and starts the bundle workflow; poll getFile every 5 s until Ready (spec §4 "File bundle", §7 "Bundle request"; decision record 022).',
    request: { body: RequestBundleRequest },
    response: RequestedBundle,
    successStatus: 202,
    errorStatuses: [401, 403, 404, 503],
  },
  {
    operationId: 'getContentBundle',
    method: 'GET',
    path: '/api/v1/content-bundle',
    group: 'content',
    access: 'viewFiles',
    summary:
      'The files a bundle of a content item (with its children) or of a category would hold: its file name, file count, total bytes and the first 100 entry paths (spec §7 "Get bundle for a content id with children true"; decision record 022).',
    request: { query: BundleScope },
    response: ContentBundle,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'listStatisticBuckets',
    method: 'GET',
    path: '/api/v1/statistics/{category}/buckets/{metric}',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Counter buckets of one metric between two dates (inclusive, at most 12 months): per period and subject (view chart) or per subject over the range, largest first (view table; the top tables), paged (spec §3 "Statistic bucket", §7 "Category metric buckets"; decision record 023).',
    request: { path: StatisticBucketsPath, query: StatisticBucketsQuery },
    response: StatisticBucketPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'listRawStatistics',
    method: 'GET',
    path: '/api/v1/statistics/{category}/events',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Raw download events between two dates (inclusive), oldest first, 1,000 a page, for the CSV export (spec §3 "Raw download data point", §7 "Raw statistics"; decision record 023).',
    request: { path: RawStatisticsPath, query: RawStatisticsQuery },
    response: RawStatisticsPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getCoursewareMetrics',
    method: 'GET',
    path: '/api/v1/courseware-metrics',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Counts of the published courseware by category, experience and education level, assignments, linkages, quizzes and in total (spec §3 "Courseware metrics", §7 "Get courseware metrics"; decision record 023).',
    request: {},
    response: CoursewareMetrics,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/api/v1/files/{id}',
    group: 'file',
    access: 'updateContent',
    summary: 'Delete a file: its object, then its record (spec §7 "Delete a file by id"; decision record 016).',
    request: { path: FilePath },
    response: DeletedFile,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'listLessons',
    method: 'GET',
    path: '/api/v1/lessons',
    group: 'lesson',
    access: 'listLessons',
    summary:
      'List the lessons of a content item in index order (spec §3 Lesson, §6 "List lessons", §7; decision record 021).',
    request: { query: ListLessonsQuery },
    response: LessonList,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getLesson',
    method: 'GET',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'listLessons',
    summary: 'Get one lesson by id with its artifacts and pages (spec §7 "then get each by id"; decision record 021).',
    request: { path: LessonPath },
    response: Lesson,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'createLesson',
    method: 'POST',
    path: '/api/v1/lessons',
    group: 'lesson',
    access: 'updateContent',
    summary:
      'Create a lesson of a content item; new artifact uploads are checked and attached in the same write (spec §3 Lesson; decision record 021).',
    request: { body: CreateLessonRequest },
    response: CreatedId,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'updateLesson',
    method: 'PUT',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'updateContent',
    summary:
      'Replace a lesson; `version` must be the one last read, else 409; artifacts left out are deleted after the write (decision record 021).',
    request: { path: LessonPath, body: UpdateLessonRequest },
    response: Lesson,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deleteLesson',
    method: 'DELETE',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'updateContent',
    summary: 'Delete a lesson and its artifact files (decision record 021).',
    request: { path: LessonPath },
    response: DeletedLesson,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'authenticate',
    method: 'POST',
    path: '/api/v1/authenticate',
    group: 'authentication',
    access: 'public',
    summary:
      'Exchange an upstream token (provider vcr or sso) for a portal token; with impersonateUserId, the caller\'s portal token for one of that user (spec §7, §4 "Impersonation"); with invitationToken, accepts that invitation first (decision record 030).',
    request: { body: AuthenticateRequest },
    response: TokenResponse,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'endImpersonation',
    method: 'POST',
    path: '/api/v1/impersonation/end',
    group: 'authentication',
    access: 'authenticated',
    summary:
      'Ends an impersonation (spec §4 "Impersonation"): the caller\'s impersonation token for a fresh portal token of the administrator behind it, once the end is in the audit log (issue 21 item 19).',
    request: {},
    response: TokenResponse,
    errorStatuses: [401, 409],
  },
  {
    operationId: 'getSsoToken',
    method: 'GET',
    path: '/api/v1/sso-token',
    group: 'authentication',
    access: 'viewExerciseArea',
    summary:
      'A short-lived token for the exercise area, added as query s by /exercises (spec §2.2, §7 "Get an SSO token"); only to those who may view the exercise area (spec §1 "Students: by invitation only", §6; decision record 030).',
    request: {},
    response: TokenResponse,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getOpenIdConfiguration',
    method: 'GET',
    path: '/api/v1/auth/.well-known/openid-configuration',
    group: 'authentication',
    access: 'public',
    summary: "The portal issuer's discovery document (issuer, jwks_uri), read by API Gateway's JWT authorizer.",
    request: {},
    response: OpenIdConfiguration,
    cacheSeconds: 300,
  },
  {
    operationId: 'getJwks',
    method: 'GET',
    path: '/api/v1/auth/jwks.json',
    group: 'authentication',
    access: 'public',
    summary: "The portal's public signing keys (JWKS) that verify portal tokens.",
    request: {},
    response: JsonWebKeySet,
    cacheSeconds: 300,
  },
  {
    operationId: 'listClaims',
    method: 'GET',
    path: '/api/v1/claims',
    group: 'entitlement',
    access: 'authenticated',
    summary: 'The caller\'s claims: type, value, scopes (spec §7 "List claims").',
    request: {},
    response: ClaimList,
    errorStatuses: [401],
  },
  {
    operationId: 'listMessages',
    method: 'GET',
    path: '/api/v1/messages',
    group: 'entitlement',
    access: 'authenticated',
    summary: "The caller's messages for the avatar badge (spec §2.3, §3 Message).",
    request: {},
    response: MessageList,
    errorStatuses: [401],
  },
  {
    operationId: 'getProductSubscription',
    method: 'GET',
    path: '/api/v1/product-subscriptions/{product}',
    group: 'product-subscription',
    access: 'authenticated',
    summary: 'Whether the caller is subscribed to a product, e.g. coursewareFeature (spec §7 "Product subscription").',
    request: { path: SubscriptionPath },
    response: SubscriptionStatus,
    errorStatuses: [401],
  },
  {
    operationId: 'listOrganizations',
    method: 'GET',
    path: '/api/v1/organizations',
    group: 'organization',
    access: 'authenticated',
    summary: 'The organizations the caller belongs to, with the caller\'s roles in each (spec §7 "Organizations").',
    request: {},
    response: OrganizationList,
    errorStatuses: [401],
  },
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/v1/users',
    group: 'user',
    access: 'listUsers',
    summary: 'List users, for administrators (spec §6 privileged actions; decision record 012).',
    request: { query: ListUsersQuery },
    response: UserPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'listNews',
    method: 'GET',
    path: '/api/v1/news',
    group: 'content',
    access: 'public',
    summary:
      'News, newest date first, `limit` a page (10 on the list, 2 on the home page); published only unless the caller may update content and asks for `status` (spec §2.10, §7 "Get news"; decision record 024).',
    request: { query: ListNewsQuery },
    response: NewsPage,
  },
  {
    operationId: 'getNews',
    method: 'GET',
    path: '/api/v1/news/{id}',
    group: 'content',
    access: 'public',
    summary:
      'One news item by id or link; an unpublished one only for content editors, else 404 "News does not exist." (spec §2.10, §8).',
    request: { path: NewsEventPath },
    response: News,
    errorStatuses: [404],
  },
  {
    operationId: 'createNews',
    method: 'POST',
    path: '/api/v1/news',
    group: 'content',
    access: 'updateContent',
    summary:
      'Create a news item: the limits of spec §5 "News and event dialog", the description sanitised, the link generated from the title when empty and unique (spec §7; decision record 024).',
    request: { body: NewsInput },
    response: News,
    successStatus: 201,
    errorStatuses: [401, 403, 409, 413],
  },
  {
    operationId: 'updateNews',
    method: 'PUT',
    path: '/api/v1/news/{id}',
    group: 'content',
    access: 'updateContent',
    summary: "Replace a news item's fields (as create).",
    request: { path: NewsEventIdPath, body: NewsInput },
    response: News,
    errorStatuses: [401, 403, 404, 409, 413],
  },
  {
    operationId: 'deleteNews',
    method: 'DELETE',
    path: '/api/v1/news/{id}',
    group: 'content',
    access: 'deleteNews',
    summary: 'Delete a news item (spec §6 "Delete news": delete_v1_news).',
    request: { path: NewsEventIdPath },
    response: DeletedNewsEvent,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'listEvents',
    method: 'GET',
    path: '/api/v1/events',
    group: 'content',
    access: 'public',
    summary:
      'Events, newest date first, `limit` a page; `upcoming=true`: published events from now on, soonest first (spec §2.10, §7 "Get events", "Home upcoming events"; decision record 024).',
    request: { query: ListEventsQuery },
    response: EventPage,
  },
  {
    operationId: 'getEvent',
    method: 'GET',
    path: '/api/v1/events/{id}',
    group: 'content',
    access: 'public',
    summary:
      'One event by id or link; an unpublished one only for content editors, else 404 "Event does not exist." (spec §2.10, §8).',
    request: { path: NewsEventPath },
    response: Event,
    errorStatuses: [404],
  },
  {
    operationId: 'createEvent',
    method: 'POST',
    path: '/api/v1/events',
    group: 'content',
    access: 'updateContent',
    summary:
      'Create an event: the limits of spec §5 "News and event dialog", the description sanitised, the link unique (spec §7; decision record 024).',
    request: { body: EventInput },
    response: Event,
    successStatus: 201,
    errorStatuses: [401, 403, 409, 413],
  },
  {
    operationId: 'updateEvent',
    method: 'PUT',
    path: '/api/v1/events/{id}',
    group: 'content',
    access: 'updateContent',
    summary: "Replace an event's fields (as create).",
    request: { path: NewsEventIdPath, body: EventInput },
    response: Event,
    errorStatuses: [401, 403, 404, 409, 413],
  },
  {
    operationId: 'deleteEvent',
    method: 'DELETE',
    path: '/api/v1/events/{id}',
    group: 'content',
    access: 'deleteEvents',
    summary: 'Delete an event (spec §6 "Delete events": delete_v1_events).',
    request: { path: NewsEventIdPath },
    response: DeletedNewsEvent,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'sendContactRequest',
    method: 'POST',
    path: '/api/v1/contact-requests',
    group: 'content',
    access: 'public',
    summary:
      'Store a contact request (topics of the brand), then e-mail it to the team through SES; a filled honeypot answers success and does nothing; rate-limited per client (spec §2.9, §5 "Contact form", §7 "Send support email"; decision record 025).',
    request: { body: ContactRequestInput },
    response: SentMessage,
    successStatus: 201,
    errorStatuses: [429],
  },
  {
    operationId: 'createNewsletterSubscriber',
    method: 'POST',
    path: '/api/v1/newsletter-subscribers',
    group: 'newsletter',
    access: 'public',
    summary:
      'Store a newsletter subscriber (name, e-mail, format, job title, organization, the brand\'s topic), then e-mail the sign-up to the team through SES; a filled trap field answers success and does nothing; rate-limited per client (spec §2.11, §3, §5 "Newsletter"; decision record 025).',
    request: { body: NewsletterSignupRequest },
    response: SentMessage,
    successStatus: 201,
    errorStatuses: [429],
  },
  {
    operationId: 'listUserCourses',
    method: 'GET',
    path: '/api/v1/user/courses',
    group: 'user',
    access: 'authenticated',
    summary: 'The exercise-area courses the caller belongs to, with the caller\'s roles (spec §7 "User: get courses").',
    request: { query: ListUserCoursesQuery },
    response: UserCoursePage,
    errorStatuses: [401],
  },
  {
    operationId: 'requestCourseSupport',
    method: 'POST',
    path: '/api/v1/courses/{id}/support',
    group: 'user',
    access: 'requestCourseSupport',
    summary:
      'Store a support request about one of the caller\'s courses (claim post_v1_course_support for that course), then e-mail it to the course\'s support recipients; answers them (spec §5 "Support dialog", §7; decision record 025).',
    request: { path: SupportTargetPath, body: SupportRequestInput },
    response: SentSupportRequest,
    successStatus: 201,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'requestOrganizationSupport',
    method: 'POST',
    path: '/api/v1/organizations/{id}/support',
    group: 'organization',
    access: 'requestOrganizationSupport',
    summary:
      'Store a support request about one of the caller\'s organizations (claim post_v1_organization_support for it), then e-mail it to the organization\'s support recipients; answers them (spec §5 "Support dialog", §7; decision record 025).',
    request: { path: SupportTargetPath, body: SupportRequestInput },
    response: SentSupportRequest,
    successStatus: 201,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getPageByHref',
    method: 'GET',
    path: '/api/v1/pages/by-href',
    group: 'page',
    access: 'public',
    summary:
      'One CMS page by its link, with its sections in index order; an unpublished one only for content editors, else 404 "Page does not exist." (spec §2.2 catch-all, §2.14, §7 "Pages"). Not cached: editors see changes at once.',
    request: { query: PageHrefQuery },
    response: Page,
    errorStatuses: [404],
  },
  {
    operationId: 'getPage',
    method: 'GET',
    path: '/api/v1/pages/{id}',
    group: 'page',
    access: 'public',
    summary:
      'One CMS page by id, with its sections in index order and its breadcrumbs (`ancestors`, top page first, climbing parentId); an unpublished one only for content editors, else 404 "Page does not exist." (spec §2.14, §7 "Pages"; decision record 026). Not cached.',
    request: { path: PagePath },
    response: PageWithAncestors,
    errorStatuses: [404],
  },
  {
    operationId: 'listPages',
    method: 'GET',
    path: '/api/v1/pages',
    group: 'page',
    access: 'updateContent',
    summary:
      'Every CMS page, published or not, without sections, by href; `limit` a page, `pageToken` to go on (spec §7 "Pages"; decision record 026). For the page builder.',
    request: { query: ListPagesQuery },
    response: PageList,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'listPageSections',
    method: 'GET',
    path: '/api/v1/pages/{id}/sections',
    group: 'page',
    access: 'public',
    summary:
      'The sections of one CMS page in index order, `limit` a page (1–50, default 50: a page has at most 50), `pageToken` to go on; an unpublished page only for content editors, else 404 "Page does not exist." (spec §7 "Pages": "List page sections"; decision record 026). Not cached.',
    request: { path: PagePath, query: ListPageSectionsQuery },
    response: PageSectionList,
    errorStatuses: [404],
  },
  {
    operationId: 'createPage',
    method: 'POST',
    path: '/api/v1/pages',
    group: 'page',
    access: 'updateContent',
    summary:
      'Create a CMS page without sections: title and description required (spec §5 "Pages"), a unique link (409 when taken), an existing parent (spec §7 "Pages"; decision record 026).',
    request: { body: PageInput },
    response: Page,
    successStatus: 201,
    errorStatuses: [401, 403, 409],
  },
  {
    operationId: 'updatePage',
    method: 'PUT',
    path: '/api/v1/pages/{id}',
    group: 'page',
    access: 'updateContent',
    summary:
      'Replace a CMS page\'s fields (not its sections); a new link moves its guard in the same transaction (409 when taken); 409 when the page changed meanwhile (spec §7 "Pages"; decision record 026).',
    request: { path: PagePath, body: PageInput },
    response: Page,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deletePage',
    method: 'DELETE',
    path: '/api/v1/pages/{id}',
    group: 'page',
    access: 'deletePage',
    summary:
      'Delete a CMS page with its link guard and all its sections in one transaction; needs `confirmed=true`, the ticked checkbox of spec §5 "Pages" (spec §6 delete_v1_page; decision record 026).',
    request: { path: PagePath, query: DeletePageQuery },
    response: DeletedPage,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'createSection',
    method: 'POST',
    path: '/api/v1/pages/{id}/sections',
    group: 'page',
    access: 'updateContent',
    summary:
      'Add a section after the last one: at most 50 per page, 60 widgets and 390,000 bytes each, several widgets only of giant icon buttons, HTML sanitised; with the page version check (spec §3, §5, §7 "Pages"; decision record 026).',
    request: { path: PagePath, body: SectionInput },
    response: Page,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'updateSection',
    method: 'PUT',
    path: '/api/v1/pages/{id}/sections/{sectionId}',
    group: 'page',
    access: 'updateContent',
    summary:
      'Replace a section, keeping its place; a saved widget keeps its kind; with the page version check (spec §3, §5; decision record 026).',
    request: { path: PageSectionPath, body: SectionInput },
    response: Page,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deleteSection',
    method: 'DELETE',
    path: '/api/v1/pages/{id}/sections/{sectionId}',
    group: 'page',
    access: 'updateContent',
    summary: 'Delete one section of a page, with the page version check (spec §7 "Pages"; decision record 026).',
    request: { path: PageSectionPath },
    response: Page,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'reorderSections',
    method: 'PUT',
    path: '/api/v1/pages/{id}/section-order',
    group: 'page',
    access: 'updateContent',
    summary:
      'Put the sections in a new order (every section id once): sets index on the moved sections only, with the page version check, in one transaction (decision record 026).',
    request: { path: PagePath, body: SectionOrderInput },
    response: Page,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'reorderGroups',
    method: 'PUT',
    path: '/api/v1/pages/{id}/group-order',
    group: 'page',
    access: 'updateContent',
    summary:
      'Put the groups of a grouped-list page in a new order: rewrites its group-<name> layout parameters, with the version check (spec §2.14; decision record 026).',
    request: { path: PagePath, body: GroupOrderInput },
    response: Page,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'listBusinessUnits',
    method: 'GET',
    path: '/api/v1/business-units',
    group: 'business-unit',
    access: 'authenticated',
    summary:
      'Business units (schools, colleges, universities, governments, companies) in name order, `q` anywhere in the name, by category and state; merged units never listed (issue 11; decision record 030).',
    request: { query: ListBusinessUnitsQuery },
    response: BusinessUnitPage,
    errorStatuses: [401],
  },
  {
    operationId: 'getBusinessUnit',
    method: 'GET',
    path: '/api/v1/business-units/{id}',
    group: 'business-unit',
    access: 'authenticated',
    summary: 'One business unit, also a merged one (its `mergedIntoId` names the unit kept; decision record 030).',
    request: { path: BusinessUnitPath },
    response: BusinessUnit,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'createBusinessUnit',
    method: 'POST',
    path: '/api/v1/business-units',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary: 'Add a business unit, with its brand eligibility as data (spec §1; decision record 030); audited.',
    request: { body: BusinessUnitInput },
    response: BusinessUnit,
    successStatus: 201,
    errorStatuses: [401, 403, 409],
  },
  {
    operationId: 'updateBusinessUnit',
    method: 'PUT',
    path: '/api/v1/business-units/{id}',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary: 'Replace a business unit, with the version read (409 when it moved); audited with before and after.',
    request: { path: BusinessUnitPath, body: UpdateBusinessUnitRequest },
    response: BusinessUnit,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'mergeBusinessUnit',
    method: 'POST',
    path: '/api/v1/business-units/{id}/merge',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary:
      'Merge a duplicate business unit into another: its users move, its download history stays attributed to the unit kept; a repeat finishes an interrupted merge (issue 11; decision record 030); audited.',
    request: { path: BusinessUnitPath, body: MergeBusinessUnitRequest },
    response: MergedBusinessUnit,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'listAllOrganizations',
    method: 'GET',
    path: '/api/v1/organizations/all',
    group: 'organization',
    access: 'listUsers',
    summary:
      'Every exercise-area organization (team) in name order, for administrators (spec §7 "Organizations: get all").',
    request: { query: ListAllOrganizationsQuery },
    response: AllOrganizationsPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getUser',
    method: 'GET',
    path: '/api/v1/users/{id}',
    group: 'user',
    access: 'listUsers',
    summary:
      'One user with roles, claims, subscriptions, ranges, business unit and organizations, for administrators (issue 11).',
    request: { path: UserPath },
    response: UserDetail,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'updateUserRights',
    method: 'PUT',
    path: '/api/v1/users/{id}/rights',
    group: 'user',
    access: 'manageUsers',
    summary:
      'Replace a user\'s claims (roles are role claims), product subscriptions and ranges in one version-checked transaction with its audit event (spec §3, §6 "edit"; decision record 030).',
    request: { path: UserPath, body: UpdateUserRightsRequest },
    response: UserDetail,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'moveUserBusinessUnit',
    method: 'PUT',
    path: '/api/v1/users/{id}/business-unit',
    group: 'user',
    access: 'manageUsers',
    summary: 'Move a user to another business unit (or none), version-checked, audited (issue 11).',
    request: { path: UserPath, body: MoveUserBusinessUnitRequest },
    response: UserDetail,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'moveUserOrganization',
    method: 'PUT',
    path: '/api/v1/users/{id}/organization',
    group: 'user',
    access: 'manageUsers',
    summary:
      'Move a user to another team: leave one organization and join another with roles, in one transaction, audited (spec §6 "move team").',
    request: { path: UserPath, body: MoveUserOrganizationRequest },
    response: UserDetail,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'listAuditEvents',
    method: 'GET',
    path: '/api/v1/audit-events',
    group: 'user',
    access: 'readAuditLog',
    summary:
      'The audit log, newest first: who changed what, when, before and after; `targetId` narrows to one record (issue 11).',
    request: { query: ListAuditEventsQuery },
    response: AuditEventPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'listInvitations',
    method: 'GET',
    path: '/api/v1/invitations',
    group: 'user',
    access: 'inviteUsers',
    summary:
      "Invitations, newest first, of the organizations the caller's post_v1_invitations claim covers (spec §6; decision record 030).",
    request: { query: ListInvitationsQuery },
    response: InvitationPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'createInvitation',
    method: 'POST',
    path: '/api/v1/invitations',
    group: 'user',
    access: 'inviteUsers',
    summary:
      'Invite someone to the exercise area by e-mail (SES) into an organization the claim covers, with a role; single-use link, expires after 14 days (spec §1, §6 "user invite"; decision record 030); audited.',
    request: { body: CreateInvitationRequest },
    response: Invitation,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'resendInvitation',
    method: 'POST',
    path: '/api/v1/invitations/{id}/resend',
    group: 'user',
    access: 'inviteUsers',
    summary:
      'Re-invite: a new link (the old one stops working) and a new expiry, e-mailed again (spec §6 "re-invite"); audited.',
    request: { path: InvitationPath },
    response: Invitation,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'revokeInvitation',
    method: 'DELETE',
    path: '/api/v1/invitations/{id}',
    group: 'user',
    access: 'inviteUsers',
    summary: 'Withdraw a pending invitation: its link stops working (decision record 030); audited.',
    request: { path: InvitationPath },
    response: Invitation,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'getInvitationPreview',
    method: 'GET',
    path: '/api/v1/invitations/preview',
    group: 'user',
    access: 'public',
    summary:
      'What an invitation link invites to (organization, role, who, until when, status), shown before signing in; 404 for a forged link.',
    request: { query: InvitationPreviewQuery },
    response: InvitationPreview,
    errorStatuses: [404],
  },
  {
    operationId: 'previewUserImport',
    method: 'POST',
    path: '/api/v1/user-imports/preview',
    group: 'user',
    access: 'importUsers',
    summary:
      'Read an import CSV (name, email, role; the template is /template.csv) and mark every row valid or invalid with its reasons; writes nothing (spec §3 "User import", §5; decision record 030).',
    request: { body: UserImportPreviewRequest },
    response: UserImportPreview,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'runUserImport',
    method: 'POST',
    path: '/api/v1/user-imports',
    group: 'user',
    access: 'importUsers',
    summary:
      'Import users as invitations: all-or-nothing (400 with every bad row, nothing written) or valid rows only (bad rows skipped and reported); the stored result lists every row (spec §6 "import"; decision record 030); audited.',
    request: { body: RunUserImportRequest },
    response: UserImport,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 503],
  },
  {
    operationId: 'listUserImports',
    method: 'GET',
    path: '/api/v1/user-imports',
    group: 'user',
    access: 'importUsers',
    summary: "Past imports, newest first, of the organizations the caller's claim covers, without their rows.",
    request: { query: ListUserImportsQuery },
    response: UserImportPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getUserImport',
    method: 'GET',
    path: '/api/v1/user-imports/{id}',
    group: 'user',
    access: 'importUsers',
    summary: 'One past import with every row and its outcome (the SPA builds the downloadable error report from it).',
    request: { path: UserImportPath },
    response: UserImport,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/v1/openapi.json',
    group: 'meta',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API, generated from the route table and its zod contracts.',
    request: {},
    response: OpenApiDocument,
    cacheSeconds: 300,
  },
  {
    operationId: 'reportClientError',
    method: 'POST',
    path: '/api/v1/client-errors',
    group: 'meta',
    access: 'public',
    summary:
      "Log an uncaught error or failed API call of the SPA as one structured event (scrubbed again of addresses' query strings, tokens and e-mail addresses; nothing stored); a token is optional; rate-limited per caller, body at most 16,384 bytes (spec §8; issue 21 item 24; decision record 037).",
    request: { body: ClientErrorReport },
    response: AcceptedClientError,
    successStatus: 202,
    errorStatuses: [413, 429],
    maxBodyBytes: CLIENT_ERROR_LIMITS.bodyMaxBytes,
  },
  {
    operationId: 'getHomeHtml',
    method: 'GET',
    path: '/api/v1/html',
    group: 'html',
    access: 'public',
    summary:
      "The first HTML of the home page `/`: the SPA's index.html with the main content, head tags and the SPA's data embedded; CloudFront and the local server send the site's HTML navigations here (issue 22 item 2; decision record 038). Always rendered as a visitor sees it.",
    request: {},
    response: HtmlDocument,
  },
  {
    operationId: 'getPageHtml',
    method: 'GET',
    path: '/api/v1/html/{path+}',
    group: 'html',
    access: 'public',
    summary:
      "The first HTML of the public page `/{path}` (courseware list, content by `/courseware/<id|alias>` or a root id or alias, news and events, CMS pages): the main content in the HTML, else the plain SPA shell; never an unpublished item's content (issue 22 item 2; decision record 038).",
    request: { path: HtmlPagePath },
    response: HtmlDocument,
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];
export type OperationId = Route['operationId'];

/**
 * The rate limit of a route (issue 21 item 4; decision record 033): its entry of
 * `ROUTE_RATE_LIMITS` (`shared/limits.ts`), or undefined for a route without one.
 */
export function rateLimitOf(operationId: string): RouteRateLimit | undefined {
  return (ROUTE_RATE_LIMITS as Partial<Record<string, RouteRateLimit>>)[operationId];
}

/** A key of `ROUTE_RATE_LIMITS` that names no operation of the table fails to compile here. */
type UnknownRateLimitedOperation = Exclude<keyof typeof ROUTE_RATE_LIMITS, OperationId>;
export const RATE_LIMITS_NAME_ROUTES: [UnknownRateLimitedOperation] extends [never]
  ? true
  : UnknownRateLimitedOperation = true;
