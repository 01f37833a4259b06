import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { NotFoundRoute } from '../not-found.tsx';

const NO_BREADCRUMBS: RouteHandle = { breadcrumbs: false };

/** `/news` or `/events` when its flag is off: the list and every item address show not found. */
function switchedOff(path: string): RouteObject {
  return {
    path,
    children: [
      { index: true, element: <NotFoundRoute />, handle: NO_BREADCRUMBS },
      { path: '*', element: <NotFoundRoute />, handle: NO_BREADCRUMBS },
    ],
  };
}

/**
 * The news and event routes of spec §2.2 and §2.10: `/news` (route id `news`, the
 * list), `/news/:alias` (an item by id or link), `/events` (route id `events`) and
 * `/events/:alias`, each present only when its flag (`flags.news`, `flags.event`)
 * is on; when off, those addresses show not found (and never reach the dynamic
 * pages of the catch-all). The screens load on demand, so the feature stays out of
 * the entry chunk. Item pages show no breadcrumbs (spec §2.3: alias routes).
 */
export function newsEventRoutes({ config }: { config: RuntimeConfig; queryClient: QueryClient }): RouteObject[] {
  const screens = () => import('./screens.tsx');
  const news: RouteObject = config.flags.news
    ? {
        path: 'news',
        children: [
          { index: true, id: 'news', lazy: () => screens().then((module) => ({ Component: module.NewsListRoute })) },
          {
            path: ':alias',
            handle: NO_BREADCRUMBS,
            lazy: () => screens().then((module) => ({ Component: module.NewsDetailRoute })),
          },
        ],
      }
    : switchedOff('news');
  const events: RouteObject = config.flags.event
    ? {
        path: 'events',
        children: [
          { index: true, id: 'events', lazy: () => screens().then((module) => ({ Component: module.EventListRoute })) },
          {
            path: ':alias',
            handle: NO_BREADCRUMBS,
            lazy: () => screens().then((module) => ({ Component: module.EventDetailRoute })),
          },
        ],
      }
    : switchedOff('events');
  return [news, events];
}
