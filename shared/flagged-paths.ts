import type { FeatureFlag, FeatureFlags } from '#shared/contracts/runtime-config';

/**
 * Which feature flag of spec §2.2 hides which page ("Feature flags hide pages when
 * off"; issue 21 item 21): the one map read by the route guard of the site's pages
 * ({@link hiddenByFlag}: the editable site pages, the public site routes and the
 * catch-all's CMS pages). A flag hides its address and every address below it
 * (`/community` off hides `/community/cyber-workshops` too). Pages of no flag
 * (features, newsletter, terms of use, privacy, …) are always on. The courseware
 * list keeps its own guard (its flag hides the list only; content pages stay, spec
 * §2.2). Shared by the SPA and the html group, which serves the bare shell for a hidden
 * address, so its first HTML never shows what the SPA hides (decision record 043). The
 * addresses are the SPA's `paths` (`web/src/config/paths.ts`; its test checks them).
 */
export const FLAGGED_PATHS: Readonly<Record<string, FeatureFlag>> = {
  '/news': 'news',
  '/events': 'event',
  '/about': 'about',
  '/team': 'team',
  '/jobs': 'jobs',
  '/contact': 'contact',
  '/contact-us': 'contact',
  '/resources': 'resources',
  '/call-for-courseware/content-categories': 'resources',
  '/call-for-courseware': 'callForCourseware',
  '/pricing': 'pricing',
  '/rangepricing': 'pricing',
  '/community': 'community',
  '/community/cyber-workshops': 'weeklyWorkshops',
  '/community/cybered-workshops': 'weeklyWorkshops',
  '/community/k12-advisory-board': 'k12Advisory',
};

/**
 * The flags that govern `pathname` (an in-app path, any case, with or without a
 * query or a trailing slash): the flag of the path itself and of each path above it.
 */
export function flagsOfPath(pathname: string): FeatureFlag[] {
  const segments = pathname.split(/[?#]/, 1)[0]?.toLowerCase().split('/').filter(Boolean) ?? [];
  const flags: FeatureFlag[] = [];
  for (let end = 1; end <= segments.length; end += 1) {
    const flag = FLAGGED_PATHS[`/${segments.slice(0, end).join('/')}`];
    if (flag) flags.push(flag);
  }
  return flags;
}

/** True when a flag of `pathname` ({@link flagsOfPath}) is off: the page shows not found and no link leads there. */
export function hiddenByFlag(pathname: string, flags: FeatureFlags): boolean {
  return flagsOfPath(pathname).some((flag) => !flags[flag]);
}
