import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { paths } from '../../../config/paths.ts';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { NotFoundRoute } from '../not-found.tsx';

/** One of the site's editable pages: its path, the flag it needs (none: always on) and its title before it loads. */
export interface SitePage {
  readonly path: string;
  readonly flag: 'team' | 'resources' | null;
  readonly title: string;
}

/**
 * The site's pages whose text is editable content (issue 8; spec §2.2 "Terms of use,
 * privacy policy, team … screens exist", §2.15): each shows the CMS page stored
 * under its own path (`href` = the path).
 */
export const SITE_PAGES: readonly SitePage[] = [
  { path: paths.team, flag: 'team', title: 'Team' },
  { path: paths.resources, flag: 'resources', title: 'Resources' },
  { path: paths.termsOfUse, flag: null, title: 'Terms of use' },
  { path: paths.privacy, flag: null, title: 'Privacy policy' },
];

const relative = (path: string) => path.slice(1);

/**
 * The routes of {@link SITE_PAGES}: `/team` (flag `team`), `/resources` (flag
 * `resources`), `/terms-of-use` and `/privacy`, each reading the page by its path
 * through `getPageByHref` and shown by a screen loaded on demand (while the page
 * data starts loading at once). A page whose flag is off shows not found — its
 * route stays registered so that no later catch-all lookup finds the page anyway.
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
    if (page.flag !== null && !config.flags[page.flag]) {
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
