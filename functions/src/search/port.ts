import type { ContentSummary } from '#shared/contracts/content';
import type { SearchContentPage, SearchFilter, SearchSort } from '#shared/contracts/search';
import type { ContentStatus } from '#shared/enums';

/**
 * The search port (ARCHITECTURE.md "Search", decision record 014). The API handler
 * talks only to {@link CoursewareSearch}; the in-memory implementation answers from
 * a catalog snapshot, and a deployment that outgrows memory can put an OpenSearch
 * adapter behind the same interface.
 */

/**
 * One content item as the index receives it: its card fields (a `ContentSummary`
 * whose `summary` is the WHOLE plain-text description, cut only when stored in the
 * snapshot) plus what is searched and filtered but not shown.
 */
export interface CatalogDocument extends ContentSummary {
  /** Tags of the hidden search-tags block (spec §3, decision record 007). */
  readonly searchTags: readonly string[];
  readonly ksaIds: readonly string[];
  readonly kuIds: readonly string[];
  readonly tksIds: readonly string[];
  readonly contributorIds: readonly string[];
  /**
   * All-time downloads of the item's files when the index was built (the `content`
   * counters of the download statistics; decision record 052); absent means 0.
   */
  readonly downloads?: number;
  /**
   * The sum and count of the item's shown ratings when the index was built (issue 26
   * item 3; decision record 070); absent means none. Hits show their average and count.
   */
  readonly ratingTotals?: { readonly sum: number; readonly count: number };
}

/** What identifies one build of the catalog. */
export interface CatalogVersion {
  /** The catalog revision the snapshot was built from (see `data/catalog.ts`); 0 when none was recorded. */
  readonly revision: number;
  /** When the snapshot was built, ISO 8601. */
  readonly builtAt: string;
}

/** One search, already validated (the contract's `SearchContentRequest` plus who asks). */
export interface SearchQuery {
  /** Trimmed text, '' for none. */
  readonly text: string;
  /** The filter of spec §3; `nextPageToken` is decoded by the caller into `offset`. */
  readonly filter: Omit<SearchFilter, 'nextPageToken'>;
  /** Statuses the caller may see in lists (`listStatuses(viewer)` of domain/visibility.ts). */
  readonly statuses: readonly ContentStatus[];
  /**
   * The order of the hits (issue 24 item 3, decision record 052); absent means the
   * default of `effectiveSearchSort` (relevance with text, else `updated`).
   * `relevance` without text orders as `updated`.
   */
  readonly sort?: SearchSort | undefined;
  /** Hits to skip (0 for the first page). */
  readonly offset: number;
  /** Hits to return. */
  readonly limit: number;
  /** The "new or updated" cutoff: content modified at or after this ISO instant counts (spec §9). */
  readonly newOrUpdatedSince: string;
  /**
   * `filter.workRole` resolved (decision record 079): the facet its statements are
   * mapped under (`ksaIds` for a 2017 role, `tksIds` for v2.1.0) and their ids. Only
   * items mapped to one of them are hits; `relevance` ranks by how many each covers.
   * Absent: no work-role filter (a `filter.workRole` without it is ignored).
   */
  readonly workRoleStatements?: WorkRoleStatements | undefined;
  /**
   * The crosswalk twins of the chosen knowledge (issue 27 item 5; decision record 079):
   * `ksaIds` lists the TKS ids that also satisfy the `ksaIds` filter, `tksIds` the KSA
   * ids that also satisfy the `tksIds` filter. Absent or empty: no expansion.
   */
  readonly knowledgeTwins?: KnowledgeTwins | undefined;
}

/** The other generation's ids a knowledge filter also accepts (see {@link SearchQuery.knowledgeTwins}). */
export interface KnowledgeTwins {
  readonly ksaIds: readonly string[];
  readonly tksIds: readonly string[];
}

/** The statements of a work-role filter: the facet they are mapped under and their ids. */
export interface WorkRoleStatements {
  readonly facet: 'ksaIds' | 'tksIds';
  readonly ids: readonly string[];
}

/**
 * The filter that filters nothing: every list empty, `newOrUpdatedContent` off (the
 * contract's defaults). Frozen; spread it to build a filter.
 */
export const NO_SEARCH_FILTER: Readonly<SearchQuery['filter']> = Object.freeze({
  educationLevels: [],
  experienceLevels: [],
  contentCategories: [],
  ksaIds: [],
  kuIds: [],
  tksIds: [],
  contributorIds: [],
  newOrUpdatedContent: false,
  tags: [],
});

/** The answer of an index: one page of hits, the total and the facet counts. */
export interface SearchResult {
  readonly items: readonly ContentSummary[];
  /** All hits of the search, over every page. */
  readonly total: number;
  readonly facets: SearchContentPage['facets'];
}

/** An index that answers searches synchronously from memory. */
export interface CatalogIndex {
  readonly version: CatalogVersion;
  /** Documents in the index (all statuses). */
  readonly size: number;
  search(query: SearchQuery): SearchResult;
}

/** The port the `searchContent` handler uses. */
export interface CoursewareSearch {
  search(query: SearchQuery): Promise<SearchResult>;
}
