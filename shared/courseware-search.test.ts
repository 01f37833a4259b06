import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_SEARCH,
  isSearching,
  PER_PAGE_CHOICES,
  parseCoursewareSearch,
  parseSearchView,
  searchPageRequest,
  searchRequestOf,
  toSearchParams,
  validateSearchText,
  withSearch,
} from './courseware-search.ts';

const DU = '01jd7k2m3n4p5q6r7s8t9v0w1d';
const FULL =
  'q=buffer+overflow&edu=highschool&edu=graduatestudent&exp=beginner&exp=advanced&cat=lesson&cat=module' +
  `&ksas=K0070&ksas=S0078&kus=CO-M.4&tkss=T1262&cid=${DU}&tag=lab&tag=software+security&new=true`;

describe('the search in the address', () => {
  it('round-trips every parameter, lists as repeated parameters', () => {
    const search = parseCoursewareSearch(new URLSearchParams(FULL));
    expect(search).toEqual({
      q: 'buffer overflow',
      edu: ['highschool', 'graduatestudent'],
      exp: ['beginner', 'advanced'],
      cat: ['lesson', 'module'],
      ksas: ['K0070', 'S0078'],
      kus: ['CO-M.4'],
      tkss: ['T1262'],
      cid: [DU],
      new: true,
      tag: ['lab', 'software security'],
    });
    expect(toSearchParams(search).toString()).toBe(FULL);
    expect(parseCoursewareSearch(toSearchParams(search))).toEqual(search);
  });

  it('drops blank and repeated values and reads new=1 as true', () => {
    const search = parseCoursewareSearch(
      new URLSearchParams('q=%20%20&cat=lesson&cat=&cat=lesson&tag=%20lab%20&new=1'),
    );
    expect(search).toMatchObject({ q: '', cat: ['lesson'], tag: ['lab'], new: true });
    expect(parseCoursewareSearch(new URLSearchParams('new=false')).new).toBe(false);
  });

  it('keeps parameters that are not part of the search when the search changes', () => {
    const next = withSearch(new URLSearchParams('creating=1&q=old&cat=course'), {
      ...EMPTY_SEARCH,
      q: 'new',
      kus: ['CO-M.4'],
    });
    expect(next.toString()).toBe('creating=1&q=new&kus=CO-M.4');
  });

  it('is searching with text or any filter, and counts the chosen filters', () => {
    expect(isSearching(EMPTY_SEARCH)).toBe(false);
    expect(isSearching({ ...EMPTY_SEARCH, q: 'xss' })).toBe(true);
    expect(isSearching({ ...EMPTY_SEARCH, new: true })).toBe(true);
    expect(isSearching({ ...EMPTY_SEARCH, tkss: ['T1262'] })).toBe(true);
    expect(activeFilterCount(parseCoursewareSearch(new URLSearchParams(FULL)))).toBe(14);
  });
});

describe('validateSearchText', () => {
  it('trims, allows no text, asks for 2 to 256 characters', () => {
    expect(validateSearchText('  xss ')).toEqual({ ok: true, text: 'xss' });
    expect(validateSearchText('   ')).toEqual({ ok: true, text: '' });
    expect(validateSearchText(' a ')).toEqual({ ok: false, message: 'Please enter at least two characters.' });
    expect(validateSearchText('x'.repeat(256))).toMatchObject({ ok: true });
    expect(validateSearchText('x'.repeat(257))).toEqual({ ok: false, message: 'Please enter at most 256 characters.' });
  });
});

describe('searchRequestOf', () => {
  it('maps the address to the search filter of spec §3', () => {
    const request = searchRequestOf(parseCoursewareSearch(new URLSearchParams(FULL)), { pageToken: 'p2' });
    expect(request).toEqual({
      text: 'buffer overflow',
      filter: {
        educationLevels: ['highschool', 'graduatestudent'],
        experienceLevels: ['beginner', 'advanced'],
        contentCategories: ['lesson', 'module'],
        ksaIds: ['K0070', 'S0078'],
        kuIds: ['CO-M.4'],
        tksIds: ['T1262'],
        contributorIds: [DU],
        newOrUpdatedContent: true,
        tags: ['lab', 'software security'],
        nextPageToken: 'p2',
      },
      limit: 10,
    });
  });

  it('leaves out what the API would refuse: bad text, unknown levels, malformed ids, long tags', () => {
    const request = searchRequestOf(
      parseCoursewareSearch(
        new URLSearchParams(`q=a&edu=kindergarten&cat=lab&cat=lesson&ksas=K0070!&cid=nope&tag=${'t'.repeat(51)}`),
      ),
    );
    expect(request.text).toBe('');
    expect(request.filter).toMatchObject({
      educationLevels: [],
      contentCategories: ['lesson'],
      ksaIds: [],
      contributorIds: [],
      tags: [],
    });
    expect(request.filter).not.toHaveProperty('nextPageToken');
  });

  it('sends at most 200 values of one filter', () => {
    const many = Array.from({ length: 250 }, (_, index) => `K${String(index).padStart(4, '0')}`);
    expect(searchRequestOf({ ...EMPTY_SEARCH, ksas: many }).filter.ksaIds).toHaveLength(200);
  });
});

describe('parseSearchView and the sort and page of the request (issue 24 items 3 and 4)', () => {
  it('reads page, results per page and order; anything else is the default', () => {
    expect(parseSearchView(new URLSearchParams('q=x&page=4&per=25&sort=name'))).toEqual({
      page: 4,
      perPage: 25,
      sort: 'name',
    });
    expect(parseSearchView(new URLSearchParams('page=0&per=7&sort=popular'))).toEqual({
      page: 1,
      perPage: 10,
      sort: undefined,
    });
    expect(PER_PAGE_CHOICES).toEqual([10, 25, 50]);
  });

  it('sends sort and page only when they are not the defaults, and never a page with a token', () => {
    const search = parseCoursewareSearch(new URLSearchParams('q=overflow'));
    expect(searchRequestOf(search)).not.toHaveProperty('sort');
    expect(searchRequestOf(search, { page: 1 })).not.toHaveProperty('page');
    expect(searchRequestOf(search, { sort: 'newest', page: 3, limit: 25 })).toMatchObject({
      sort: 'newest',
      page: 3,
      limit: 25,
    });
    expect(searchRequestOf(search, { page: 3, pageToken: 't' })).not.toHaveProperty('page');
  });

  it('keeps the order and the page size when a new search is written, and drops the page', () => {
    const next = withSearch(new URLSearchParams('q=a&sort=name&per=50&page=3'), { ...EMPTY_SEARCH, q: 'b' });
    expect(next.toString()).toBe('sort=name&per=50&q=b');
  });

  it('carries a work role in the address and the request, ranked by relevance (decision record 079)', () => {
    const search = parseCoursewareSearch(new URLSearchParams('workRole=DD-WRL-001'));
    expect(search.workRole).toBe('DD-WRL-001');
    expect(isSearching(search)).toBe(true);
    expect(toSearchParams(search).toString()).toBe('workRole=DD-WRL-001');
    expect(searchRequestOf(search).filter.workRole).toBe('DD-WRL-001');
    const page = searchPageRequest(search, parseSearchView(new URLSearchParams()));
    expect(page.sort).toBe('relevance');
    expect(page.request).not.toHaveProperty('sort');
    // A malformed role from a hand-edited address is left out of the request.
    expect(searchRequestOf(parseCoursewareSearch(new URLSearchParams('workRole=nope'))).filter).not.toHaveProperty(
      'workRole',
    );
  });
});
