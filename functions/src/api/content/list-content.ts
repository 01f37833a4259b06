import { decideAccess } from '#shared/capabilities';
import { listContentByStatus } from '../../data/content.ts';
import { toContent, toContentSummary } from '../../data/items.ts';
import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { ARCHIVED_STATUS, listStatuses } from '../../domain/visibility.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content` (spec §7 "Get content list"): newest change first within each
 * status. Visitors get published content; a caller who may update content also gets
 * unlisted and unpublished content (their partitions are read one after the other,
 * and the page token resumes in the partition it names). `archived=true` lists
 * archived content and needs `viewArchivedContent` (401 without a valid login, 403
 * without the capability: the list as such is no secret).
 */
export const listContent = defineRoute('listContent', async ({ query, caller }) => {
  const viewer = caller?.principal ?? null;
  if (query.archived) {
    const decision = decideAccess(viewer, 'viewArchivedContent');
    if (decision === 'unauthenticated') throw new UnauthorizedError('Sign in to list archived content.');
    if (decision === 'forbidden') throw new ForbiddenError(FORBIDDEN_MESSAGE);
  }
  const page = await listContentByStatus({
    statuses: query.archived ? [ARCHIVED_STATUS] : listStatuses(viewer),
    limit: query.limit,
    pageToken: query.pageToken,
    modifiedSince: query.newOrUpdated ? newOrUpdatedCutoff(new Date()) : undefined,
  });
  return {
    items: query.condense ? page.items.map(toContentSummary) : page.items.map(toContent),
    nextPageToken: page.nextPageToken,
  };
});
