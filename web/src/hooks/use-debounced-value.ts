import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (a search box's text, so that typing sends one request). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
