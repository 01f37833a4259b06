/**
 * When the SPA starts on a page (issue 22 items 2–3; decision record 043).
 *
 * A public page arrives with its main content in the first HTML (decision record 038):
 * a visitor can read it and follow its links without any JavaScript. Starting the SPA
 * costs about 200 KB of JavaScript and the main thread's time to run it, which a phone
 * pays before the page answers a tap. So on such a page a visitor without a session
 * starts the SPA with their first sign of use (a press, a key, focus, a touch, a
 * scroll); everyone else, and every page the server did not render, starts it at once.
 *
 * This module imports nothing: it is the whole of what a server-rendered page loads
 * before that first sign of use (`web/vite.config.ts` keeps it out of the `app` chunk).
 */

/**
 * The events that show someone is using the page; the first one starts the SPA. Not
 * `pointermove`: a browser sends one when a page loads under a resting cursor, which
 * says nothing of the visitor.
 */
export const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'wheel', 'scroll'] as const;

/** The class of the server-rendered page's wrapper (`functions/src/html/templates.ts` `pageBody`). */
export const SERVER_PAGE_CLASS = 'ssr-page';

/** The local storage key prefix and the session's name (`web/src/lib/storage.ts`, the session store's `session`). */
const STORED_SESSION = { prefix: 'courseware-portal:', suffix: ':session' } as const;

/**
 * A global that browser automation driving the SPA sets before the page loads
 * (`tests/e2e/support/browser.ts`), so the SPA starts at once as for a signed-in user.
 */
export const START_AT_ONCE_GLOBAL = '__portalStartAtOnce';

/**
 * The attribute of a server-rendered link that the SPA must follow itself (Sign up, Log
 * in: the SPA's `/login` sends the reader back to the page they were on, which a plain
 * navigation would lose). A click on one starts the SPA and is kept in
 * {@link PENDING_HREF_ATTRIBUTE} on `#root` until the SPA has taken the page over.
 */
export const SPA_LINK_ATTRIBUTE = 'data-spa-link';

/** The attribute of `#root` holding the address of an {@link SPA_LINK_ATTRIBUTE} link clicked before the SPA took over. */
export const PENDING_HREF_ATTRIBUTE = 'data-pending-href';

/** True when `root` holds a page the server rendered (the server page's wrapper is one of its children). */
export function hasServerPage(root: Element | null): boolean {
  return root?.querySelector(`:scope > .${SERVER_PAGE_CLASS}`) != null;
}

/**
 * True when local storage holds a session with a token, under any settings version
 * (the session store's value is `{ savedAt, value: { token, … } }`, JSON).
 * A storage that cannot be read counts as no session.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null): boolean {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (!key?.startsWith(STORED_SESSION.prefix) || !key.endsWith(STORED_SESSION.suffix)) continue;
      const stored = JSON.parse(storage.getItem(key) ?? 'null') as { value?: { token?: unknown } } | null;
      if (typeof stored?.value?.token === 'string' && stored.value.token.length > 0) return true;
    }
  } catch {
    // A storage that is disabled or holds something else: no session to show.
  }
  return false;
}

/** What {@link startWhenUsed} reads of the page. */
export interface StartContext {
  /** The `#root` element. */
  readonly root: Element | null;
  /** `window.localStorage`, or null when reading it throws. */
  readonly storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null;
  /** True when {@link START_AT_ONCE_GLOBAL} is set. */
  readonly atOnce: boolean;
  /** Where the use events are listened for (the window). */
  readonly target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Calls `start` once: at once when the page is not server-rendered, a session is
 * stored or {@link StartContext.atOnce} is set; otherwise on the first of
 * {@link USE_EVENTS} (listened for passively, in the capture phase, so no handler of
 * the page can hide it) or a click on an {@link SPA_LINK_ATTRIBUTE} link. Returns
 * whether it started at once.
 */
export function startWhenUsed(context: StartContext, start: () => void): boolean {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const serverPage = hasServerPage(context.root);
  if (serverPage) holdSpaLinks(context, startOnce);
  if (context.atOnce || !serverPage || hasStoredSession(context.storage)) {
    startOnce();
    return true;
  }
  const options = { capture: true, passive: true } as const;
  const onUse = () => {
    for (const type of USE_EVENTS) context.target.removeEventListener(type, onUse, options);
    startOnce();
  };
  for (const type of USE_EVENTS) context.target.addEventListener(type, onUse, options);
  return false;
}

/**
 * Until the server's page is gone, a click on one of its {@link SPA_LINK_ATTRIBUTE}
 * links does not navigate: its address goes to {@link PENDING_HREF_ATTRIBUTE} on the
 * root (the last click wins) and the SPA starts, then follows it (`start.tsx`).
 */
function holdSpaLinks(context: StartContext, start: () => void): void {
  const root = context.root;
  if (!root) return;
  const onClick = (event: Event) => {
    if (!hasServerPage(root)) {
      context.target.removeEventListener('click', onClick, true);
      return;
    }
    const mouse = event as MouseEvent;
    if (mouse.button > 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    const link = (event.target as Element | null)?.closest?.(`a[${SPA_LINK_ATTRIBUTE}]`);
    const href = link?.getAttribute('href');
    if (!link || !href || !root.contains(link)) return;
    event.preventDefault();
    root.setAttribute(PENDING_HREF_ATTRIBUTE, href);
    start();
  };
  context.target.addEventListener('click', onClick, true);
}

/** The page's {@link StartContext}. */
export function pageStartContext(): StartContext {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    root: document.getElementById('root'),
    storage,
    atOnce: Boolean((globalThis as Record<string, unknown>)[START_AT_ONCE_GLOBAL]),
    target: window,
  };
}
