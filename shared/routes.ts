import * as z from 'zod';
import type { RouteAccess } from './capabilities.ts';
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
      'Exchange an upstream token (provider vcr or sso) for a portal token; with impersonateUserId, the caller\'s portal token for one of that user (spec §7, §4 "Impersonation").',
    request: { body: AuthenticateRequest },
    response: TokenResponse,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getSsoToken',
    method: 'GET',
    path: '/api/v1/sso-token',
    group: 'authentication',
    access: 'authenticated',
    summary:
      'A short-lived token for the exercise area, added as query s by /exercises (spec §2.2, §7 "Get an SSO token").',
    request: {},
    response: TokenResponse,
    errorStatuses: [401],
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
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];
export type OperationId = Route['operationId'];
