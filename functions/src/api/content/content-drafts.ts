import * as drafts from '../../services/content-drafts.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/content-items/{id}/draft` (issue 25 item 2): the item's draft, 404 when none. */
export const getContentDraft = defineRoute('getContentDraft', ({ path, caller }) => drafts.readDraft(path.id, caller));

/** `PUT /api/v1/content-items/{id}/draft` (issue 25 item 2): autosave, conditional on `draftVersion`. */
export const putContentDraft = defineRoute('putContentDraft', ({ path, body, caller }) =>
  drafts.writeDraft(path.id, body, caller),
);

/** `DELETE /api/v1/content-items/{id}/draft?draftVersion=` (issue 25 item 2): discards the draft. */
export const discardContentDraft = defineRoute('discardContentDraft', async ({ path, query, caller }) => {
  await drafts.discardDraft(path.id, query.draftVersion, caller);
  return { contentId: path.id };
});

/** `POST /api/v1/content-items/{id}/draft/publish` (issue 25 items 2–3): publish in one transaction. */
export const publishContentDraft = defineRoute('publishContentDraft', ({ path, body, caller }) =>
  drafts.publishDraft(path.id, body, caller),
);

/** `GET /api/v1/content-items/{id}/revisions` (issue 25 item 3): newest first, paged. */
export const listContentRevisions = defineRoute('listContentRevisions', ({ path, query, caller }) =>
  drafts.readRevisions(path.id, query.pageToken, caller),
);

/** `GET /api/v1/content-items/{id}/revisions/{revisionId}` (issue 25 item 3). */
export const getContentRevision = defineRoute('getContentRevision', ({ path, caller }) =>
  drafts.readRevision(path.id, path.revisionId, caller),
);

/** `GET /api/v1/content-items/{id}/revision-diff?from=&to=` (issue 25 item 3). */
export const diffContentRevisions = defineRoute('diffContentRevisions', ({ path, query, caller }) =>
  drafts.diffRevisions(path.id, query.from, query.to, caller),
);

/** `POST /api/v1/content-items/{id}/revisions/{revisionId}/restore` (issue 25 item 3): the revision as the draft. */
export const restoreContentRevision = defineRoute('restoreContentRevision', ({ path, body, caller }) =>
  drafts.restoreRevision(path.id, path.revisionId, body.draftVersion, caller),
);

/** `GET /api/v1/content-items/{id}/draft/preview` (issue 25 item 2): the draft as visitors would see it once published. */
export const previewContentDraft = defineRoute('previewContentDraft', ({ path, caller }) =>
  drafts.previewDraft(path.id, caller),
);
