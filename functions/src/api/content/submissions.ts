import * as submissions from '../../services/submissions.ts';
import { defineRoute } from './define-route.ts';

/**
 * The courseware submission routes (issue 25 item 6; decision record 067): the
 * submitter's own (submit-abstract capability; anyone else's is 404), the team's
 * review (update-content capability), and the thread, which both reach. Each calls its use case in `services/submissions.ts`.
 */

/** `POST /api/v1/submissions`: 201 with the new submission. */
export const createSubmission = defineRoute('createSubmission', ({ body, caller }) =>
  submissions.createSubmission(body, caller),
);

/** `GET /api/v1/submissions`: the caller's own submissions. */
export const listOwnSubmissions = defineRoute('listOwnSubmissions', ({ caller }) =>
  submissions.listOwnSubmissions(caller),
);

/** `GET /api/v1/submissions/{id}`: the caller's own, or any for the team, with its thread. */
export const getSubmission = defineRoute('getSubmission', ({ path, caller }) =>
  submissions.getSubmission(path.id, caller),
);

/** `PUT /api/v1/submissions/{id}`: edit and resubmit while changes are requested. */
export const updateOwnSubmission = defineRoute('updateOwnSubmission', ({ path, body, caller }) =>
  submissions.updateOwnSubmission(path.id, body, caller),
);

/** `POST /api/v1/submissions/{id}/comments`: the submitter's or the team's comment; 201 with the thread. */
export const commentOnSubmission = defineRoute('commentOnSubmission', ({ path, body, caller }) =>
  submissions.commentOnSubmission(path.id, body, caller),
);

/** `GET /api/v1/submission-reviews`: the review queue. */
export const listSubmissionReviews = defineRoute('listSubmissionReviews', ({ query }) =>
  submissions.listSubmissionReviews(query),
);

/** `POST /api/v1/submissions/{id}/decisions`: request changes, accept or decline. */
export const decideSubmission = defineRoute('decideSubmission', ({ path, body, caller }) =>
  submissions.decideSubmission(path.id, body, caller),
);

/** `GET /api/v1/submissions/{id}/files/{fileId}/download-url`: a file of the submission, before any decision. */
export const getSubmissionFileDownloadUrl = defineRoute('getSubmissionFileDownloadUrl', ({ path, caller }) =>
  submissions.getSubmissionFileDownloadUrl(path.id, path.fileId, caller),
);
