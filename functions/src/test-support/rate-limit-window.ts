import { vi } from 'vitest';

/**
 * Moves this process's clock (`Date` only: timers stay real and time keeps flowing)
 * to one second into the next fixed rate-limit window of `windowSeconds`, so that a
 * test's requests up to a limit and the one past it all fall into one window however
 * slow the machine is. Windows start at multiples of `windowSeconds` since the epoch
 * (decision record 025); a test that crossed a boundary half-way would see its count
 * start again and the request past the limit pass. The handlers must run in this
 * process. Undo with `vi.useRealTimers()` (an `afterEach` of the test file).
 * @param windowSeconds the limit's window, in seconds (ROUTE_RATE_LIMITS, PUBLIC_FORM_RATE_LIMIT).
 */
export function startOfNextRateLimitWindow(windowSeconds: number): void {
  const windowMs = windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime((Math.floor(Date.now() / windowMs) + 1) * windowMs + 1000);
}
