export interface Crumb {
  readonly label: string;
  readonly to: string;
  /** The last crumb: the page on screen. */
  readonly current: boolean;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Breadcrumbs of a path (spec §2.3): Home, then one crumb per path segment linking
 * to the path up to it. Hyphens read as spaces; underscores read as spaces in the
 * last crumb only. The root has none. (Alias and dynamic routes opt out at the
 * route, not here.)
 */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [];
  const crumbs: Crumb[] = [{ label: 'Home', to: '/', current: false }];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    let label = decodeSegment(segment).replace(/-/g, ' ');
    if (last) label = label.replace(/_/g, ' ');
    crumbs.push({ label, to: `/${segments.slice(0, index + 1).join('/')}`, current: last });
  });
  return crumbs;
}
