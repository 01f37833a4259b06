import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CreateContentRequest, CreatedId } from '#shared/contracts/content';
import { apiPost, apiUrl } from '../../../lib/api-client.ts';
import { invalidateContentLists } from './patch-content.ts';

/** What an editor sends to create content. */
export type CreateContentInput = z.input<typeof CreateContentRequest>;

/**
 * Creates a content item (`POST /api/v1/content`, spec §7 "Create content", decision
 * record 015). Answers the new item's `{ id }`. Throws `ApiError`: 400 with field
 * messages, 409 `ALIAS_TAKEN_MESSAGE` when another item holds the URL alias.
 */
export function createContent(body: CreateContentInput) {
  return apiPost(apiUrl('createContent'), body, CreatedId);
}

/**
 * The POST as a mutation that marks the lists (and the parent's children) stale.
 * 400 and 409 are the caller's to show under the fields, not the ERROR dialog's.
 */
export function useCreateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContent,
    meta: { handledStatuses: [400, 409] },
    onSuccess: (_created, body) => invalidateContentLists(queryClient, body.parentId ?? null),
  });
}
