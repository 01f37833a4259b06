import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect, replace } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { RouteErrorPage } from '../components/errors/route-error-page.tsx';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { Splash } from '../components/layouts/splash.tsx';
import { paths } from '../config/paths.ts';
import { getSsoToken } from '../features/auth/api/get-sso-token.ts';
import { getContentQueryOptions } from '../features/courseware/api/get-content.ts';
import { sessionGate } from '../lib/auth/entry-guard.ts';
import { requireCapabilities } from '../lib/auth/guards.tsx';
import { configureSession, getSession, logout } from '../lib/auth/session-store.ts';
import { reportError } from '../lib/error-store.ts';
import { leaveFor } from '../lib/external-navigation.ts';
import { getLastLocation } from '../lib/last-location.ts';
import { buildLoginUrl, buildSignupUrl } from '../lib/login-redirect.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { absoluteUrl } from '../lib/runtime-config.tsx';
import { stripVersionParam } from '../lib/version-param.ts';
import { dynamicPageRoute } from './routes/dynamic/routes.tsx';
import { HomeRoute } from './routes/home.tsx';
import { type LeavingData, LeavingRoute } from './routes/leaving.tsx';
import { newsEventRoutes } from './routes/news-events/routes.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { sitePageRoutes } from './routes/pages/routes.tsx';
import { publicSiteRoutes } from './routes/site/routes.tsx';
import { UnsafeSiteRoute } from './routes/unsafe-site.tsx';

/** The home route exists only with a home-page base address (spec §2.2) and the home flag. */
export function hasHomeRoute(config: RuntimeConfig): boolean {
  return config.homepageBaseUrl !== null && config.flags.home;
}

function leavingRoute(
  path: string,
  leave: (args: LoaderFunctionArgs) => LeavingData | Promise<LeavingData>,
): RouteObject {
  return {
    path,
    handle: { breadcrumbs: false } satisfies RouteHandle,
    loader: async (args: LoaderFunctionArgs) => {
      const data = await leave(args);
      leaveFor(data.url);
      return data;
    },
    element: <LeavingRoute />,
  };
}

/**
 * Where /logout goes (spec §4 "Session": "Then USCR goes to the home-page address,
 * or the given route is opened, or the page reloads"; decision record 027): on USCR
 * the home-page address (`homepageBaseUrl`; another site is left for, this site's
 * address is its home route; without one, the home route); on VACR the in-app path
 * of the `redirect` query (the page the reader logged out from, which then shows
 * logged out — the SPA's reload), else the home route. An external or malformed
 * `redirect` is ignored.
 */
export function logoutDestination(config: RuntimeConfig, url: URL): { url: string; external: boolean } {
  if (config.brand === 'USCR') {
    if (config.homepageBaseUrl === null) return { url: paths.home, external: false };
    const home = new URL(absoluteUrl(config.homepageBaseUrl, url.origin));
    return home.origin === url.origin
      ? { url: `${home.pathname}${home.search}`, external: false }
      : { url: home.toString(), external: true };
  }
  const redirect = url.searchParams.get('redirect') ?? '';
  const internal = redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith(paths.logout);
  return { url: internal ? redirect : paths.home, external: false };
}

/** The exercise area, with an SSO token as query `s` when logged in (spec §2.2 /exercises). */
async function exercisesUrl(config: RuntimeConfig): Promise<string> {
  const url = new URL(absoluteUrl(config.exerciseAppBaseUrl));
  if (getSession().status !== 'logged-in') return url.toString();
  try {
    const { token } = await getSsoToken();
    url.searchParams.set('s', token);
  } catch (error) {
    // Still go: the exercise area asks the reader to log in itself.
    reportError(error);
  }
  return url.toString();
}

/**
 * The route table of the SPA (spec §2.2) for one runtime configuration. A content
 * page's loader starts loading the content without waiting for it; nothing waits
 * for the knowledge list (content answers name their own knowledge items, the
 * pickers load theirs on demand; issue 22 item 1).
 */
