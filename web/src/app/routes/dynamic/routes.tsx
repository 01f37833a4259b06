import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject, replace } from 'react-router-dom';
import type { ContentDetail } from '#shared/contracts/content';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { hiddenByFlag } from '#shared/flagged-paths';
import { contentPath } from '../../../lib/content-path.ts';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { contentLookupQueryOptions } from './content-lookup.ts';
import { type DynamicLookup, dynamicLookup } from './lookup.ts';

/**
 * The catch-all route of spec §2.2 ("Catch-all dynamic pages"; decision record 026
 * "Dynamic routes"), the last of the site routes: every path no other route takes.
 * Its loader starts the lookups of {@link dynamicLookup} at once — content by the
 * path's id, content by the full path, the CMS page by the lower-case path — without
 * waiting for them (a found item seeds the detail query of its address, and the
 * detail page's code loads alongside, so the redirect costs no further round trip;
 * issue 22 item 5); when the cache answers the lookups already (the first HTML embeds
 * them), it redirects (replace) to the content's address at once, asking nothing; the
 * screen (loaded on demand) shows a status while they run,
 * then redirects (replace) to the content's address, shows the page, or goes home.
 * No breadcrumbs (spec §2.3: none for dynamic routes); /login comes back here.
 * A path hidden by a feature flag (`hiddenByFlag`, e.g. a CMS page under
 * `/community` with the community flag off) shows not found without any lookup.
 */
export function dynamicPageRoute({
  config,
  queryClient,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
}): RouteObject {
  return {
    path: '*',
    handle: { breadcrumbs: false, returnAfterLogin: true } satisfies RouteHandle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      if (hiddenByFlag(new URL(request.url).pathname, config.flags)) return null;
      const lookup = dynamicLookup(new URL(request.url).pathname);
      if (lookup.contentId) void queryClient.prefetchQuery(contentLookupQueryOptions(lookup.contentId));
      if (lookup.contentPath) void queryClient.prefetchQuery(contentLookupQueryOptions(lookup.contentPath));
      // Found content redirects to its detail page: its code comes alongside the lookup, not after it.
      if (lookup.contentId || lookup.contentPath) void import('../courseware/detail.tsx');
      // Content found already (the first HTML embeds the lookup it answered): straight to its
      // address, before anything renders, so the SPA's first frame is the content page itself.
      const found = answeredLookup(queryClient, lookup);
      if (found) return replace(contentPath(found.content));
      if (lookup.pageHref) {
        const { pageByHrefQueryOptions } = await import('../../../features/pages/api/get-page-by-href.ts');
        void queryClient.prefetchQuery(pageByHrefQueryOptions(lookup.pageHref));
      }
      return null;
    },
    lazy: () => import('./dynamic-page.tsx'),
  };
}

/**
 * The content the cached lookups of `lookup` found, in the spec's order (the path's id,
 * then the full path): the first lookup that is cached with an item; null when a lookup
 * before it is not in the cache (its answer is not known yet) or none found anything.
 */
function answeredLookup(queryClient: QueryClient, lookup: DynamicLookup): ContentDetail | null {
  for (const key of [lookup.contentId, lookup.contentPath]) {
    if (key === null) continue;
    const cached = queryClient.getQueryData(contentLookupQueryOptions(key).queryKey);
    if (cached === undefined) return null;
    if (cached) return cached;
  }
  return null;
}
