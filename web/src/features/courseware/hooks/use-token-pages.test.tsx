// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTokenPages } from './use-token-pages.ts';

interface Page {
  readonly items: readonly string[];
  readonly nextPageToken: string | null;
}

function setup(cached: Record<string, Page>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  for (const [token, page] of Object.entries(cached)) queryClient.setQueryData(['list', token], page);
  const queryFn = vi.fn(async (): Promise<Page> => ({ items: ['fetched'], nextPageToken: null }));
  const pageQuery = (pageToken: string | undefined) =>
    queryOptions({ queryKey: ['list', pageToken ?? 'first'] as const, queryFn });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // A first-load wait far longer than the test: only the cache can answer within it.
  const hook = renderHook(() => useTokenPages({ pageQuery, resetKey: 'all', debounceMs: 60_000 }), { wrapper });
  return { hook, queryFn };
}

describe('useTokenPages and the first-load wait (issue 22 item 2)', () => {
  it('shows the pages the cache holds at once, during the wait, asking for nothing', () => {
    const { hook, queryFn } = setup({
      first: { items: ['a', 'b'], nextPageToken: 't2' },
      t2: { items: ['c'], nextPageToken: null },
    });
    expect(hook.result.current.isPending).toBe(false);
    expect(hook.result.current.items).toEqual(['a', 'b']);
    expect(hook.result.current.hasNext).toBe(true);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('is pending during the wait when the cache has nothing', () => {
    const { hook, queryFn } = setup({});
    expect(hook.result.current.isPending).toBe(true);
    expect(hook.result.current.items).toEqual([]);
    expect(queryFn).not.toHaveBeenCalled();
  });
});