export function createRoutes({
  config,
  queryClient,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
}): RouteObject[] {
  configureSession({ storageVersion: config.storageVersion });

  const coursewareList: RouteObject = config.flags.courseware
    ? {
        index: true,
        lazy: () => import('./routes/courseware/list.tsx'),
      }
    : { index: true, element: <NotFoundRoute />, handle: { breadcrumbs: false } satisfies RouteHandle };

  const home: RouteObject = hasHomeRoute(config)
    ? { index: true, element: <HomeRoute /> }
    : { index: true, loader: () => redirect(paths.courseware) };

  return [
    {
      path: '/',
      element: <AppShell />,
      HydrateFallback: Splash,
      // The entry guard (spec §2.1) before every shell navigation; it replaces an address carrying s or t,
      // and one carrying v=<digits> (issue 21 item 25), so no screen ever sees them.
      loader: async ({ request }: LoaderFunctionArgs) => {
        const stripped = await sessionGate(request);
        const target = new URL(stripped ?? request.url, request.url);
        const search = stripVersionParam(target.search);
        if (stripped === null && search === null) return null;
        return replace(`${target.pathname}${search ?? target.search}${target.hash}`);
      },
      shouldRevalidate: () => true,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            home,
            {
              path: 'courseware',
              handle: { returnAfterLogin: true } satisfies RouteHandle,
              children: [
                coursewareList,
                {
                  path: '*',
                  handle: { breadcrumbs: false } satisfies RouteHandle,
                  loader: ({ params }: LoaderFunctionArgs) => {
                    const idOrAlias = params['*'] ?? '';
                    if (idOrAlias) void queryClient.prefetchQuery(getContentQueryOptions(idOrAlias));
                    return null;
                  },
                  lazy: () => import('./routes/courseware/detail.tsx'),
                },
              ],
            },
            {
              // A contributor's public page (issue 24 item 6); the route module checks the courseware flag.
              path: 'contributors/:id',
              handle: { breadcrumbs: false, returnAfterLogin: true } satisfies RouteHandle,
              lazy: () => import('./routes/contributor.tsx'),
            },
            {
              path: 'login',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              // A valid stored session goes home (spec §2.2); otherwise leave for the login host.
              loader: async ({ request }: LoaderFunctionArgs) => {
                await sessionGate(request);
                if (getSession().status === 'logged-in') return replace(paths.home);
                const data: LeavingData = {
                  url: buildLoginUrl(config, getLastLocation()),
                  title: 'Log in',
                  destination: 'the login page',
                };
                leaveFor(data.url);
                return data;
              },
              element: <LeavingRoute />,
            },
            leavingRoute('signup', () => ({
              url: buildSignupUrl(config),
              title: 'Sign up',
              destination: 'the sign-up page',
            })),
            leavingRoute('exercises', async ({ request }) => {
              await sessionGate(request);
              return { url: await exercisesUrl(config), title: 'Exercises', destination: 'the exercise area' };
            }),
            {
              path: 'logout',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              loader: ({ request }: LoaderFunctionArgs) => {
                logout();
                const destination = logoutDestination(config, new URL(request.url));
                if (!destination.external) return replace(destination.url);
                const data: LeavingData = { url: destination.url, title: 'Logged out', destination: 'the home page' };
                leaveFor(data.url);
                return data;
              },
              element: <LeavingRoute />,
            },
            {
              path: 'dashboard',
              loader: requireCapabilities('updateContent'),
              lazy: () => import('./routes/dashboard.tsx'),
            },
            {
              path: 'admin',
              loader: requireCapabilities('updateContent'),
              lazy: () => import('./routes/admin.tsx'),
            },
            {
              path: 'invitations',
              loader: requireCapabilities('inviteUsers'),
              lazy: () => import('./routes/invitations.tsx'),
            },
            {
              path: 'invitation',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/invitation.tsx'),
            },
            {
              path: 'pages/new',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              loader: requireCapabilities('updateContent'),
              lazy: () => import('./routes/pages/new-page.tsx'),
            },
            {
              path: 'archived-content',
              loader: requireCapabilities('updateContent', 'viewArchivedContent'),
              lazy: () => import('./routes/archived-content.tsx'),
            },
            {
              path: 'library',
              loader: requireCapabilities(),
              lazy: () => import('./routes/library.tsx'),
            },
            {
              path: 'personal-data',
              loader: requireCapabilities(),
              lazy: () => import('./routes/personal-data.tsx'),
            },
            {
              path: 'collections',
              lazy: () => import('./routes/collections.tsx'),
            },
            {
              path: 'collections/:id',
              // The page names the collection in its own breadcrumbs.
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/collection.tsx'),
            },
            {
              // Issue 27 items 2 and 3: the collection's coverage and its printable CAE worksheet.
              path: 'collections/:id/coverage',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/collection-coverage.tsx'),
            },
            {
              path: 'collections/:id/cae-worksheet',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/collection-worksheet.tsx'),
            },
            {
              // Issue 27 item 1: the NICE work roles and one role's page.
              path: 'work-roles',
              lazy: () => import('./routes/work-roles.tsx'),
            },
            {
              path: 'work-roles/:id',
              // The page names the role in its own breadcrumbs.
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/work-role.tsx'),
            },
            {
              path: 'saved-searches',
              loader: requireCapabilities(),
              lazy: () => import('./routes/saved-searches.tsx'),
            },
            {
              path: 'saved-searches/unsubscribe',
              handle: { breadcrumbs: false } satisfies RouteHandle,
              lazy: () => import('./routes/saved-searches-unsubscribe.tsx'),
            },
            { path: 'unsafe_site', element: <UnsafeSiteRoute /> },
            ...newsEventRoutes({ config, queryClient }),
            ...publicSiteRoutes({ config, queryClient }),
            ...sitePageRoutes({ config, queryClient }),
            // Last: the dynamic pages of spec §2.2 (content by id or path, CMS pages, else home).
            dynamicPageRoute({ config, queryClient }),
          ],
        },
      ],
    },
  ];
}

/** The browser (history mode) router of the app. */
export function createAppRouter(options: { config: RuntimeConfig; queryClient: QueryClient }) {
  return createBrowserRouter(createRoutes(options));
}
