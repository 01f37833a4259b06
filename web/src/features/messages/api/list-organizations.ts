import { queryOptions } from '@tanstack/react-query';
import { OrganizationList } from '#shared/contracts/identity';
import { apiGet } from '../../../lib/api-client.ts';
import { messagesApiUrl } from './paths.ts';

/**
 * The organizations the caller belongs to, with the caller's roles in each
 * (`GET /api/v1/organizations`, spec §7 "Organizations: get all"). Throws `ApiError`
 * as `apiGet` does (401 when signed out).
 */
export function listOrganizations({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(messagesApiUrl('listOrganizations'), OrganizationList, { signal });
}

/** Query options of the signed-in user's organizations; the key holds the user. */
export function listOrganizationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['user', userId, 'organizations'],
    queryFn: async ({ signal }) => (await listOrganizations({ signal })).items,
  });
}
