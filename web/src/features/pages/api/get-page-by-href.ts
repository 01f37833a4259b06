import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizePageHref, Page } from '#shared/contracts/page';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { pagesApiUrl } from './paths.ts';

/**
 * The read call of CMS pages (spec §7 "Pages": get page by href, with sections) as
 * TanStack Query options, over `getPageByHref` of `shared/routes.ts`
 * (`GET /api/v1/pages/by-href?href=`). Query keys: `['pages', 'by-href', href]`
 * with the normalised href; invalidating {@link PAGES_QUERY_KEY} refreshes every
 * page (the page builder of issue 9 does after a write).
 */

/** The query key prefix of every page query. */
export const PAGES_QUERY_KEY = ['pages'] as const;

/**
 * The page at `href` (a path such as `/team`; lower-cased and without a trailing
 * slash before it is sent, as pages are stored), its sections in index order.
 * Resolves `null` when there is none: a 404 "Page does not exist." (also what a
 * caller without `updateContent` gets for an unpublished page) is an answer here,
 * not an error, so it never reaches the ERROR dialog; the screen shows not found.
 * Throws `ApiError` for anything else (400 for an href the API refuses, 0 for no
 * answer, 200 for an answer that breaks the `Page` contract).
 */
export async function getPageByHref(href: string, { signal }: { signal?: AbortSignal } = {}): Promise<Page | null> {
  try {
    return await apiGet(pagesApiUrl('getPageByHref', {}, { href: normalizePageHref(href) }), Page, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Query options of the page at `href` (see {@link getPageByHref}); the key holds the normalised href. */
export function pageByHrefQueryOptions(href: string) {
  const normalized = normalizePageHref(href);
  return queryOptions({
    queryKey: [...PAGES_QUERY_KEY, 'by-href', normalized] as const,
    queryFn: ({ signal }) => getPageByHref(normalized, { signal }),
  });
}

/** The page at `href` as a query: `data` is the page, or `null` when it does not exist. */
export function usePageByHref(href: string) {
  return useQuery(pageByHrefQueryOptions(href));
}
