import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type BusinessUnitCategory, BusinessUnitPage } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { businessUnitsApiUrl } from './paths.ts';

/** The business units queries' key prefix; every change invalidates through it. */
export const businessUnitsQueryKey = ['business-units'] as const;

/** The filters of the Organizations tab: `q` (used from 2 characters), category and state (two letters). */
export interface BusinessUnitFilters {
  readonly q?: string;
  readonly category?: BusinessUnitCategory;
  readonly state?: string;
}

const PER_PAGE = 50;

/**
 * One page of business units in name order (`GET /api/v1/business-units?q=&category=&state=`,
 * issue 11; merged units are never listed). Throws `ApiError`.
 */
export function listBusinessUnits(
  { q, category, state, pageToken }: BusinessUnitFilters & { pageToken?: string | null },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    businessUnitsApiUrl('listBusinessUnits', {}, { q, category, state, limit: PER_PAGE, pageToken }),
    BusinessUnitPage,
    {
      signal,
    },
  );
}

export function listBusinessUnitsQueryOptions(filters: BusinessUnitFilters) {
  return infiniteQueryOptions({
    queryKey: [...businessUnitsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => listBusinessUnits({ ...filters, pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The business units matching the filters, a page at a time; the previous list stays while new filters load. */
export function useBusinessUnits(filters: BusinessUnitFilters) {
  return useInfiniteQuery({ ...listBusinessUnitsQueryOptions(filters), placeholderData: (previous) => previous });
}
