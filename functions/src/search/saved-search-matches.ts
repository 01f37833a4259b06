import type { ContentSummary } from '#shared/contracts/content';
import type { SavedSearchQuery } from '#shared/contracts/saved-search';
import type { CatalogIndex, SearchQuery } from './port.ts';

/**
 * New items of a saved search (issue 24 item 8; decision record 061), answered by the
 * search index itself so that a saved search matches exactly what the search finds:
 * the saved text and filter, published items only, with the index's own "new or
 * updated" filter set to the instant after `since`.
 */

/** The new items of one saved search: the newest first (at most `limit`), how many there are, the newest one's time. */
export interface NewMatches {
  readonly items: readonly ContentSummary[];
  readonly total: number;
  /** `modifiedTimestamp` of the newest new item (ISO), or null when there is none. */
  readonly newest: string | null;
}

/**
 * A saved search's knowledge filters resolved against the stored NICE data (decision
 * record 079): the work role's statements and the crosswalk twins, as the search route
 * resolves them (`resolveKnowledgeFilter`).
 */
export type ResolvedKnowledge = Pick<SearchQuery, 'workRoleStatements' | 'knowledgeTwins'>;

/**
 * The published items that match `query` and were published or updated strictly
 * after `since` (ISO instant), most recently updated first: the first `limit` and the
 * total. A saved search that itself asks for "new or updated" keeps the index's
 * 90-day window (`newOrUpdatedCutoff`, passed as `windowStart`) when that is later.
 * `knowledge` narrows by the saved work role and widens the KSA/TKS filters by the
 * crosswalk exactly as the search does (issue 27 items 1 and 5).
 * @throws Error when `since` is not an ISO instant.
 */
export function newMatchesOf(
  index: CatalogIndex,
  query: SavedSearchQuery,
  since: string,
  options: { readonly limit: number; readonly windowStart: string },
  knowledge: ResolvedKnowledge = {},
): NewMatches {
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) throw new Error(`since "${since}" is not an ISO instant.`);
  const after = new Date(sinceMs + 1).toISOString();
  const cutoff = query.filter.newOrUpdatedContent && options.windowStart > after ? options.windowStart : after;
  const result = index.search({
    text: query.text,
    filter: { ...query.filter, newOrUpdatedContent: true },
    statuses: ['published'],
    sort: 'updated',
    offset: 0,
    limit: Math.max(options.limit, 1),
    newOrUpdatedSince: cutoff,
    ...knowledge,
  });
  const items = result.items.slice(0, options.limit);
  return { items, total: result.total, newest: result.items[0]?.modifiedTimestamp ?? null };
}
