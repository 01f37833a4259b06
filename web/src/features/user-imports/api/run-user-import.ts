import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RunUserImportRequest, UserImport } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { userImportsApiUrl } from './paths.ts';

/**
 * Imports the file's people as invitations (`POST /api/v1/user-imports`, spec §6
 * "import"): `allOrNothing` writes nothing unless every row is valid (400 with every
 * bad row otherwise); `validRowsOnly` skips and reports the bad rows. Answers the
 * stored import with every row's outcome. Throws `ApiError` (400, 403, 404).
 */
export function runUserImport(request: RunUserImportRequest) {
  return apiPost(userImportsApiUrl('runUserImport'), request, UserImport);
}

/** The import as a mutation; the panel shows 400, 403 and 404 itself. The history goes stale. */
export function useRunUserImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserImport,
    meta: { handledStatuses: [400, 403, 404] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user-imports', 'list'] }),
  });
}
