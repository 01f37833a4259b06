import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { TIMING } from '#shared/limits';
import { announce } from '../lib/announcer.tsx';
import { getPageTitle } from '../lib/document-title.ts';
import { rememberLocation } from '../lib/last-location.ts';

/**
 * What follows every navigation (spec §2.1): focus moves to the skip-link target
 * and, 250 ms later, "navigated to <page title>" is announced. (Spec §2.1's
 * removal of a `v=<digits>` parameter is the root route's loader's, in
 * `app/router.tsx`: the address is replaced before any screen renders.)
 *
 * The first page of a visit keeps the browser's own focus (so the skip link stays
 * the first Tab stop), and changes of the hash alone, or of the query alone by
 * replace, are not page changes. Neither is a change of the query alone pushed with
 * the state {@link KEEP_FOCUS_STATE} by a control on the page (the courseware search
 * filters): moving focus away from the control in use would be a change of context
 * on input (WCAG 3.2.2). Back and forward to such an entry are navigations as usual. Scrolling is `ScrollRestoration`'s: top on push and
 * replace, restored on back and forward.
 */
/** Navigation state of a query-only change made by a control on the page; see {@link useNavigationEffects}. */
export const KEEP_FOCUS_STATE = { keepFocus: true } as const;

function keepsFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepFocus?: unknown }).keepFocus === true;
}

export function useNavigationEffects({ mainId, returnAfterLogin }: { mainId: string; returnAfterLogin: boolean }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  const announcement = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Remembered as the page commits, so a navigation to /login that follows at once (its loader reads it) sees this page.
  useLayoutEffect(() => {
    rememberLocation({ href: `${location.pathname}${location.search}${location.hash}`, returnAfterLogin });
  }, [location, returnAfterLogin]);

  useEffect(() => {
    const before = previous.current;
    if (before?.pathname === location.pathname && before.search === location.search) return;
    previous.current = { pathname: location.pathname, search: location.search };
    if (before === null) return;
    if (navigationType === 'REPLACE' && before.pathname === location.pathname) return;
    if (navigationType === 'PUSH' && before.pathname === location.pathname && keepsFocus(location.state)) return;

    document.getElementById(mainId)?.focus({ preventScroll: true });
    clearTimeout(announcement.current);
    announcement.current = setTimeout(
      () => announce(`navigated to ${getPageTitle()}`.trim()),
      TIMING.announcementDelayMs,
    );
  }, [location, navigationType, mainId]);

  useEffect(() => () => clearTimeout(announcement.current), []);
}
