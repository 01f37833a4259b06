import { queryOptions, useQuery } from '@tanstack/react-query';
import { Coverage } from '#shared/contracts/coverage';
import { apiGet } from '../../../lib/api-client.ts';
import { caeCoverageApiUrl } from './paths.ts';

/*
 * The coverage reports (issue 27 items 2 and 3; `#shared/contracts/coverage`, decision
 * records 080 and 081), addressed through the SPA's path table.
 */

/** `GET /api/v1/content-coverage/{idOrAlias+}`: an item with its descendants the caller may read. */
export function contentCoverageUrl(idOrAlias: string): string {
  return caeCoverageApiUrl('getContentCoverageReport', { idOrAlias });
}

/** `GET /api/v1/collections/{id}/coverage-report`: a collection's available entries. */
export function collectionCoverageUrl(id: string): string {
  return caeCoverageApiUrl('getCollectionCoverageReport', { id });
}

/** `GET /api/v1/collections/{id}/cae-worksheet`: the CAE mapping worksheet (xlsx) of a collection. */
export function caeWorksheetUrl(id: string): string {
  return caeCoverageApiUrl('getCollectionCaeWorksheet', { id });
}

/** What a coverage screen is of. */
export type CoverageTarget =
  | { readonly kind: 'content'; readonly idOrAlias: string }
  | { readonly kind: 'collection'; readonly id: string };

/** Query options of a coverage report: key `['coverage', kind, id]`, parsed with the `Coverage` contract. */
export function coverageQueryOptions(target: CoverageTarget) {
  const key = target.kind === 'content' ? target.idOrAlias.toLowerCase() : target.id;
  const url = target.kind === 'content' ? contentCoverageUrl(target.idOrAlias) : collectionCoverageUrl(target.id);
  return queryOptions({
    queryKey: ['coverage', target.kind, key],
    queryFn: ({ signal }) => apiGet(url, Coverage, { signal }),
    staleTime: 60_000,
  });
}

/** The coverage report of `target`. */
export function useCoverage(target: CoverageTarget) {
  return useQuery(coverageQueryOptions(target));
}
