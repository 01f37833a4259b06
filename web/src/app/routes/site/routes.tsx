import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, replace } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { paths } from '../../../config/paths.ts';
import { leaveFor } from '../../../lib/external-navigation.ts';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { absoluteUrl } from '../../../lib/runtime-config.tsx';
import { type LeavingData, LeavingRoute } from '../leaving.tsx';

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
 * The public site's smaller routes of spec §2.2 (newsletter, contact, jobs, call for
 * courseware, content categories, conference, pricing and community redirects,
 * knowledge base notice), each behind its flag. A route whose flag is off is left
 * out, so its address shows the catch-all's not-found page. Screens load lazily.
 * `/template.csv` is not a route: it is a static file of `web/public`.
 */
export function publicSiteRoutes({ config }: { config: RuntimeConfig; queryClient: QueryClient }): RouteObject[] {
  const { flags } = config;
  const routes: RouteObject[] = [
    { path: relative(paths.newsletter), lazy: () => import('./newsletter.tsx') },
    { path: relative(paths.knowledgeBase), lazy: () => import('./knowledge-base.tsx') },
    { path: relative(paths.callForCoursewarePage), lazy: () => import('./call-for-courseware.tsx') },
    { path: relative(paths.conference2018), lazy: () => import('./conference-2018.tsx') },
  ];
  if (flags.contact) {
    routes.push(
      { path: relative(paths.contact), lazy: () => import('./contact.tsx') },
      { path: relative(paths.contactUs), lazy: () => import('./contact.tsx') },
    );
  }
  if (flags.jobs) routes.push({ path: relative(paths.jobs), lazy: () => import('./jobs.tsx') });
  if (flags.callForCourseware) {
    routes.push({ path: relative(paths.callForCourseware), lazy: () => import('./call-for-courseware.tsx') });
  }
  if (flags.resources) {
    routes.push({ path: relative(paths.contentCategories), lazy: () => import('./content-categories.tsx') });
  }
  if (flags.pricing) {
    routes.push(
      leavingRoute(relative(paths.pricing), () => ({
        url: absoluteUrl(paths.rangePricing),
        title: 'Pricing',
        destination: 'the pricing page',
      })),
    );
  }
  if (flags.community) {
    routes.push({
      path: relative(paths.cyberedWorkshops),
      handle: { breadcrumbs: false } satisfies RouteHandle,
      loader: () => replace(paths.weeklyWorkshops),
    });
  }
  const { conferenceUrl } = config;
  if (conferenceUrl) {
    routes.push(
      leavingRoute(relative(paths.conference), () => ({
        url: absoluteUrl(conferenceUrl),
        title: 'Conference',
        destination: 'the conference site',
      })),
    );
  }
  return routes;
}
