import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { listStatuses } from '../../domain/visibility.ts';
import { snapshotSearch } from '../../search/snapshot-search.ts';
import { defineRoute } from './define-route.ts';
import { decodeSearchPageToken, encodeSearchPageToken } from './search-page-token.ts';

/**
 * `POST /api/v1/search/content` (spec §2.5, §3 "Search filter", §7 "Search content";
 * decision record 014): text and filters in, one page of condensed content with the
 * total and the facet counts out. Visitors find published content; a caller who may
 * update content also finds unlisted and unpublished content (`listStatuses`,
 * decision record 008); archived content is never found. `filter.nextPageToken`
 * continues a search; it is null on the last page.
 */
export const searchContent = defineRoute('searchContent', async ({ body, caller }) => {
  const { nextPageToken, ...filter } = body.filter;
  const offset = decodeSearchPageToken(nextPageToken);
  const result = await snapshotSearch.search({
    text: body.text,
    filter,
    statuses: listStatuses(caller?.principal ?? null),
    offset,
    limit: body.limit,
    newOrUpdatedSince: newOrUpdatedCutoff(new Date()),
  });
  const end = offset + result.items.length;
  return {
    items: [...result.items],
    nextPageToken: result.items.length > 0 && end < result.total ? encodeSearchPageToken(end) : null,
    total: result.total,
    facets: result.facets,
  };
});
