import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileAccess } from '#shared/contracts/download';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadsApiUrl } from './paths.ts';

/**
 * What the signed-in caller may download on this brand (`GET /api/v1/file-access`,
 * spec §1, §6 "View files", "View lesson files"): `{ courseware, lesson, reason }`,
 * `reason` saying why courseware files are refused (null when they are not).
 * Throws `ApiError` (401 for a visitor).
 */
export function getFileAccess({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(downloadsApiUrl('getFileAccess'), FileAccess, { signal });
}

/** Keyed by the user, so another sign-in asks again. */
export function getFileAccessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['files', 'access', userId],
    queryFn: ({ signal }) => getFileAccess({ signal }),
  });
}

/** The caller's file access; asks nothing until `userId` is known (visitors have none to ask about). */
export function useFileAccess({ userId }: { userId: string | null }) {
  return useQuery({ ...getFileAccessQueryOptions(userId ?? ''), enabled: userId !== null });
}
