import { EntityId } from '#shared/contracts/common';
import { KnowledgeId } from '#shared/contracts/knowledge';
import {
  effectiveSearchSort,
  SEARCH_MAX_PAGE,
  SEARCH_SORTS,
  type SearchContentRequest,
  type SearchSort,
  SearchText,
} from '#shared/contracts/search';
import { WorkRoleId } from '#shared/contracts/work-role-id';
import {
  CONTENT_CATEGORIES,
  type ContentCategory,
  EDUCATION_LEVELS,
  type EducationLevel,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
} from '#shared/enums';
import { LIMITS, PAGE } from '#shared/limits';

/**
 * The courseware search state mirrored into the query string (spec §2.5). Arrays
 * are repeated parameters (`?cat=lesson&cat=module`). Shared by the SPA's `/courseware`
 * and the html group, which renders a search address's first page of results into the
 * first HTML with the same request body, so the SPA finds it in its cache (issue 22
 * item 2; decision record 043).
 */
export interface CoursewareSearch {
  readonly q: string;
  readonly edu: readonly string[];
  readonly exp: readonly string[];
  readonly cat: readonly string[];
  readonly ksas: readonly string[];
  readonly kus: readonly string[];
  readonly tkss: readonly string[];
  readonly cid: readonly string[];
  /** New or updated only. */
  readonly new: boolean;
  readonly tag: readonly string[];
  /** One NICE work role id (`workRole=DD-WRL-001`; issue 27 item 1), '' or absent for none. */
  readonly workRole?: string;
}

/** The address parameter of the work-role filter (decision record 079). */
export const WORK_ROLE_PARAM = 'workRole';

/** The list-valued parameters, in the order they are written to the address. */
export const ARRAY_KEYS = ['edu', 'exp', 'cat', 'ksas', 'kus', 'tkss', 'cid', 'tag'] as const;
export type ArrayKey = (typeof ARRAY_KEYS)[number];

/** The 1-based page of results in the address (issue 21 item 28); absent on page 1. */
export const PAGE_PARAM = 'page';

/**
 * The highest page an address may ask for. Numbered pages are asked for by number
 * (decision record 053), so this is the API's own limit (decision record 035 capped
 * it at 50 while reaching page N walked N − 1 requests).
 */
export const MAX_ADDRESS_PAGE = SEARCH_MAX_PAGE;

/**
 * The order of the results in the address (issue 24 item 3): one of `SEARCH_SORTS`;
 * absent means the default for the text (relevance with text, else recently updated).
 * It is not part of the search: a new search keeps it.
 */
export const SORT_PARAM = 'sort';

/** Results per page in the address (issue 24 item 4); absent means the first choice. Kept by a new search. */
export const PER_PAGE_PARAM = 'per';

/** The results-per-page choices; the first is the default (`PAGE.listPageSize`). */
export const PER_PAGE_CHOICES = [PAGE.listPageSize, 25, 50] as const;

/** How the address asks to see a search's results (issue 24 items 3 and 4). */
export interface SearchView {
  /** 1-based page ({@link parseSearchPage}). */
  readonly page: number;
  /** One of {@link PER_PAGE_CHOICES}. */
  readonly perPage: number;
  /** The order asked for; undefined for the default. */
  readonly sort: SearchSort | undefined;
}

/**
 * The page, results per page and order of the address: a `per` that is not one of
 * {@link PER_PAGE_CHOICES} and a `sort` that is not one of `SEARCH_SORTS` are the
 * defaults (an address may be edited by hand).
 */
export function parseSearchView(params: URLSearchParams): SearchView {
  const per = Number(params.get(PER_PAGE_PARAM) ?? '');
  const sort = params.get(SORT_PARAM) ?? '';
  return {
    page: parseSearchPage(params),
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(per) ? per : PAGE.listPageSize,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : undefined,
  };
}

/**
 * Every parameter of the search (spec §2.5) and its page; the others in the address
 * are left alone. Writing a new search drops the page (back to page 1).
 */
