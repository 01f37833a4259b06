import * as z from 'zod';
import { CONTENT_CATEGORIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '../enums.ts';
import { LIMITS, PAGE } from '../limits.ts';
import { EntityId, PageToken } from './common.ts';
import { ContentSummary } from './content.ts';
import { KnowledgeId } from './knowledge.ts';
import { WorkRoleId } from './work-role-id.ts';

/**
 * Courseware search (spec §2.5, §3 "Search filter", §5 search text limits, §7
 * "Search content", §9). Decision record 014 gives the semantics: within one
 * filter the chosen values are alternatives (any of them), different filters all
 * apply; text matches every word (typo-tolerant, the last word also as a prefix).
 */

/** The message of search text shorter than two characters (spec §5). */
export const SEARCH_MIN_CHARS_MESSAGE = 'Please enter at least two characters.';
/** The message of search text longer than 256 characters (spec §5, §9). */
export const SEARCH_MAX_CHARS_MESSAGE = `Please enter at most ${LIMITS.searchMaxChars} characters.`;

/**
 * Search text as typed: trimmed; empty means "no text" (filters only). Non-empty
 * text needs 2 to 256 characters (spec §5 "Search needs at least two characters").
 */
export const SearchText = z
  .string()
  .max(LIMITS.searchMaxChars * 4, SEARCH_MAX_CHARS_MESSAGE)
  .transform((raw) => raw.trim())
  .refine((text) => text.length === 0 || text.length >= LIMITS.searchMinChars, SEARCH_MIN_CHARS_MESSAGE)
  .refine((text) => text.length <= LIMITS.searchMaxChars, SEARCH_MAX_CHARS_MESSAGE);

function values<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .max(LIMITS.searchFilterMaxValues, `Choose at most ${LIMITS.searchFilterMaxValues} values.`)
    .default([]);
}

/** A tag as a filter value: 1 to 50 characters (spec §5 "each max 50"). */
const FilterTag = z
  .string()
  .trim()
  .min(1, 'Is required.')
  .max(LIMITS.tagMaxChars, `Must be at most ${LIMITS.tagMaxChars} characters.`);

/**
 * The search filter of spec §3, field for field. Every list is optional (empty
 * means "any"); `nextPageToken` continues a previous search with the same text and
 * filter.
 */
export const SearchFilter = z
  .object({
    educationLevels: values(z.enum(EDUCATION_LEVELS)),
    experienceLevels: values(z.enum(EXPERIENCE_LEVELS)),
    contentCategories: values(z.enum(CONTENT_CATEGORIES)),
    ksaIds: values(KnowledgeId),
    kuIds: values(KnowledgeId),
    tksIds: values(KnowledgeId),
    contributorIds: values(EntityId),
    newOrUpdatedContent: z.boolean().default(false),
    tags: values(FilterTag),
    /**
     * One NICE work role (issue 27 item 1; decision record 079): only items mapped to at
     * least one of its statements (KSA for a 2017 role, TKS for a v2.1.0 role), ranked by
     * how many of them each covers (`relevance`, the default order while it is set).
     */
    workRole: WorkRoleId.optional(),
    nextPageToken: PageToken.optional(),
  })
  .meta({ id: 'SearchFilter' });
export type SearchFilter = z.infer<typeof SearchFilter>;
export type SearchFilterInput = z.input<typeof SearchFilter>;

/** The list-valued filters, in the order the SPA shows them; each has facet counts. */
export const SEARCH_FACETS = [
  'contentCategories',
  'educationLevels',
  'experienceLevels',
  'tags',
  'contributorIds',
  'ksaIds',
  'kuIds',
  'tksIds',
] as const;
export type SearchFacetName = (typeof SEARCH_FACETS)[number];

/**
 * The orders of search results (issue 24 item 3, decision record 052): `relevance`
 * (best match first; only with text, and the default with text), `newest` (created
 * most recently first), `updated` (modified most recently first; the default without
 * text, spec §2.5), `downloads` (most downloaded first), `name` (A to Z), `rating`
 * (highest average rating first, then most ratings; unrated last; issue 26 item 3). Ties are
 * broken by id, so every order is total and pages are stable.
 */
export const SEARCH_SORTS = ['relevance', 'newest', 'updated', 'downloads', 'name', 'rating'] as const;
export const SearchSort = z.enum(SEARCH_SORTS).meta({ id: 'SearchSort' });
export type SearchSort = z.infer<typeof SearchSort>;

/**
 * The order a search is answered in: `sort` when given, except `relevance`
 * without text (nothing to rank by), which is `updated`; without `sort`,
 * `relevance` with text and `updated` without (decision record 052). A work-role
 * filter ranks like text does (`relevance` is the share of the role's statements an
 * item covers; decision record 079), so `workRole` counts as something to rank by.
 */
