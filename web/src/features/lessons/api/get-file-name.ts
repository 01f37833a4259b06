import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileStatusBody } from '#shared/contracts/file';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { endsSession } from '../../../lib/error-store.ts';
import { lessonsApiUrl } from './paths.ts';

/**
 * The name of a file (`GET /api/v1/files/{id}`, spec §7 "Get a file by id. Returns
 * status and name."), or null when the API will not say (a missing file): a name is
 * a nicety of the lesson list, not worth an ERROR dialog. Answers that end the
 * session still throw.
 */
export async function getFileName(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  try {
    const file = await apiGet(lessonsApiUrl('getFile', { id }), FileStatusBody, { signal });
    return file.name;
  } catch (error) {
    if (error instanceof ApiError && !endsSession(error)) return null;
    throw error;
  }
}

export function getFileNameQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['files', 'name', id],
    queryFn: ({ signal }) => getFileName(id, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFileName({ id, enabled = true }: { id: string; enabled?: boolean }) {
  return useQuery({ ...getFileNameQueryOptions(id), enabled });
}
