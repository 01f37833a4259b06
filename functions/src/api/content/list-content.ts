import { listContentByStatus } from '../../data/content.ts';
import { toContent, toContentSummary } from '../../data/items.ts';
import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { PUBLIC_LIST_STATUS } from '../../domain/visibility.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/** `GET /api/v1/content` (spec §7 "Get content list"): visitors get published content, newest change first. */
export const listContent = defineRoute('listContent', async ({ query, caller }) => {
  if (query.archived) {
    if (!caller) throw new UnauthorizedError('Sign in to list archived content.');
    // Deny until the capability module (spec §6 viewArchivedContent) can say yes.
    throw new ForbiddenError('Listing archived content needs the viewArchivedContent capability.');
  }
  const page = await listContentByStatus({
    status: PUBLIC_LIST_STATUS,
    limit: query.limit,
    pageToken: query.pageToken,
    modifiedSince: query.newOrUpdated ? newOrUpdatedCutoff(new Date()) : undefined,
  });
  return {
    items: query.condense ? page.items.map(toContentSummary) : page.items.map(toContent),
    nextPageToken: page.nextPageToken,
  };
});
