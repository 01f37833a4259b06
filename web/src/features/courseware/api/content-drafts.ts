import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ContentDraft,
  DiscardedDraft,
  type PublishContentDraftRequest,
  PublishedContent,
  type PutContentDraftRequest,
  RevisionDiff,
  RevisionPage,
} from '#shared/contracts/content-draft';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * Drafts, publishing and revisions of a content item as the SPA calls them (issue 25
 * items 2–3; decision records 064 and 065). Every function throws `ApiError`: 401/403
 * without `updateContent`, 404 for an item (or revision) that does not exist, 409 for
 * a stale `draftVersion` or item version (nothing written: the caller keeps its text).
 */

/** `GET …/draft`: the item's stored draft, or null when it has none (404). */
export async function getContentDraft(id: string, { signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiGet(coursewareApiUrl('getContentDraft', { id }), ContentDraft, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Query options of {@link getContentDraft}; key `['content', 'draft', id]`, never cached stale across editors. */
export function contentDraftQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['content', 'draft', id],
    queryFn: ({ signal }) => getContentDraft(id, { signal }),
    staleTime: 0,
  });
}

/** `PUT …/draft` (autosave): creates the draft (no `draftVersion`) or replaces the one at `draftVersion`. */
export function putContentDraft(id: string, body: PutContentDraftRequest) {
  return apiPut(coursewareApiUrl('putContentDraft', { id }), body, ContentDraft);
}

/** `DELETE …/draft?draftVersion=`: discards the draft; the published item is unchanged. */
export function discardContentDraft(id: string, draftVersion: number) {
  return apiDelete(coursewareApiUrl('discardContentDraft', { id }, { draftVersion }), DiscardedDraft);
}

/** `POST …/draft/publish`: applies the draft in one transaction, stores a revision (with `note`), deletes the draft. */
export function publishContentDraft(id: string, body: PublishContentDraftRequest) {
  return apiPost(coursewareApiUrl('publishContentDraft', { id }), body, PublishedContent);
}

/** `POST …/revisions/{revisionId}/restore`: the revision becomes the item's draft (replacing the one at `draftVersion`). */
export function restoreContentRevision(id: string, revisionId: string, draftVersion?: number) {
  return apiPost(
    coursewareApiUrl('restoreContentRevision', { id, revisionId }),
    draftVersion === undefined ? {} : { draftVersion },
    ContentDraft,
  );
}

/** The item's revisions, newest first, a page at a time (`GET …/revisions`). */
export function useContentRevisions(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['content', 'revisions', id],
    queryFn: ({ pageParam, signal }) =>
      apiGet(coursewareApiUrl('listContentRevisions', { id }, { pageToken: pageParam }), RevisionPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextPageToken ?? undefined,
    enabled,
  });
}

/** The readable diff of two revisions of the item (`GET …/revision-diff?from=&to=`), when both are chosen. */
export function useRevisionDiff(id: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['content', 'revision-diff', id, from, to],
    queryFn: ({ signal }) =>
      apiGet(coursewareApiUrl('diffContentRevisions', { id }, { from: from ?? '', to: to ?? '' }), RevisionDiff, {
        signal,
      }),
    enabled: from !== null && to !== null && from !== to,
  });
}
