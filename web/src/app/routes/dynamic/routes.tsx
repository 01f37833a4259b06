import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { hiddenByFlag } from '#shared/flagged-paths';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { contentLookupQueryOptions } from './content-lookup.ts';
import { dynamicLookup } from './lookup.ts';

/**
 * The catch-all route of spec §2.2 ("Catch-all dynamic pages"; decision record 026
 * "Dynamic routes"), the last of the site routes: every path no other route takes.
 * Its loader starts the lookups of {@link dynamicLookup} at once — content by the
 * path's id, content by the full path, the CMS page by the lower-case path — without
 * waiting for them (a found item seeds the detail query of its address, and the
 * detail page's code loads alongside, so the redirect costs no further round trip;
 * issue 22 item 5), and skips the page's when a content lookup is answered already
 * (the first HTML embeds it); the screen (loaded on demand) shows a status while they run,
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
      // Content found already (the first HTML embeds the lookup it answered) goes first: no page to ask for.
      const found = [lookup.contentId, lookup.contentPath].some(
        (key) => key !== null && queryClient.getQueryData(contentLookupQueryOptions(key).queryKey),
      );
      if (lookup.pageHref && !found) {
        const { pageByHrefQueryOptions } = await import('../../../features/pages/api/get-page-by-href.ts');
        void queryClient.prefetchQuery(pageByHrefQueryOptions(lookup.pageHref));
      }
      return null;
    },
    lazy: () => import('./dynamic-page.tsx'),
  };
}
