import { describe, expect, it } from 'vitest';
import { type OperationId, ROUTES, routeKey } from '#shared/routes';
import { META_ROUTES } from '#shared/routes/meta';
import { handler as contentHandler } from '../api/content/index.ts';
import { getOpenApiDocument } from '../api/meta/get-openapi-document.ts';
import { handler as metaHandler } from '../api/meta/index.ts';
import { jsonBody, loadEvent } from '../test-support/events.ts';
import { lambdaContext } from '../test-support/stack.ts';
import { createGroupHandler, type GroupImplementations } from './group.ts';

const context = lambdaContext();

describe('createGroupHandler', () => {
  it('dispatches on routeKey to the route of its group', async () => {
    const result = await metaHandler(loadEvent('meta/get-openapi-document'), context);
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result).openapi).toBe('3.1.0');
  });

  it('answers an unknown routeKey with 404 Not Found', async () => {
    const event = { ...loadEvent('meta/get-openapi-document'), routeKey: 'GET /api/v1/nowhere' };
    const result = await metaHandler(event, context);
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ statusCode: 404, message: 'Not Found' });
  });

  it("answers a route of another group with 404, since that group's Lambda serves it", async () => {
    const result = await contentHandler(loadEvent('meta/get-openapi-document'), context);
    expect(result.statusCode).toBe(404);
  });

  it('refuses, at load, a handler built for another operation', () => {
    const swapped = { getOpenApiDocument: { ...getOpenApiDocument, operationId: 'listContent' } };
    expect(() =>
      createGroupHandler(META_ROUTES, swapped as unknown as GroupImplementations<typeof META_ROUTES>),
    ).toThrow('Group meta: no handler built for getOpenApiDocument.');
  });

  it('has a sample event for every route, carrying that route key', () => {
    const names: Record<OperationId, string> = {
      listContent: 'content/list-content',
      getContent: 'content/get-content',
      getContentCoverageReport: 'content/get-content-coverage-report',
      listContentChildren: 'content/list-content-children',
      listKnowledge: 'content/list-knowledge',
      getKnowledge: 'content/get-knowledge',
      listWorkRoles: 'content/list-work-roles',
      getWorkRole: 'content/get-work-role',
      listContributors: 'content/list-contributors',
      getContributor: 'content/get-contributor',
      createContent: 'content/create-content',
      replaceContent: 'content/replace-content',
      patchContent: 'content/patch-content',
      saveContent: 'content/save-content',
      deleteContent: 'content/delete-content',
      getContentSubtree: 'content/get-content-subtree',
      setContentSubtreeStatus: 'content/set-content-subtree-status',
      deleteContentSubtree: 'content/delete-content-subtree',
      createContributor: 'content/create-contributor',
      updateContributor: 'content/update-contributor',
      sendContentFeedback: 'content/send-content-feedback',
      getContentBundle: 'content/get-content-bundle',
      getOpenApiDocument: 'meta/get-openapi-document',
      reportClientError: 'meta/report-client-error',
      getHomeHtml: 'html/get-home-html',
      getPageHtml: 'html/get-page-html',
      searchFeed: 'search/search-feed',
      getSitemap: 'search/get-sitemap',
      harvestOai: 'search/harvest-oai',
      harvestOaiForm: 'search/harvest-oai-form',
      getPageByHref: 'page/get-page-by-href',
      getPage: 'page/get-page',
      listPages: 'page/list-pages',
      listPageSections: 'page/list-page-sections',
      createPage: 'page/create-page',
      updatePage: 'page/update-page',
      deletePage: 'page/delete-page',
      createSection: 'page/create-section',
      updateSection: 'page/update-section',
      deleteSection: 'page/delete-section',
      reorderSections: 'page/reorder-sections',
      reorderGroups: 'page/reorder-groups',
      authenticate: 'authentication/authenticate',
      endImpersonation: 'authentication/end-impersonation',
      getSsoToken: 'authentication/get-sso-token',
      getOpenIdConfiguration: 'authentication/get-open-id-configuration',
      getJwks: 'authentication/get-jwks',
      listClaims: 'entitlement/list-claims',
      listMessages: 'entitlement/list-messages',
      dismissMessage: 'entitlement/dismiss-message',
      listLibrary: 'library/list-library',
      listSavedContentIds: 'library/list-saved-content-ids',
      saveToLibrary: 'library/save-to-library',
      removeFromLibrary: 'library/remove-from-library',
      listDownloadHistory: 'library/list-download-history',
      listMyCollections: 'library/list-my-collections',
      listCuratedCollections: 'library/list-curated-collections',
      createCollection: 'library/create-collection',
      getCollection: 'library/get-collection',
      getCollectionCoverage: 'library/get-collection-coverage',
      getCollectionCoverageReport: 'library/get-collection-coverage-report',
      getCollectionCaeWorksheet: 'library/get-collection-cae-worksheet',
      updateCollection: 'library/update-collection',
      addCollectionEntry: 'library/add-collection-entry',
      deleteCollection: 'library/delete-collection',
      exportPersonalData: 'library/export-personal-data',
      deletePersonalReviews: 'library/delete-personal-reviews',
      deletePersonalCollections: 'library/delete-personal-collections',
      getUserPersonalData: 'library/get-user-personal-data',
      getProductSubscription: 'product-subscription/get-product-subscription',
      listUsers: 'user/list-users',
      getUser: 'user/get-user',
      updateUserRights: 'user/update-user-rights',
      moveUserBusinessUnit: 'user/move-user-business-unit',
      moveUserOrganization: 'user/move-user-organization',
      listAuditEvents: 'user/list-audit-events',
      listInvitations: 'user/list-invitations',
      createInvitation: 'user/create-invitation',
      resendInvitation: 'user/resend-invitation',
      revokeInvitation: 'user/revoke-invitation',
      getInvitationPreview: 'user/get-invitation-preview',
      previewUserImport: 'user/preview-user-import',
      runUserImport: 'user/run-user-import',
      listUserImports: 'user/list-user-imports',
      getUserImport: 'user/get-user-import',
      listBusinessUnits: 'business-unit/list-business-units',
      getBusinessUnit: 'business-unit/get-business-unit',
      createBusinessUnit: 'business-unit/create-business-unit',
      updateBusinessUnit: 'business-unit/update-business-unit',
      mergeBusinessUnit: 'business-unit/merge-business-unit',
      listAllOrganizations: 'organization/list-all-organizations',
      listOrganizations: 'organization/list-organizations',
      requestOrganizationSupport: 'organization/request-organization-support',
      listUserCourses: 'user/list-user-courses',
      requestCourseSupport: 'user/request-course-support',
      sendContactRequest: 'content/send-contact-request',
      listNews: 'content/list-news',
      getNews: 'content/get-news',
      createNews: 'content/create-news',
      updateNews: 'content/update-news',
      deleteNews: 'content/delete-news',
      listEvents: 'content/list-events',
      getEvent: 'content/get-event',
      createEvent: 'content/create-event',
      updateEvent: 'content/update-event',
      deleteEvent: 'content/delete-event',
      createNewsletterSubscriber: 'newsletter/create-newsletter-subscriber',
      searchContent: 'search/search-content',
      relatedContent: 'search/related-content',
      listSavedSearches: 'search/list-saved-searches',
      createSavedSearch: 'search/create-saved-search',
      updateSavedSearch: 'search/update-saved-search',
      deleteSavedSearch: 'search/delete-saved-search',
      markSavedSearchSeen: 'search/mark-saved-search-seen',
      unsubscribeSavedSearches: 'search/unsubscribe-saved-searches',
      createUpload: 'file/create-upload',
      completeUpload: 'file/complete-upload',
      getFile: 'file/get-file',
      getFileAccess: 'file/get-file-access',
      getDownloadUrl: 'file/get-download-url',
      getPreviewUrl: 'file/get-preview-url',
      requestBundle: 'file/request-bundle',
      deleteFile: 'file/delete-file',
      listLessons: 'lesson/list-lessons',
      getLesson: 'lesson/get-lesson',
      createLesson: 'lesson/create-lesson',
      updateLesson: 'lesson/update-lesson',
      deleteLesson: 'lesson/delete-lesson',
      listStatisticBuckets: 'statistics/list-statistic-buckets',
      listRawStatistics: 'statistics/list-raw-statistics',
      getCoursewareMetrics: 'statistics/get-courseware-metrics',
      getContentUsage: 'statistics/get-content-usage',
      getContentDraft: 'content/get-content-draft',
      putContentDraft: 'content/put-content-draft',
      discardContentDraft: 'content/discard-content-draft',
      publishContentDraft: 'content/publish-content-draft',
      listContentRevisions: 'content/list-content-revisions',
      getContentRevision: 'content/get-content-revision',
      diffContentRevisions: 'content/diff-content-revisions',
      restoreContentRevision: 'content/restore-content-revision',
      previewContentDraft: 'content/preview-content-draft',
      runContentBulkAction: 'content/run-content-bulk-action',
      getUpdateNoticeSettings: 'user/get-update-notice-settings',
      updateUpdateNoticeSettings: 'user/update-update-notice-settings',
      unsubscribeUpdateNotices: 'user/unsubscribe-update-notices',
      createSubmission: 'content/create-submission',
      listOwnSubmissions: 'content/list-own-submissions',
      getSubmission: 'content/get-submission',
      updateOwnSubmission: 'content/update-own-submission',
      commentOnSubmission: 'content/comment-on-submission',
      listSubmissionReviews: 'content/list-submission-reviews',
      decideSubmission: 'content/decide-submission',
      getSubmissionFileDownloadUrl: 'content/get-submission-file-download-url',
      putMyContentReview: 'content/put-my-content-review',
      getMyContentReview: 'content/get-my-content-review',
      listContentReviews: 'content/list-content-reviews',
      respondToReview: 'content/respond-to-review',
      reportReview: 'content/report-review',
      listReportedReviews: 'content/list-reported-reviews',
      hideReview: 'content/hide-review',
      restoreReview: 'content/restore-review',
      deleteMyContentReview: 'content/delete-my-content-review',
    };
    for (const route of ROUTES) {
      const name = names[route.operationId];
      expect(name, route.operationId).toBeDefined();
      expect(loadEvent(name as string).routeKey).toBe(routeKey(route));
    }
  });
});
