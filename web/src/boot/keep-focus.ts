/**
 * Keeps the keyboard focus where it was when the SPA replaces a server-rendered page
 * (issue 22 item 2; decision record 043): a visitor who tabbed to a link of the first
 * HTML, which started the SPA, stays on the same link in the SPA's page.
 */

/** What identifies a focused element across the two renderings of a page. */
export interface FocusMark {
  /** The element's tag, lower case (`a`, `button`). */
  readonly tag: string;
  /** The link's `href` attribute, when it has one. */
  readonly href: string | null;
  /** Its text, whitespace collapsed. */
  readonly text: string;
}

const normalized = (value: string | null): string => (value ?? '').replace(/\s+/g, ' ').trim();

/** The mark of the element focused inside `root`, or null when the focus is elsewhere. */
export function markFocus(root: Element, active: Element | null): FocusMark | null {
  if (!active || active === root || !root.contains(active)) return null;
  return { tag: active.tagName.toLowerCase(), href: active.getAttribute('href'), text: normalized(active.textContent) };
}

/**
 * Focuses the element of `root` that matches `mark` (same tag, same `href`, same text;
 * else same tag and `href`), without scrolling. Returns whether one was found.
 */
export function restoreFocus(root: Element, mark: FocusMark | null): boolean {
  if (!mark) return false;
  const candidates = [...root.querySelectorAll<HTMLElement>(mark.tag)].filter(
    (element) => element.getAttribute('href') === mark.href,
  );
  const target = candidates.find((element) => normalized(element.textContent) === mark.text) ?? candidates[0];
  if (!target) return false;
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Watches `root` while the SPA's first render replaces what it holds now: the last
 * element focused in the old content is marked (the visitor may keep tabbing while the
 * SPA loads), and once none of the old children is in the document, if the focus was
 * lost with them, it goes to the matching element of the new content
 * ({@link restoreFocus}); then `onReplaced` runs. Stops by itself after the
 * replacement; returns a function that stops it earlier.
 */
export function keepFocusWhileReplaced(
  root: Element,
  doc: Document = document,
  onReplaced: () => void = () => {},
): () => void {
  const old = [...root.children];
  let mark = markFocus(root, doc.activeElement);
  const onFocus = () => {
    mark = markFocus(root, doc.activeElement) ?? mark;
  };
  const observer = new MutationObserver(() => {
    if (old.some((child) => child.isConnected)) return;
    stop();
    if (!doc.activeElement || doc.activeElement === doc.body) restoreFocus(root, mark);
    onReplaced();
  });
  const stop = () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocus);
  };
  root.addEventListener('focusin', onFocus);
  observer.observe(root, { childList: true });
  return stop;
}
