import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileStatusBody } from '#shared/contracts/file';
import { TIMING } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadsApiUrl } from './paths.ts';

/**
 * A file's status and name (`GET /api/v1/files/{id}`, spec §7 "Get a file by id");
 * for a bundle also its zipping `progress` while Pending and the `reason` once Failed.
 * Throws `ApiError` (404 when the file is gone or is someone else's bundle).
 */
export function getFileStatus(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(downloadsApiUrl('getFile', { id }), FileStatusBody, { signal });
}

/**
 * Polls a bundle every {@link TIMING.bundlePollMs} (spec §9, 5000 ms) while it is
 * Pending and stops once it is Ready or Failed. Polling lasts as long as a component
 * watches: leaving the page stops it.
 */
export function getBundleStatusQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['files', 'status', id],
    queryFn: ({ signal }) => getFileStatus(id, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'Pending' ? TIMING.bundlePollMs : false),
    refetchIntervalInBackground: true,
    // The bundle request's answer is the first status: the next one is due an interval later.
    staleTime: TIMING.bundlePollMs,
    gcTime: 0,
  });
}

/**
 * The status of the bundle `id` (null: none yet), polled as
 * {@link getBundleStatusQueryOptions} says; `initial` is the answer of the bundle
 * request, so the first GET comes one interval after it.
 */
export function useBundleStatus({ id, initial }: { id: string | null; initial?: FileStatusBody | undefined }) {
  return useQuery({
    ...getBundleStatusQueryOptions(id ?? ''),
    enabled: id !== null,
    ...(initial ? { initialData: initial, initialDataUpdatedAt: Date.now() } : {}),
  });
}
