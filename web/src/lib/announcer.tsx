import { VisuallyHidden } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

let message = '';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: string) {
  message = next;
  for (const listener of listeners) listener();
}

/**
 * Says `text` through the polite live region. The region is emptied first so that
 * the same sentence twice in a row is read twice.
 */
export function announce(text: string): void {
  set('');
  queueMicrotask(() => set(text));
}

/** The polite live region every announcement goes through; render it once, in the shell. */
export function LiveAnnouncer() {
  const text = useSyncExternalStore(subscribe, () => message);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </VisuallyHidden>
  );
}
