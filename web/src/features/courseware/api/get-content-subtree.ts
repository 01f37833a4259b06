import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentSubtree } from '#shared/contracts/content-subtree';
import { apiGet } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * What an archive, restore or delete with descendants would touch
 * (`GET /api/v1/content-subtrees/{id}`, issue 21 item 12): the root's version, the
 * number of descendants by category, the archived ones and the files.
 */
export function getContentSubtree(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(coursewareApiUrl('getContentSubtree', { id }), ContentSubtree, { signal });
}

/** Never cached beyond the dialog: the count shown must be the one on the server now. */
export function getContentSubtreeQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['content', 'subtree', id],
    queryFn: ({ signal }) => getContentSubtree(id, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The count, fetched while `enabled` (the confirmation is open). */
export function useContentSubtree(id: string, enabled: boolean) {
  return useQuery({ ...getContentSubtreeQueryOptions(id), enabled });
}
