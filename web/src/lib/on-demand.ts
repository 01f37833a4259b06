import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/**
 * A component loaded on first need, so that its code (a menu's or a dialog's
 * machinery) stays out of what the browser downloads before the first render.
 * `preload` starts the download once and can be called any number of times; a
 * failed download is tried again on the next call.
 */
export interface OnDemand<P> {
  preload(): Promise<ComponentType<P>>;
  /** The component once loaded, else null. */
  loaded(): ComponentType<P> | null;
}

export function onDemand<P>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let component: ComponentType<P> | null = null;
  return {
    preload() {
      pending ??= load().then(
        (loaded) => {
          component = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}

/** The component once loaded (null until then); `load()` asks for it. */
export function useOnDemand<P>(source: OnDemand<P>): { Component: ComponentType<P> | null; load: () => void } {
  const [Component, setComponent] = useState<ComponentType<P> | null>(() => source.loaded());
  const load = useCallback(() => {
    source.preload().then(
      (loaded) => setComponent(() => loaded),
      () => {
        // Not reachable right now (offline, a new deployment): the next use tries again.
      },
    );
  }, [source]);
  return { Component, load };
}

/** How the reader opened a popup whose code was not loaded yet: replayed on the real trigger. */
export type OpenIntent = { readonly kind: 'click' } | { readonly kind: 'key'; readonly key: string };

/** The keys that open a menu from its trigger button (WAI-ARIA menu button pattern). */
const MENU_OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A popup trigger whose popup (and its machinery) loads on first use. Until then the
 * trigger is a plain button with the same look, name and `aria-haspopup`; hovering
 * or focusing it starts the download ahead of time. A click or an opening key loads
 * the popup, and the loaded component replays that interaction on its own trigger
 * (`useReplayedIntent`), so it opens exactly as if it had been there all along.
 */
export function useOnDemandTrigger<P>(source: OnDemand<P>) {
  const { Component, load } = useOnDemand(source);
  const [intent, setIntent] = useState<OpenIntent | null>(null);

  const prefetch = useCallback(() => {
    source.preload().catch(() => {
      // Tried again on click.
    });
  }, [source]);

  const open = useCallback(
    (next: OpenIntent) => {
      setIntent(next);
      load();
    },
    [load],
  );

  const triggerProps = {
    onPointerEnter: (_event: PointerEvent<HTMLButtonElement>) => prefetch(),
    onFocus: (_event: FocusEvent<HTMLButtonElement>) => prefetch(),
    onClick: () => open({ kind: 'click' }),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!MENU_OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      open({ kind: 'key', key: event.key });
    },
  };

  return { Component, intent, triggerProps };
}

/**
 * Replays, once, the interaction that loaded a popup (see `useOnDemandTrigger`) on
 * its real trigger: focus first (the placeholder that had it is gone), then the
 * click or the key. It runs right after the commit that mounted the popup, once
 * the popup's state machine has started (and, in development, after StrictMode has
 * restarted it).
 */
export function useReplayedIntent(triggerRef: RefObject<HTMLElement | null>, intent: OpenIntent | null | undefined) {
  const replayed = useRef(false);
  useEffect(() => {
    if (!intent || replayed.current) return;
    let cancelled = false;
    queueMicrotask(() => {
      const trigger = triggerRef.current;
      if (cancelled || replayed.current || !trigger) return;
      replayed.current = true;
      trigger.focus();
      if (intent.kind === 'click') trigger.click();
      else
        trigger.dispatchEvent(
          new window.KeyboardEvent('keydown', { key: intent.key, bubbles: true, cancelable: true }),
        );
    });
    return () => {
      cancelled = true;
    };
  }, [triggerRef, intent]);
}
