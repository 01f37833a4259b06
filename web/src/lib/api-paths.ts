import type { OperationId } from '#shared/routes';

/**
 * The operations the SPA never calls, left out of {@link API_PATHS} since the table is
 * in the JavaScript of the first render (decision record 040; issue 26: the 18 entries
 * were about 250 gzip bytes): the server-rendered pages, sitemap and OAI-PMH for
 * crawlers and harvesters, the identity provider's discovery documents, the OpenAPI
 * document, and writes and reads the SPA makes through other operations (a content
 * save, the page with its sections, a revision's comparison).
 */
export type ServerOnlyOperationId =
  | 'getKnowledge'
  | 'createContent'
  | 'replaceContent'
  | 'createContributor'
  | 'updateContributor'
  | 'getLesson'
  | 'getOpenIdConfiguration'
  | 'getJwks'
  | 'getProductSubscription'
  | 'listPageSections'
  | 'getOpenApiDocument'
  | 'getHomeHtml'
  | 'getPageHtml'
  | 'getSitemap'
  | 'harvestOai'
  | 'harvestOaiForm'
  | 'getContentRevision'
  | 'previewContentDraft';

/** The operations the SPA calls: every operation of the route table but {@link ServerOnlyOperationId}. */
export type SpaOperationId = Exclude<OperationId, ServerOnlyOperationId>;

/**
 * The path of every operation the SPA calls of the shared route table (`shared/routes.ts`), below
 * the API base address (`/api/v1` left off), `{name}`/`{name+}` marking its path
 * parameters. The SPA's API client builds addresses from this table, not from
 * `ROUTES` itself: `ROUTES` carries every operation's zod contracts, and importing
 * it put the contracts of every feature into the JavaScript of the first render
 * (issue 22 item 3; decision record 040). Each feature's API module imports only its
 * own contracts, so they travel with the routes that use them.
 *
 * `satisfies Record<SpaOperationId, string>` makes a missing or unknown operation a
 * compile error; `api-paths.test.ts` checks every path against `ROUTES`.
 */
