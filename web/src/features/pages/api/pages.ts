import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeletedPage,
  normalizePageHref,
  PAGE_GROUP_PREFIX,
  Page,
  type PageInput,
  PageList,
  type PageSummary,
  PageWithAncestors,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import { PAGES_QUERY_KEY, pageByHrefQueryOptions } from './get-page-by-href.ts';
import { pagesApiUrl } from './paths.ts';

/**
 * The page builder's calls (spec §7 "Pages": get page by id for breadcrumbs, list
 * pages paged by token, create, update and delete a page, reorder sections and
 * groups; decision record 026) as TanStack Query options and mutations, over
 * `getPage` … `reorderGroups` of `shared/routes.ts`. Query keys: `['pages', 'by-id',
 * id]` (a `PageWithAncestors`), `['pages', 'list', query]` and `['pages', 'all']`
 * (every page, for the parent picker), beside `['pages', 'by-href', href]` of
 * `get-page-by-href.ts`. Every write puts the page the server answered into the
 * by-href cache (and the by-id one), so the screen shows it without asking again,
 * and marks the lists stale.
 */

/** The query key of one page by id. */
export function pageByIdKey(id: string) {
  return [...PAGES_QUERY_KEY, 'by-id', id] as const;
}

/** The query key prefix of the page lists (one page of the list, and every page). */
const LIST_KEYS = [
  [...PAGES_QUERY_KEY, 'list'],
  [...PAGES_QUERY_KEY, 'all'],
] as const;

/**
 * One page by id with its sections and `ancestors` (`GET /api/v1/pages/{id}`): the
 * breadcrumbs from the top page down to its parent. Throws `ApiError` 404 "Page
 * does not exist." (also for an unpublished page without `updateContent`).
 */
export function getPage(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PageWithAncestors> {
  return apiGet(pagesApiUrl('getPage', { id }), PageWithAncestors, { signal });
}

/** Query options of {@link getPage}. A missing page is not asked for twice. */
export function pageQueryOptions(id: string) {
  return queryOptions({
    queryKey: pageByIdKey(id),
    queryFn: ({ signal }) => getPage(id, { signal }),
    retry: false,
  });
}

/** One page by id as a query (see {@link getPage}); nothing is asked while `enabled` is false. */
export function usePage(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pageQueryOptions(id), enabled });
}

/** What one list call asks for: `limit` pages (1–100), after `pageToken`. */
export interface ListPagesParams {
  readonly limit?: number;
  readonly pageToken?: string | undefined;
}

/**
 * One page of the page list (`GET /api/v1/pages`, `updateContent`): pages without
 * sections, by href, and `nextPageToken` (null at the end). Throws `ApiError` (400
 * bad token or limit, 401/403 without `updateContent`).
 */
export function listPages(
  { limit, pageToken }: ListPagesParams = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<PageList> {
  return apiGet(pagesApiUrl('listPages', {}, { limit, pageToken }), PageList, { signal });
}

/** Query options of one list page; the key holds the whole query. */
export function listPagesQueryOptions(params: ListPagesParams = {}) {
  return queryOptions({
    queryKey: [...PAGES_QUERY_KEY, 'list', params] as const,
    queryFn: ({ signal }) => listPages(params, { signal }),
  });
}

/** The most pages the parent picker reads (20 list calls of 100). */
const ALL_PAGES_MAX_CALLS = 20;

/**
 * Every page by href (the parent picker of the page dialog): list calls of
 * `PAGE_LIMITS.listMax` following `nextPageToken` until there is none (at most
 * 2,000 pages). Throws what {@link listPages} throws.
 */
export async function listAllPages({ signal }: { signal?: AbortSignal } = {}): Promise<PageSummary[]> {
  const pages: PageSummary[] = [];
  let pageToken: string | undefined;
  for (let call = 0; call < ALL_PAGES_MAX_CALLS; call++) {
    const answer = await listPages({ limit: PAGE_LIMITS.listMax, pageToken }, { signal });
    pages.push(...answer.items);
    if (answer.nextPageToken === null) break;
    pageToken = answer.nextPageToken;
  }
  return pages;
}

/** Every page as a query (see {@link listAllPages}); nothing is asked while `enabled` is false. */
export function useAllPages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...PAGES_QUERY_KEY, 'all'] as const,
    queryFn: ({ signal }) => listAllPages({ signal }),
    enabled,
  });
}

/**
 * Creates a page without sections (`POST /api/v1/pages`, 201); answers it. Throws
 * `ApiError`: 400 with field messages (`body.title`, `body.meta.description`,
 * `body.href`, `body.parentId`, `body.status`), 409 when the link is taken.
 */
export function createPage(body: PageInput): Promise<Page> {
  return apiPost(pagesApiUrl('createPage'), body, Page);
}

/**
 * Replaces a page's fields, not its sections (`PUT /api/v1/pages/{id}`); answers the
 * page with its sections. Throws `ApiError`: 400 as {@link createPage} (a parent
 * that is the page or below it at `body.parentId`), 404 when gone, 409 when the link
 * is taken or the page was changed by someone else.
 */
export function updatePage({ id, body }: { id: string; body: PageInput }): Promise<Page> {
  return apiPut(pagesApiUrl('updatePage', { id }), body, Page);
}

/**
 * Deletes a page with its sections (`DELETE /api/v1/pages/{id}?confirmed=true`, the
 * ticked confirmation; `deletePage` capability). Throws `ApiError` 403, 404, 409
 * (changed meanwhile).
 */
export function deletePage(id: string): Promise<DeletedPage> {
  return apiDelete(pagesApiUrl('deletePage', { id }, { confirmed: 'true' }), DeletedPage);
}

