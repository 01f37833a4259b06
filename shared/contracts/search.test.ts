import { describe, expect, it } from 'vitest';
import {
  effectiveSearchSort,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_AND_TOKEN_MESSAGE,
  SEARCH_SORTS,
  SearchContentRequest,
} from './search.ts';

/** The sort and page fields of the search request (issue 24 items 3 and 4; decision records 052, 053). */
describe('SearchContentRequest sort and page', () => {
  it('leaves sort and page out by default', () => {
    const request = SearchContentRequest.parse({});
    expect(request).not.toHaveProperty('sort');
    expect(request).not.toHaveProperty('page');
  });

  it.each(SEARCH_SORTS)('accepts the sort "%s"', (sort) => {
    expect(SearchContentRequest.parse({ sort }).sort).toBe(sort);
  });

  it('refuses an unknown sort, a page outside 1…30,000, and a page with a token', () => {
    expect(SearchContentRequest.safeParse({ sort: 'popular' }).success).toBe(false);
    expect(SearchContentRequest.safeParse({ page: 0 }).success).toBe(false);
    expect(SearchContentRequest.safeParse({ page: SEARCH_MAX_PAGE + 1 }).success).toBe(false);
    expect(SearchContentRequest.safeParse({ page: SEARCH_MAX_PAGE }).success).toBe(true);
    const both = SearchContentRequest.safeParse({ page: 2, filter: { nextPageToken: 'eyJvIjoxMH0' } });
    expect(both.success).toBe(false);
    expect(both.error?.issues).toEqual([
      expect.objectContaining({ path: ['page'], message: SEARCH_PAGE_AND_TOKEN_MESSAGE }),
    ]);
  });
});

describe('effectiveSearchSort', () => {
  it('defaults to relevance with text and to updated without', () => {
    expect(effectiveSearchSort('sql', undefined)).toBe('relevance');
    expect(effectiveSearchSort('', undefined)).toBe('updated');
    expect(effectiveSearchSort('  ', undefined)).toBe('updated');
  });

  it('keeps a chosen order, except relevance without text', () => {
    expect(effectiveSearchSort('', 'relevance')).toBe('updated');
    expect(effectiveSearchSort('', 'name')).toBe('name');
    expect(effectiveSearchSort('sql', 'downloads')).toBe('downloads');
  });
});