export const SEARCH_KEYS = ['q', ...ARRAY_KEYS, 'new', WORK_ROLE_PARAM, PAGE_PARAM] as const;

/**
 * The page of results the address asks for (`page`, 1-based): a whole number, at
 * most {@link MAX_ADDRESS_PAGE}; anything else (missing, 0, hand-edited) is page 1.
 */
export function parseSearchPage(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM) ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), MAX_ADDRESS_PAGE);
}

/** No text and no filter: the landing view. */
export const EMPTY_SEARCH: CoursewareSearch = {
  q: '',
  edu: [],
  exp: [],
  cat: [],
  ksas: [],
  kus: [],
  tkss: [],
  cid: [],
  new: false,
  tag: [],
};

function values(params: URLSearchParams, key: string): string[] {
  const seen = new Set<string>();
  return params
    .getAll(key)
    .map((value) => value.trim())
    .filter((value) => {
      if (!value || seen.has(value)) return false;
      seen.add(value);
      return true;
    });
}

/** Reads the search from the query string: values trimmed, blanks and repeats dropped. */
export function parseCoursewareSearch(params: URLSearchParams): CoursewareSearch {
  const newValue = params.get('new');
  return {
    q: params.get('q')?.trim() ?? '',
    edu: values(params, 'edu'),
    exp: values(params, 'exp'),
    cat: values(params, 'cat'),
    ksas: values(params, 'ksas'),
    kus: values(params, 'kus'),
    tkss: values(params, 'tkss'),
    cid: values(params, 'cid'),
    new: newValue === 'true' || newValue === '1',
    tag: values(params, 'tag'),
    ...(params.get(WORK_ROLE_PARAM)?.trim() ? { workRole: params.get(WORK_ROLE_PARAM)?.trim() } : {}),
  };
}

/** The query string of a search alone: `q`, the lists as repeated parameters, then `new=true`. */
export function toSearchParams(search: CoursewareSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const key of ARRAY_KEYS) for (const value of search[key]) params.append(key, value);
  if (search.new) params.set('new', 'true');
  if (search.workRole) params.set(WORK_ROLE_PARAM, search.workRole);
  return params;
}

/**
 * `current` with its search parameters replaced by `search`'s; parameters that are
 * not part of the search (`creating=1`, say) are kept as they are.
 */
export function withSearch(current: URLSearchParams, search: CoursewareSearch): URLSearchParams {
  const next = new URLSearchParams();
  const searchKeys = new Set<string>(SEARCH_KEYS);
  for (const [key, value] of current) if (!searchKeys.has(key)) next.append(key, value);
  for (const [key, value] of toSearchParams(search)) next.append(key, value);
  return next;
}

/** Searching mode (spec §2.5): on whenever the text or any filter is set. */
export function isSearching(search: CoursewareSearch): boolean {
  return search.q !== '' || search.new || Boolean(search.workRole) || ARRAY_KEYS.some((key) => search[key].length > 0);
}

/** How many filters (text excluded) are set: each chosen value counts, and `new`. */
export function activeFilterCount(search: CoursewareSearch): number {
  return ARRAY_KEYS.reduce((sum, key) => sum + search[key].length, (search.new ? 1 : 0) + (search.workRole ? 1 : 0));
}

/**
 * Checks search text as typed (spec §5): trimmed, empty is allowed (no text), else
 * 2 to 256 characters. Returns the trimmed text, or the message to show.
 */
