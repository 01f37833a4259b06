import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeletedPersonalData, PersonalData } from '#shared/contracts/personal-data';
import { apiDelete, apiGet } from '../../../lib/api-client.ts';
import { saveTextFile } from '../../../lib/save-file.ts';
import { privacyApiUrl } from './paths.ts';

/** Every query of personal data starts with this key; a deletion invalidates it all. */
export const PERSONAL_DATA_KEY = ['personal-data'] as const;

/** The caller's personal data (`GET /api/v1/personal-data`; issue 26 item 5). Throws `ApiError`. */
export function useOwnPersonalData() {
  return useQuery(
    queryOptions({
      queryKey: [...PERSONAL_DATA_KEY, 'own'],
      queryFn: ({ signal }) => apiGet(privacyApiUrl('exportPersonalData'), PersonalData, { signal }),
    }),
  );
}

/** One user's personal data for an administrator (`GET /api/v1/users/{id}/personal-data`). Throws `ApiError`. */
export function useUserPersonalData(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...PERSONAL_DATA_KEY, 'user', userId],
      queryFn: ({ signal }) => apiGet(privacyApiUrl('getUserPersonalData', { id: userId }), PersonalData, { signal }),
    }),
  );
}

/** What a deletion removes: every review (`DELETE /api/v1/personal-data/reviews`) or every collection. */
export type PersonalDataPart = 'reviews' | 'collections';

/**
 * Deletes every review or every collection of the caller; answers how many went. Every
 * cached query is stale after it (the export, the items' ratings, the collections).
 */
export function useDeletePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (part: PersonalDataPart) =>
      apiDelete(
        privacyApiUrl(part === 'reviews' ? 'deletePersonalReviews' : 'deletePersonalCollections'),
        DeletedPersonalData,
      ),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** The file name of an export: `portal-personal-data-<who>-<YYYY-MM-DD>.json` (the export's own date). */
export function personalDataFileName(data: PersonalData): string {
  const who = data.account.displayName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `portal-personal-data-${who || data.account.id.toLowerCase()}-${data.exportedTimestamp.slice(0, 10)}.json`;
}

/** Saves an export as an indented JSON file in the browser. */
export function savePersonalData(data: PersonalData): void {
  saveTextFile(`${JSON.stringify(data, null, 2)}\n`, personalDataFileName(data), 'application/json');
}
