import { CONTENT_ROUTES } from '#shared/routes/content';
import { createGroupHandler } from '../../lib/group.ts';
import {
  diffContentRevisions,
  discardContentDraft,
  getContentDraft,
  getContentRevision,
  listContentRevisions,
  previewContentDraft,
  publishContentDraft,
  putContentDraft,
  restoreContentRevision,
} from './content-drafts.ts';
import { createContent } from './create-content.ts';
import { createContributor } from './create-contributor.ts';
import { createEvent } from './create-event.ts';
import { createNews } from './create-news.ts';
import { deleteContent } from './delete-content.ts';
import { deleteContentSubtree } from './delete-content-subtree.ts';
import { deleteEvent } from './delete-event.ts';
import { deleteNews } from './delete-news.ts';
import { getContent } from './get-content.ts';
import { getContentBundle } from './get-content-bundle.ts';
import { getContentCoverageReport } from './get-content-coverage-report.ts';
import { getContentSubtree } from './get-content-subtree.ts';
import { getContributor } from './get-contributor.ts';
import { getEvent } from './get-event.ts';
import { getKnowledge } from './get-knowledge.ts';
import { getNews } from './get-news.ts';
import { getWorkRole } from './get-work-role.ts';
import { listContent } from './list-content.ts';
import { listContentChildren } from './list-content-children.ts';
import { listContributors } from './list-contributors.ts';
import { listEvents } from './list-events.ts';
import { listKnowledge } from './list-knowledge.ts';
import { listNews } from './list-news.ts';
import { listWorkRoles } from './list-work-roles.ts';
import { patchContent } from './patch-content.ts';
import { replaceContent } from './replace-content.ts';
import {
  deleteMyContentReview,
  getMyContentReview,
  hideReview,
  listContentReviews,
  listReportedReviews,
  putMyContentReview,
  reportReview,
  respondToReview,
  restoreReview,
} from './reviews.ts';
import { runContentBulkAction } from './run-content-bulk-action.ts';
import { saveContent } from './save-content.ts';
import { sendContactRequest } from './send-contact-request.ts';
import { sendContentFeedback } from './send-content-feedback.ts';
import { setContentSubtreeStatus } from './set-content-subtree-status.ts';
import {
  commentOnSubmission,
  createSubmission,
  decideSubmission,
  getSubmission,
  getSubmissionFileDownloadUrl,
  listOwnSubmissions,
  listSubmissionReviews,
  updateOwnSubmission,
} from './submissions.ts';
import { updateContributor } from './update-contributor.ts';
import { updateEvent } from './update-event.ts';
import { updateNews } from './update-news.ts';

/** Lambda entry of the `content` client group (spec §7 Content, Contributors, Knowledge, news and events). */
export const handler = createGroupHandler(CONTENT_ROUTES, {
  listContent,
  getContent,
  getContentCoverageReport,
  listContentChildren,
  listKnowledge,
  getKnowledge,
  listWorkRoles,
  getWorkRole,
  listContributors,
  getContributor,
  createContent,
  replaceContent,
  patchContent,
  saveContent,
  deleteContent,
  getContentSubtree,
  setContentSubtreeStatus,
  deleteContentSubtree,
  createContributor,
  updateContributor,
  sendContentFeedback,
  sendContactRequest,
  getContentBundle,
  listNews,
  getNews,
  createNews,
  updateNews,
  deleteNews,
  listEvents,
  getEvent,
  createEvent,
  updateEvent,
  deleteEvent,
  getContentDraft,
  putContentDraft,
  discardContentDraft,
  publishContentDraft,
  listContentRevisions,
  getContentRevision,
  diffContentRevisions,
  restoreContentRevision,
  previewContentDraft,
  runContentBulkAction,
  createSubmission,
  listOwnSubmissions,
  getSubmission,
  updateOwnSubmission,
  commentOnSubmission,
  listSubmissionReviews,
  decideSubmission,
  getSubmissionFileDownloadUrl,
  putMyContentReview,
  getMyContentReview,
  listContentReviews,
  respondToReview,
  reportReview,
  listReportedReviews,
  hideReview,
  restoreReview,
  deleteMyContentReview,
});