export function validateSearchText(raw: string): { ok: true; text: string } | { ok: false; message: string } {
  const parsed = SearchText.safeParse(raw);
  if (parsed.success) return { ok: true, text: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the search text.' };
}

function allowed<T extends string>(list: readonly string[], known: readonly T[]): T[] {
  return list.filter((value): value is T => (known as readonly string[]).includes(value));
}

function matching(list: readonly string[], test: (value: string) => boolean): string[] {
  return list.filter(test).slice(0, LIMITS.searchFilterMaxValues);
}

const isKnowledgeId = (value: string) => KnowledgeId.safeParse(value).success;
const isEntityId = (value: string) => EntityId.safeParse(value).success;
const isTag = (value: string) => value.length <= LIMITS.tagMaxChars;
/** The address's work role when it is shaped as one (else left out of the request). */
const workRoleOf = (search: CoursewareSearch) =>
  search.workRole && WorkRoleId.safeParse(search.workRole).success ? search.workRole : undefined;

/**
 * The body of `POST /api/v1/search/content` for a search read from the address
 * (spec §7 "Search content"). An address may be shared or edited by hand, so what
 * the API would refuse is left out rather than sent: text that fails spec §5's
 * rules, unknown levels and categories, malformed ids and tags, values beyond the
 * 200 a filter holds (decision record 014). `sort` and `page` (issue 24 items 3
 * and 4) are sent only when not the defaults; `page` never with a `pageToken`.
 */
export function searchRequestOf(
  search: CoursewareSearch,
  {
    limit = PAGE.listPageSize,
    pageToken,
    sort,
    page = 1,
  }: { limit?: number; pageToken?: string | undefined; sort?: SearchSort | undefined; page?: number } = {},
): SearchContentRequest {
  const text = validateSearchText(search.q);
  return {
    text: text.ok ? text.text : '',
    filter: {
      educationLevels: allowed<EducationLevel>(search.edu, EDUCATION_LEVELS),
      experienceLevels: allowed<ExperienceLevel>(search.exp, EXPERIENCE_LEVELS),
      contentCategories: allowed<ContentCategory>(search.cat, CONTENT_CATEGORIES),
      ksaIds: matching(search.ksas, isKnowledgeId),
      kuIds: matching(search.kus, isKnowledgeId),
      tksIds: matching(search.tkss, isKnowledgeId),
      contributorIds: matching(search.cid, isEntityId),
      newOrUpdatedContent: search.new,
      tags: matching(search.tag, isTag),
      ...(workRoleOf(search) ? { workRole: workRoleOf(search) } : {}),
      ...(pageToken ? { nextPageToken: pageToken } : {}),
    },
    limit,
    // Left out when default, so the first page's body is the one the first HTML embeds.
    ...(sort ? { sort } : {}),
    ...(page > 1 && !pageToken ? { page } : {}),
  };
}

/** One numbered page of a search's results, as {@link searchPageRequest} asks for it. */
export interface SearchPageRequest {
  /** The body of `POST /api/v1/search/content`. */
  readonly request: SearchContentRequest;
  /** The order the results come in (`effectiveSearchSort`). */
  readonly sort: SearchSort;
  /** Whether the search has text that is sent, or a work role (so relevance can be chosen; decision record 079). */
  readonly hasText: boolean;
}

/**
 * The request of the page of results an address shows (issue 24 items 3 and 4;
 * decision records 053 and 062): `view`'s page, results per page and order, for the
 * search in the address or, without text or filters, for all courseware (the landing
 * list). `relevance` without text is the default order, recently updated; the default
 * order is left out of the body, and so is page 1, so the body of a default first page
 * is `searchRequestOf(search)`. The SPA's `/courseware` and the html group's first
 * HTML both build their bodies here, so the first HTML embeds a page under the SPA's
 * own query key.
 */
export function searchPageRequest(search: CoursewareSearch, view: SearchView): SearchPageRequest {
  const text = validateSearchText(search.q);
  const hasText = text.ok && text.text !== '';
  const sentText = hasText ? text.text : '';
  const role = workRoleOf(search);
  const sort = effectiveSearchSort(sentText, view.sort, role);
  const requestSort = sort === effectiveSearchSort(sentText, undefined, role) ? undefined : sort;
  return {
    request: searchRequestOf(search, { limit: view.perPage, sort: requestSort, page: view.page }),
    sort,
    hasText: hasText || role !== undefined,
  };
}
