import { type UIMatch, useMatches } from 'react-router-dom';

/** What a route tells the shell about itself (react-router `handle`). */
export interface RouteHandle {
  /** False on alias and dynamic routes, which show no path breadcrumbs (spec §2.3). */
  readonly breadcrumbs?: boolean;
  /** True on courseware and alias routes: /login returns here afterwards (spec §2.2). */
  readonly returnAfterLogin?: boolean;
}

/** The handles of the matched routes merged, the deepest route winning. */
export function mergeHandles(matches: readonly Pick<UIMatch, 'handle'>[]): RouteHandle {
  const merged: Record<string, unknown> = {};
  for (const match of matches) Object.assign(merged, match.handle as RouteHandle | undefined);
  return merged as RouteHandle;
}

export function useRouteHandle(): RouteHandle {
  return mergeHandles(useMatches());
}
