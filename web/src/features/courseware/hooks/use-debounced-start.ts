import { useEffect, useState } from 'react';

/** False for `delayMs` after mounting, then true (spec §9: the first page load waits 500 ms). */
export function useDebouncedStart(delayMs: number): boolean {
  const [started, setStarted] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setStarted(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return started;
}
