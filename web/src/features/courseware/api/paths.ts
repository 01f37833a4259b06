import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of a content item's page and editor beyond the first render: children, related
 * items, drafts and revisions, reviews, subtree status, usage, the search feed, with their
 * paths below `/api/v1` (decision record 040): loaded with this feature's lazily loaded code,
 * not with the first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS`
 * (`apiUrl`) instead.
 */
export const COURSEWARE_API_PATHS = {
  searchFeed: '/search/feed',
  getContentDraft: '/content-items/{id}/draft',
  putContentDraft: '/content-items/{id}/draft',
  discardContentDraft: '/content-items/{id}/draft',
  publishContentDraft: '/content-items/{id}/draft/publish',
  listContentRevisions: '/content-items/{id}/revisions',
  diffContentRevisions: '/content-items/{id}/revision-diff',
  restoreContentRevision: '/content-items/{id}/revisions/{revisionId}/restore',
  listKnowledge: '/knowledge',
  getContributor: '/contributors/{id}',
  saveContent: '/content-saves',
  sendContentFeedback: '/content-items/{id}/feedback',
  getContentUsage: '/content-items/{id}/usage',
  putMyContentReview: '/content-items/{id}/reviews/mine',
  getMyContentReview: '/content-items/{id}/reviews/mine',
  listContentReviews: '/content-items/{id}/reviews',
  respondToReview: '/reviews/{id}/response',
  reportReview: '/reviews/{id}/report',
  deleteMyContentReview: '/content-items/{id}/reviews/mine',
  relatedContent: '/search/related/{id}',
  setContentSubtreeStatus: '/content-subtrees/{id}',
  deleteContentSubtree: '/content-subtrees/{id}',
  patchContent: '/content-items/{id}',
  listContentChildren: '/content-children/{id}',
  getContentSubtree: '/content-subtrees/{id}',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link COURSEWARE_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const coursewareApiUrl = apiUrlFor(COURSEWARE_API_PATHS);
