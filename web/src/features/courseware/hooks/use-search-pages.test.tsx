// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SEARCH_FACETS, type SearchContentPage } from '#shared/contracts/search';
import { EMPTY_SEARCH, searchRequestOf } from '#shared/courseware-search';
import { contentSummary } from '../../../testing/fixtures.ts';
import { useSearchPages } from './use-search-pages.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(cached: SearchContentPage | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  // The landing list's first page under the key the first HTML embeds it with.
  if (cached) queryClient.setQueryData(['content', 'search', searchRequestOf(EMPTY_SEARCH)], cached);
  const fetchSpy = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetchSpy);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // A first-load wait far longer than the test: only the cache can answer within it.
  const hook = renderHook(() => useSearchPages({ search: EMPTY_SEARCH, debounceMs: 60_000 }), { wrapper });
  return { hook, fetchSpy };
}

describe('useSearchPages and the first-load wait (issue 22 item 2)', () => {
  it('shows the pages the cache holds at once, during the wait, asking for nothing', () => {
    const items = [contentSummary({ name: 'a' }), contentSummary({ name: 'b' })];
    const { hook, fetchSpy } = setup({ items, nextPageToken: 't2', total: 12, facets: NO_SEARCH_FACETS });
    expect(hook.result.current.isPending).toBe(false);
    expect(hook.result.current.items.map((item) => item.name)).toEqual(['a', 'b']);
    expect(hook.result.current.pageCount).toBe(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is pending during the wait when the cache has nothing', () => {
    const { hook, fetchSpy } = setup(null);
    expect(hook.result.current.isPending).toBe(true);
    expect(hook.result.current.items).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
