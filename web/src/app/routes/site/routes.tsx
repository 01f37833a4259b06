import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, replace } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { hiddenByFlag } from '#shared/flagged-paths';
import { paths } from '../../../config/paths.ts';
import { leaveFor } from '../../../lib/external-navigation.ts';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { absoluteUrl } from '../../../lib/runtime-config.tsx';
import { type LeavingData, LeavingRoute } from '../leaving.tsx';
import { NotFoundRoute } from '../not-found.tsx';

/** A route that sends the browser to another address, showing where it goes meanwhile (like /login). */
function leavingRoute(path: string, data: () => LeavingData): RouteObject {
  return {
    path,
    handle: { breadcrumbs: false } satisfies RouteHandle,
    loader: () => {
      const leaving = data();
      leaveFor(leaving.url);
      return leaving;
    },
    element: <LeavingRoute />,
  };
}

const relative = (path: string) => path.slice(1);

/**
 * The route of a page whose flag is off (or, for `/conference`, with no address
 * configured): the not-found page, registered so that the catch-all's lookups
 * (decision record 026: content, then a CMS page, else home) never bring a hidden
 * page back or send its address home silently.
 */
function hiddenRoute(path: string): RouteObject {
  return { path, element: <NotFoundRoute />, handle: { breadcrumbs: false } satisfies RouteHandle };
}

/**
 * The public site's smaller routes of spec §2.2 (newsletter, contact, jobs, call for
 * courseware, content categories, conference, pricing and community redirects,
 * knowledge base notice), each behind its flag. A route whose flag is off shows
 * the not-found page ({@link hiddenRoute}). Screens load lazily.
 * `/template.csv` is not a route: it is a static file of `web/public`.
 */
export function publicSiteRoutes({ config }: { config: RuntimeConfig; queryClient: QueryClient }): RouteObject[] {
  const { flags } = config;
  const routes: RouteObject[] = [
    { path: relative(paths.newsletter), lazy: () => import('./newsletter.tsx') },
    { path: relative(paths.knowledgeBase), lazy: () => import('./knowledge-base.tsx') },
    {
      path: relative(paths.callForCoursewarePage),
      // Log in from the abstract form's prompt comes back here (issue 21 item 22).
      handle: { returnAfterLogin: true } satisfies RouteHandle,
      lazy: () => import('./call-for-courseware.tsx'),
    },
    { path: relative(paths.conference2018), lazy: () => import('./conference-2018.tsx') },
  ];
  // The route guard of every flagged page: the flag map (`hiddenByFlag`) decides, as for the editable pages.
  const flagged = (path: string, route: () => RouteObject) =>
    routes.push(hiddenByFlag(path, flags) ? hiddenRoute(relative(path)) : route());
  flagged(paths.contact, () => ({ path: relative(paths.contact), lazy: () => import('./contact.tsx') }));
  flagged(paths.contactUs, () => ({ path: relative(paths.contactUs), lazy: () => import('./contact.tsx') }));
  flagged(paths.jobs, () => ({ path: relative(paths.jobs), lazy: () => import('./jobs.tsx') }));
  flagged(paths.callForCourseware, () => ({
    path: relative(paths.callForCourseware),
    handle: { returnAfterLogin: true } satisfies RouteHandle,
    lazy: () => import('./call-for-courseware.tsx'),
  }));
  flagged(paths.contentCategories, () => ({
    path: relative(paths.contentCategories),
    lazy: () => import('./content-categories.tsx'),
  }));
  // Spec §2.2: /pricing sends the browser to /rangepricing, the pricing page (an editable site page).
  flagged(paths.pricing, () => ({
    path: relative(paths.pricing),
    handle: { breadcrumbs: false } satisfies RouteHandle,
    loader: () => replace(paths.rangePricing),
  }));
  flagged(paths.cyberedWorkshops, () => ({
    path: relative(paths.cyberedWorkshops),
    handle: { breadcrumbs: false } satisfies RouteHandle,
    loader: () => replace(paths.weeklyWorkshops),
  }));
  const { conferenceUrl } = config;
  routes.push(
    conferenceUrl
      ? leavingRoute(relative(paths.conference), () => ({
          url: absoluteUrl(conferenceUrl),
          title: 'Conference',
          destination: 'the conference site',
        }))
      : hiddenRoute(relative(paths.conference)),
  );
  return routes;
}
