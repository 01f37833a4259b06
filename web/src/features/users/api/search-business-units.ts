import { queryOptions, useQuery } from '@tanstack/react-query';
import { BusinessUnitPage } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { usersApiUrl } from './paths.ts';

/**
 * Business units whose name holds `q` (`GET /api/v1/business-units?q=&limit=20`), for
 * the move picker; `q` under 2 characters lists the first units by name. Throws `ApiError`.
 */
export function searchBusinessUnits(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const query = q.trim().length >= 2 ? q.trim() : undefined;
  return apiGet(usersApiUrl('listBusinessUnits', {}, { q: query, limit: 20 }), BusinessUnitPage, { signal });
}

export function searchBusinessUnitsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['business-units', 'list', { q: q.trim(), limit: 20 }],
    queryFn: ({ signal }) => searchBusinessUnits(q, { signal }),
  });
}

/** The units matching `q`, the previous answer kept while the next loads. */
export function useBusinessUnitSearch(q: string) {
  return useQuery({ ...searchBusinessUnitsQueryOptions(q), placeholderData: (previous) => previous });
}
