import { effectiveSearchSort } from '#shared/contracts/search';
import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { listStatuses } from '../../domain/visibility.ts';
import { snapshotSearch } from '../../search/snapshot-search.ts';
import { resolveKnowledgeFilter } from '../../search/work-role-filter.ts';
import { defineRoute } from './define-route.ts';
import { decodeSearchPageCursor, encodeSearchPageToken, invalidSearchPageToken } from './search-page-token.ts';

/**
 * `POST /api/v1/search/content` (spec §2.5, §3 "Search filter", §7 "Search content";
 * decision records 014, 052, 053): text and filters in, one page of condensed content
 * with the total and the facet counts out. Visitors find published content; a caller
 * who may update content also finds unlisted and unpublished content (`listStatuses`,
 * decision record 008); archived content is never found. `sort` orders the hits
 * (`effectiveSearchSort`); `page` asks for a numbered page of `limit` hits;
 * `filter.nextPageToken` continues a search in the order it was made for (a token of
 * another order is a 400) and is null on the last page. `filter.workRole` is resolved to
 * the role's statements (a 400 for an unknown role; decision record 079).
 */
export const searchContent = defineRoute('searchContent', async ({ body, caller }) => {
  const { nextPageToken, ...filter } = body.filter;
  const sort = effectiveSearchSort(body.text, body.sort, filter.workRole);
  // A token names its order unless it is the default one (so tokens of the default order are as before).
  const defaultSort = effectiveSearchSort(body.text, undefined, filter.workRole);
  const { expansions, ...knowledge } = await resolveKnowledgeFilter(filter);
  const cursor = decodeSearchPageCursor(nextPageToken);
  if (nextPageToken !== undefined && (cursor.sort ?? defaultSort) !== sort) throw invalidSearchPageToken();
  const offset = body.page === undefined ? cursor.offset : (body.page - 1) * body.limit;
  const result = await snapshotSearch.search({
    text: body.text,
    filter,
    ...knowledge,
    statuses: listStatuses(caller?.principal ?? null),
    sort,
    offset,
    limit: body.limit,
    newOrUpdatedSince: newOrUpdatedCutoff(new Date()),
  });
  const end = offset + result.items.length;
  return {
    items: [...result.items],
    nextPageToken:
      result.items.length > 0 && end < result.total
        ? encodeSearchPageToken(end, sort === defaultSort ? undefined : sort)
        : null,
    total: result.total,
    facets: result.facets,
    ...(expansions.length > 0 ? { expansions: [...expansions] } : {}),
  };
});
