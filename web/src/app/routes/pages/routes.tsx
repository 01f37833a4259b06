import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { hiddenByFlag } from '#shared/flagged-paths';
import { paths } from '../../../config/paths.ts';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { NotFoundRoute } from '../not-found.tsx';

/** One of the site's editable pages: its path and its title before it loads (its flags: `FLAGGED_PATHS`). */
export interface SitePage {
  readonly path: string;
  readonly title: string;
}

/**
 * The site's pages whose text is editable content (issue 8; spec §2.2 "Terms of use,
 * privacy policy, team … screens exist", §2.15; issue 21 item 20: features, about,
 * community, weekly workshops, the K-12 advisory board and pricing): each shows the
 * CMS page stored under its own path (`href` = the path), seeded from
 * `functions/seed-data/pages/`.
 */
export const SITE_PAGES: readonly SitePage[] = [
  { path: paths.features, title: 'Features' },
  { path: paths.about, title: 'About' },
  { path: paths.community, title: 'Community' },
  { path: paths.weeklyWorkshops, title: 'Weekly workshops' },
  { path: paths.k12AdvisoryBoard, title: 'K-12 advisory board' },
  { path: paths.rangePricing, title: 'Pricing' },
  { path: paths.team, title: 'Team' },
  { path: paths.resources, title: 'Resources' },
  { path: paths.termsOfUse, title: 'Terms of use' },
  { path: paths.privacy, title: 'Privacy policy' },
];

const relative = (path: string) => path.slice(1);

/**
 * The routes of {@link SITE_PAGES}, each reading the page by its path through
 * `getPageByHref` and shown by a screen loaded on demand (while the page data
 * starts loading at once). A page hidden by a flag (`hiddenByFlag`: `/team` by
 * `team`, `/community/cyber-workshops` by `community` or `weeklyWorkshops`, …)
 * shows not found — its route stays registered so that no later catch-all lookup
 * finds the page anyway.
 * The shell's path breadcrumbs are off: the page shows its own, from its ancestors.
 */
export function sitePageRoutes({
  config,
  queryClient,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
}): RouteObject[] {
  return SITE_PAGES.map((page): RouteObject => {
    if (hiddenByFlag(page.path, config.flags)) {
      return {
        path: relative(page.path),
        element: <NotFoundRoute />,
        handle: { breadcrumbs: false } satisfies RouteHandle,
      };
    }
    return {
      path: relative(page.path),
      // The page shows its own breadcrumbs, from its ancestors (spec §2.14).
      handle: { breadcrumbs: false } satisfies RouteHandle,
      loader: async () => {
        const { pageByHrefQueryOptions } = await import('../../../features/pages/api/get-page-by-href.ts');
        // Start loading now; the screen shows its own loading state and errors.
        void queryClient.prefetchQuery(pageByHrefQueryOptions(page.path));
        return null;
      },
      lazy: () => import('./site-page.tsx'),
    };
  });
}