export function effectiveSearchSort(
  text: string,
  sort: SearchSort | undefined,
  workRole?: string | undefined,
): SearchSort {
  if (text.trim() === '' && !workRole) return sort === undefined || sort === 'relevance' ? 'updated' : sort;
  return sort ?? 'relevance';
}

/** The highest page number a search request may ask for (`page`); offsets stay below 10,000,000. */
export const SEARCH_MAX_PAGE = 30_000;

/** The message of a request with both `page` and `filter.nextPageToken`. */
export const SEARCH_PAGE_AND_TOKEN_MESSAGE = 'Give either page or filter.nextPageToken, not both.';

/**
 * `POST /api/v1/search/content` body (spec §7 "Search content: text, filter and next
 * page token"; issue 24 items 3 and 4). `sort` (optional) chooses the order
 * ({@link effectiveSearchSort}); `page` (optional, 1-based) asks for page `page` of
 * `limit` results directly, for numbered pages (decision record 053); without it,
 * `filter.nextPageToken` continues a search and its absence means page 1.
 */
// Marked pure: the SPA imports this module for the answer's schema and never builds a request
// with it at run time, so the bundler leaves the request schema out of the first render (decision record 053).
export const SearchContentRequest = /* @__PURE__ */ z
  .object({
    text: SearchText.default(''),
    filter: SearchFilter.default(SearchFilter.parse({})),
    limit: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(PAGE.searchMax, `Must be at most ${PAGE.searchMax}.`)
      .default(PAGE.listPageSize),
    sort: SearchSort.optional(),
    page: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(SEARCH_MAX_PAGE, `Must be at most ${SEARCH_MAX_PAGE}.`)
      .optional(),
  })
  .superRefine((request, context) => {
    if (request.page !== undefined && request.filter.nextPageToken !== undefined) {
      context.addIssue({ code: 'custom', path: ['page'], message: SEARCH_PAGE_AND_TOKEN_MESSAGE });
    }
  })
  .meta({ id: 'SearchContentRequest' });
export type SearchContentRequest = z.infer<typeof SearchContentRequest>;
export type SearchContentRequestInput = z.input<typeof SearchContentRequest>;

/** How many results one value of a filter would give (over the current result, decision record 014). */
export const FacetCount = z.object({ value: z.string(), count: z.number().int().min(1) }).meta({ id: 'FacetCount' });
export type FacetCount = z.infer<typeof FacetCount>;

/**
 * Facet counts over the current result: for each list filter, every value that
 * would give at least one item, with how many items the search would give if that
 * value were chosen too (counted with every other filter applied and this filter's
 * own choice left out, so alternatives stay visible). Sorted by count, then value.
 * `newOrUpdatedContent` is how many items the search gives with that filter on.
 */
export const SearchFacets = z
  .object({
    contentCategories: z.array(FacetCount),
    educationLevels: z.array(FacetCount),
    experienceLevels: z.array(FacetCount),
    tags: z.array(FacetCount),
    contributorIds: z.array(FacetCount),
    ksaIds: z.array(FacetCount),
    kuIds: z.array(FacetCount),
    tksIds: z.array(FacetCount),
    newOrUpdatedContent: z.number().int().min(0),
  })
  .meta({ id: 'SearchFacets' });
export type SearchFacets = z.infer<typeof SearchFacets>;

/** Facets of an empty result: no values, no new or updated items. */
export const NO_SEARCH_FACETS: SearchFacets = Object.freeze({
  contentCategories: [],
  educationLevels: [],
  experienceLevels: [],
  tags: [],
  contributorIds: [],
  ksaIds: [],
  kuIds: [],
  tksIds: [],
  newOrUpdatedContent: 0,
});

/**
 * A page of search results (spec §3 "A page of results has items and
 * nextPageToken"): the condensed content of each hit in the order of the
 * request's sort ({@link effectiveSearchSort}: by default best first when there is
 * text, else most recently modified first). `summary` is cut to the first
 * {@link LIMITS.searchSummaryMaxChars} characters of the plain-text description.
 * `total` counts every hit of the search; `facets` describes all of them, not only
 * this page.
 */
export const SearchContentPage = z
  .object({
    items: z.array(ContentSummary),
    nextPageToken: PageToken.nullable(),
    total: z.number().int().min(0),
    facets: SearchFacets,
    /**
     * The knowledge filter values the NICE crosswalk expanded (issue 27 item 5; decision
     * record 079): the `ksaIds` value `id` also found items mapped to the TKS `twinId`,
     * and back. Absent when none was.
     */
    expansions: z
      .array(z.object({ facet: z.enum(['ksaIds', 'tksIds']), id: KnowledgeId, twinId: KnowledgeId }))
      .optional(),
  })
  .meta({ id: 'SearchContentPage' });
export type SearchContentPage = z.infer<typeof SearchContentPage>;
