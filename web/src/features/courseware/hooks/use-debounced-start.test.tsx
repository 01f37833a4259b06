// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '#shared/limits';
import { useDebouncedStart } from './use-debounced-start.ts';

// The wait is the thing tested: the clock is the test's (issue 23 item 8).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedStart (spec §9: the first page load waits 500 ms)', () => {
  it('is false for the whole wait after mounting, and true from its last millisecond on', async () => {
    expect(TIMING.firstPageLoadDebounceMs).toBe(500);
    const hook = renderHook(() => useDebouncedStart(TIMING.firstPageLoadDebounceMs));
    expect(hook.result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(TIMING.firstPageLoadDebounceMs - 1));
    expect(hook.result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.result.current).toBe(true);
  });

  it('starts at once when there is no wait', () => {
    expect(renderHook(() => useDebouncedStart(0)).result.current).toBe(true);
  });

  it('leaves no timer behind when unmounted during the wait', () => {
    const hook = renderHook(() => useDebouncedStart(500));
    expect(vi.getTimerCount()).toBe(1);
    hook.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