export const API_PATHS = {
  listContent: '/content',
  getContent: '/content/{idOrAlias+}',
  getContentCoverageReport: '/content-coverage/{idOrAlias+}',
  listContentChildren: '/content-children/{id}',
  listKnowledge: '/knowledge',
  listWorkRoles: '/work-roles',
  getWorkRole: '/work-roles/{id}',
  listContributors: '/contributors',
  getContributor: '/contributors/{id}',
  patchContent: '/content-items/{id}',
  saveContent: '/content-saves',
  deleteContent: '/content-items/{id}',
  getContentSubtree: '/content-subtrees/{id}',
  setContentSubtreeStatus: '/content-subtrees/{id}',
  deleteContentSubtree: '/content-subtrees/{id}',
  sendContentFeedback: '/content-items/{id}/feedback',
  searchContent: '/search/content',
  relatedContent: '/search/related/{id}',
  createUpload: '/files/uploads',
  completeUpload: '/files/{id}/complete',
  getFile: '/files/{id}',
  getFileAccess: '/file-access',
  getDownloadUrl: '/files/{id}/download-url',
  getPreviewUrl: '/files/{id}/preview-url',
  requestBundle: '/files/bundles',
  getContentBundle: '/content-bundle',
  listStatisticBuckets: '/statistics/{category}/buckets/{metric}',
  listRawStatistics: '/statistics/{category}/events',
  getCoursewareMetrics: '/courseware-metrics',
  getContentUsage: '/content-items/{id}/usage',
  deleteFile: '/files/{id}',
  listLessons: '/lessons',
  createLesson: '/lessons',
  updateLesson: '/lessons/{id}',
  deleteLesson: '/lessons/{id}',
  authenticate: '/authenticate',
  endImpersonation: '/impersonation/end',
  getSsoToken: '/sso-token',
  listClaims: '/claims',
  listMessages: '/messages',
  dismissMessage: '/messages/{id}',
  listLibrary: '/library/saved',
  listSavedContentIds: '/library/saved-ids',
  saveToLibrary: '/library/saved/{id}',
  removeFromLibrary: '/library/saved/{id}',
  listDownloadHistory: '/library/downloads',
  listMyCollections: '/collections/mine',
  listCuratedCollections: '/collections',
  createCollection: '/collections',
  getCollection: '/collections/{id}',
  getCollectionCoverage: '/collections/{id}/coverage',
  getCollectionCoverageReport: '/collections/{id}/coverage-report',
  getCollectionCaeWorksheet: '/collections/{id}/cae-worksheet',
  updateCollection: '/collections/{id}',
  addCollectionEntry: '/collections/{id}/entries',
  deleteCollection: '/collections/{id}',
  exportPersonalData: '/personal-data',
  deletePersonalReviews: '/personal-data/reviews',
  deletePersonalCollections: '/personal-data/collections',
  getUserPersonalData: '/users/{id}/personal-data',
  listOrganizations: '/organizations',
  listUsers: '/users',
  listNews: '/news',
  getNews: '/news/{id}',
  createNews: '/news',
  updateNews: '/news/{id}',
  deleteNews: '/news/{id}',
  listEvents: '/events',
  getEvent: '/events/{id}',
  createEvent: '/events',
  updateEvent: '/events/{id}',
  deleteEvent: '/events/{id}',
  sendContactRequest: '/contact-requests',
  createNewsletterSubscriber: '/newsletter-subscribers',
  listUserCourses: '/user/courses',
  requestCourseSupport: '/courses/{id}/support',
  requestOrganizationSupport: '/organizations/{id}/support',
  getPageByHref: '/pages/by-href',
  getPage: '/pages/{id}',
  listPages: '/pages',
  createPage: '/pages',
  updatePage: '/pages/{id}',
  deletePage: '/pages/{id}',
  createSection: '/pages/{id}/sections',
  updateSection: '/pages/{id}/sections/{sectionId}',
  deleteSection: '/pages/{id}/sections/{sectionId}',
  reorderSections: '/pages/{id}/section-order',
  reorderGroups: '/pages/{id}/group-order',
  listBusinessUnits: '/business-units',
  getBusinessUnit: '/business-units/{id}',
  createBusinessUnit: '/business-units',
  updateBusinessUnit: '/business-units/{id}',
  mergeBusinessUnit: '/business-units/{id}/merge',
  listAllOrganizations: '/organizations/all',
  getUser: '/users/{id}',
  updateUserRights: '/users/{id}/rights',
  moveUserBusinessUnit: '/users/{id}/business-unit',
  moveUserOrganization: '/users/{id}/organization',
  listAuditEvents: '/audit-events',
  listInvitations: '/invitations',
  createInvitation: '/invitations',
  resendInvitation: '/invitations/{id}/resend',
  revokeInvitation: '/invitations/{id}',
  getInvitationPreview: '/invitations/preview',
  previewUserImport: '/user-imports/preview',
  runUserImport: '/user-imports',
  listUserImports: '/user-imports',
  getUserImport: '/user-imports/{id}',
  reportClientError: '/client-errors',
  searchFeed: '/search/feed',
  listSavedSearches: '/saved-searches',
  createSavedSearch: '/saved-searches',
  updateSavedSearch: '/saved-searches/{id}',
  deleteSavedSearch: '/saved-searches/{id}',
  markSavedSearchSeen: '/saved-searches/{id}/seen',
  unsubscribeSavedSearches: '/saved-searches/unsubscribe',
  getContentDraft: '/content-items/{id}/draft',
  putContentDraft: '/content-items/{id}/draft',
  discardContentDraft: '/content-items/{id}/draft',
  publishContentDraft: '/content-items/{id}/draft/publish',
  listContentRevisions: '/content-items/{id}/revisions',
  diffContentRevisions: '/content-items/{id}/revision-diff',
  restoreContentRevision: '/content-items/{id}/revisions/{revisionId}/restore',
  runContentBulkAction: '/content-bulk-actions',
  getUpdateNoticeSettings: '/update-notices/settings',
  updateUpdateNoticeSettings: '/update-notices/settings',
  unsubscribeUpdateNotices: '/update-notices/unsubscribe',
  createSubmission: '/submissions',
  listOwnSubmissions: '/submissions',
  getSubmission: '/submissions/{id}',
  updateOwnSubmission: '/submissions/{id}',
  commentOnSubmission: '/submissions/{id}/comments',
  listSubmissionReviews: '/submission-reviews',
  decideSubmission: '/submissions/{id}/decisions',
  getSubmissionFileDownloadUrl: '/submissions/{id}/files/{fileId}/download-url',
  putMyContentReview: '/content-items/{id}/reviews/mine',
  getMyContentReview: '/content-items/{id}/reviews/mine',
  listContentReviews: '/content-items/{id}/reviews',
  respondToReview: '/reviews/{id}/response',
  reportReview: '/reviews/{id}/report',
  listReportedReviews: '/reviews/reported',
  hideReview: '/reviews/{id}/hide',
  restoreReview: '/reviews/{id}/restore',
  deleteMyContentReview: '/content-items/{id}/reviews/mine',
} as const satisfies Record<SpaOperationId, string>;
