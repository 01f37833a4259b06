import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { RouteErrorPage } from '../components/errors/route-error-page.tsx';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { Splash } from '../components/layouts/splash.tsx';
import { paths } from '../config/paths.ts';
import { getContentQueryOptions } from '../features/courseware/api/get-content.ts';
import { getKnowledgeQueryOptions } from '../features/knowledge/api/get-knowledge.ts';
import { leaveFor } from '../lib/external-navigation.ts';
import { getLastLocation } from '../lib/last-location.ts';
import { buildLoginUrl, buildSignupUrl } from '../lib/login-redirect.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { absoluteUrl } from '../lib/runtime-config.tsx';
import { HomeRoute } from './routes/home.tsx';
import { type LeavingData, LeavingRoute } from './routes/leaving.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { UnsafeSiteRoute } from './routes/unsafe-site.tsx';

/** The home route exists only with a home-page base address (spec §2.2) and the home flag. */
export function hasHomeRoute(config: RuntimeConfig): boolean {
  return config.homepageBaseUrl !== null && config.flags.home;
}

function leavingRoute(path: string, leave: () => LeavingData): RouteObject {
  return {
    path,
    handle: { breadcrumbs: false } satisfies RouteHandle,
    loader: () => {
      const data = leave();
      leaveFor(data.url);
      return data;
    },
    element: <LeavingRoute />,
  };
}

/**
 * The route table of the SPA (spec §2.2) for one runtime configuration. Courseware
 * routes load the knowledge items before they render (from local storage when
 * fresh); the content itself starts loading at the same time.
 */
export function createRoutes({
  config,
  queryClient,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
}): RouteObject[] {
  const loadKnowledge = async () => {
    try {
      await queryClient.ensureQueryData(getKnowledgeQueryOptions({ storageVersion: config.storageVersion }));
    } catch {
      // Reported through the query cache; the screens work without knowledge names.
    }
  };

  const coursewareList: RouteObject = config.flags.courseware
    ? {
        index: true,
        loader: async () => {
          await loadKnowledge();
          return null;
        },
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
                  loader: async ({ params }: LoaderFunctionArgs) => {
                    const idOrAlias = params['*'] ?? '';
                    if (idOrAlias) void queryClient.prefetchQuery(getContentQueryOptions(idOrAlias));
                    await loadKnowledge();
                    return null;
                  },
                  lazy: () => import('./routes/courseware/detail.tsx'),
                },
              ],
            },
            leavingRoute('login', () => ({
              url: buildLoginUrl(config, getLastLocation()),
              title: 'Log in',
              destination: 'the login page',
            })),
            leavingRoute('signup', () => ({
              url: buildSignupUrl(config),
              title: 'Sign up',
              destination: 'the sign-up page',
            })),
            leavingRoute('exercises', () => ({
              url: absoluteUrl(config.exerciseAppBaseUrl),
              title: 'Exercises',
              destination: 'the exercise area',
            })),
            { path: 'unsafe_site', element: <UnsafeSiteRoute /> },
            {
              path: '*',
              element: <NotFoundRoute />,
              handle: { breadcrumbs: false, returnAfterLogin: true } satisfies RouteHandle,
            },
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
