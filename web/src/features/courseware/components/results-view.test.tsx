import { describe, expect, it } from 'vitest';
import { pageWindow, resultRange } from './results-view.tsx';

/** The numbers of the numbered pages (issue 24 item 4). */
describe('pageWindow', () => {
  it('lists every page of a short result', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and two either side of the current page, with gaps as null', () => {
    expect(pageWindow(1, 25)).toEqual([1, 2, 3, null, 25]);
    expect(pageWindow(10, 25)).toEqual([1, null, 8, 9, 10, 11, 12, null, 25]);
    expect(pageWindow(25, 25)).toEqual([1, null, 23, 24, 25]);
  });

  it('fills a gap of one page with the page instead of "…"', () => {
    expect(pageWindow(5, 25)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 25]);
  });
});

describe('resultRange', () => {
  it('says which results a page shows, out of the total', () => {
    expect(resultRange(1, 10, 10, 243)).toBe('1–10 of 243');
    expect(resultRange(25, 10, 3, 243)).toBe('241–243 of 243');
    expect(resultRange(2, 50, 50, 1200)).toBe('51–100 of 1,200');
  });
});
