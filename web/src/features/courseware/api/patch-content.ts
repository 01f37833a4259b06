import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { Content, type ContentDetail, type PatchContentRequest } from '#shared/contracts/content';
import { apiPatch } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/** What an editor sends: some fields and the `version` they were based on. */
export type PatchContentInput = z.input<typeof PatchContentRequest>;

/**
 * Changes some fields of a content item (`PATCH /api/v1/content-items/{id}`, decision
 * record 015): edit, archive (`status: 'archived'`) or restore (`'unpublished'`).
 * Answers the saved `Content` at its new version. Throws `ApiError`: 400 with field
 * messages, 409 `CONTENT_STALE_MESSAGE` when `version` is not the stored one.
 */
export function patchContent({ id, body }: { id: string; body: PatchContentInput }) {
  return apiPatch(coursewareApiUrl('patchContent', { id }), body, Content);
}

/**
 * Puts `saved` into every cached detail of that item (it may be cached under its id
 * and under its alias) and marks the lists, searches and its parent's children stale.
 */
export function storeSavedContent(queryClient: QueryClient, saved: Content): void {
  queryClient.setQueriesData<ContentDetail>({ queryKey: ['content', 'detail'] }, (old) =>
    old && old.content.id === saved.id ? { ...old, content: saved } : old,
  );
  invalidateContentLists(queryClient, saved.parentId);
}

/** Marks stale what lists content: the lists, the searches, the admin table and a parent's children. */
export function invalidateContentLists(queryClient: QueryClient, parentId: string | null): void {
  for (const kind of ['list', 'search', 'all'] as const) {
    void queryClient.invalidateQueries({ queryKey: ['content', kind] });
  }
  if (parentId) void queryClient.invalidateQueries({ queryKey: ['content', 'children', parentId] });
}

/**
 * The PATCH as a mutation that stores the saved item in the cache. 400 and 409 are
 * the caller's to show (under the fields, or with a Reload offer), not the ERROR dialog's.
 */
export function usePatchContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchContent,
    meta: { handledStatuses: [400, 409] },
    onSuccess: (saved) => storeSavedContent(queryClient, saved),
  });
}