/**
 * Puts a page's sections in a new order (`PUT /api/v1/pages/{id}/section-order`,
 * every section id once); answers the page. Throws `ApiError` 400, 404, 409.
 */
export function reorderSections({ id, sectionIds }: { id: string; sectionIds: readonly string[] }): Promise<Page> {
  return apiPut(pagesApiUrl('reorderSections', { id }), { sectionIds }, Page);
}

/**
 * Puts the groups of a grouped-list page in a new order (`PUT
 * /api/v1/pages/{id}/group-order`: `group-<name>` = position); answers the page.
 * Throws `ApiError` 400 (duplicates, blanks), 404, 409.
 */
export function reorderGroups({ id, groups }: { id: string; groups: readonly string[] }): Promise<Page> {
  return apiPut(pagesApiUrl('reorderGroups', { id }), { groups }, Page);
}

/**
 * Puts a page the server answered into the caches: the by-href entry of its
 * (normalised) href, and the by-id entry, keeping the breadcrumbs when its parent
 * did not change (else the by-id entry is marked stale and asked again when shown).
 * Page lists and other pages' breadcrumbs (which may name this page) are marked
 * stale. Exported for the section dialog's answers too.
 */
export function storePage(queryClient: QueryClient, page: Page): void {
  queryClient.setQueryData(pageByHrefQueryOptions(page.href).queryKey, page);
  const byId = pageByIdKey(page.id);
  const known = queryClient.getQueryData<PageWithAncestors>(byId);
  if (known && known.parentId === page.parentId) {
    queryClient.setQueryData<PageWithAncestors>(byId, { ...page, ancestors: known.ancestors });
  } else if (known) {
    void queryClient.invalidateQueries({ queryKey: byId, exact: true });
  }
  for (const queryKey of LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === PAGES_QUERY_KEY[0] && query.queryKey[1] === 'by-id' && query.queryKey[2] !== page.id,
  });
}

/**
 * Forgets a page's entries that no longer hold (after a delete, or the old href
 * after a link change) without asking again: marked stale, refetched only when a
 * screen shows them again.
 */
export function forgetPage(queryClient: QueryClient, { id, href }: { id: string | null; href: string | null }): void {
  if (href !== null) {
    void queryClient.invalidateQueries({
      queryKey: pageByHrefQueryOptions(href).queryKey,
      exact: true,
      refetchType: 'none',
    });
  }
  if (id !== null) {
    void queryClient.invalidateQueries({ queryKey: pageByIdKey(id), exact: true, refetchType: 'none' });
  }
}

/**
 * {@link createPage} (no `id`) or {@link updatePage} as a mutation that stores the
 * answered page ({@link storePage}); the old href's entry is forgotten when the link
 * changed. 400 and 409 are the dialog's to show under its fields.
 */
export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PageInput; previousHref?: string }) =>
      id === null ? createPage(body) : updatePage({ id, body }),
    meta: { handledStatuses: [400, 409] },
    onSuccess: (page, { previousHref }) => {
      storePage(queryClient, page);
      if (previousHref !== undefined && normalizePageHref(previousHref) !== page.href) {
        forgetPage(queryClient, { id: null, href: previousHref });
      }
    },
  });
}

/** {@link deletePage} as a mutation; the confirmation dialog shows a 404 or 409 itself. */
export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: { id: string; href: string }) => deletePage(page.id),
    meta: { handledStatuses: [404, 409] },
    onSuccess: () => {
      for (const queryKey of LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** The page with its sections in `sectionIds`' order, `index` 0… (the optimistic view of a reorder). */
export function withSectionOrder(page: Page, sectionIds: readonly string[]): Page {
  const byId = new Map(page.sections.map((section) => [section.id, section]));
  const sections = sectionIds.flatMap((id, index) => {
    const section = byId.get(id);
    return section ? [{ ...section, index }] : [];
  });
  return { ...page, sections };
}

/** The page with its groups in `groups`' order: every `group-<name>` parameter replaced by the position. */
export function withGroupOrder(page: Page, groups: readonly string[]): Page {
  const parameters = Object.fromEntries(
    Object.entries(page.layout.parameters).filter(([key]) => !key.startsWith(PAGE_GROUP_PREFIX)),
  );
  groups.forEach((group, position) => {
    parameters[`${PAGE_GROUP_PREFIX}${group}`] = String(position);
  });
  return { ...page, layout: { ...page.layout, parameters } };
}

/**
 * A reorder (`sections` or `groups`) as an optimistic mutation: the new order is put
 * into the page's by-href cache at once; the server's answer replaces it; on a
 * failure the previous page is put back (rollback) and the error goes to the ERROR
 * dialog (spec §4 "Pages": "reorder of groups and sections, with rollback on
 * failure"; §8).
 */
export function useReorder(kind: 'sections' | 'groups') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, order }: { page: Page; order: readonly string[] }) =>
      kind === 'sections'
        ? reorderSections({ id: page.id, sectionIds: order })
        : reorderGroups({ id: page.id, groups: order }),
    onMutate: async ({ page, order }) => {
      const key = pageByHrefQueryOptions(page.href).queryKey;
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Page | null>(key) ?? page;
      queryClient.setQueryData(
        key,
        kind === 'sections' ? withSectionOrder(previous, order) : withGroupOrder(previous, order),
      );
      return { previous };
    },
    onError: (_error, { page }, context) => {
      if (context) queryClient.setQueryData(pageByHrefQueryOptions(page.href).queryKey, context.previous);
    },
    onSuccess: (answered) => storePage(queryClient, answered),
  });
}
