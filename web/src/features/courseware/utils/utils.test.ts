// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ChildContent } from '#shared/contracts/content';
import { parseCoursewareSearch, toSearchParams } from '#shared/courseware-search';
import { contentSummary } from '../../../testing/fixtures.ts';
import { mainCategory, otherTags } from './categories.ts';
import { contentPath, normaliseIdOrAlias } from './content-path.ts';
import { sanitizeDescription } from './description.ts';
import { groupChildren } from './group-children.ts';

describe('contentPath', () => {
  const id = '01jd7k2m3n4p5q6r7s8t9v0w1c';
  it('uses the alias under /courseware/', () => {
    expect(contentPath({ id, urlAlias: 'seed-labs/buffer-overflow' })).toBe('/courseware/seed-labs/buffer-overflow');
  });
  it('normalises aliases that already carry /courseware/ or slashes', () => {
    expect(contentPath({ id, urlAlias: '/courseware/seed-labs/' })).toBe('/courseware/seed-labs');
    expect(contentPath({ id, urlAlias: 'courseware/seed-labs' })).toBe('/courseware/seed-labs');
  });
  it('falls back to the id', () => {
    expect(contentPath({ id, urlAlias: '' })).toBe(`/courseware/${id}`);
    expect(contentPath({ id, urlAlias: '/courseware/' })).toBe(`/courseware/${id}`);
  });
  it('lower-cases the parameter for the API', () => {
    expect(normaliseIdOrAlias('/SEED-Labs/Software/')).toBe('seed-labs/software');
  });
});

describe('sanitizeDescription', () => {
  it('strips the search-tags block, scripts and handlers', () => {
    const html = sanitizeDescription(
      '<!--search-tags: overflow | stack --><p onclick="x()">Hello <a href="javascript:alert(1)">x</a></p><script>x()</script>',
    );
    expect(html).toBe('<p>Hello <a>x</a></p>');
  });
  it('drops every HTML comment, not only the search-tags block', () => {
    expect(sanitizeDescription('<p>a</p><!-- note --><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });
  it('cuts the opener of links that open a new tab', () => {
    expect(sanitizeDescription('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('categories and tags', () => {
  it('takes the first category that is not exercise as the main one', () => {
    expect(mainCategory(['exercise', 'lesson'])).toBe('lesson');
    expect(mainCategory(['exercise'])).toBe('exercise');
    expect(mainCategory([])).toBeNull();
  });
  it('keeps only other tags', () => {
    expect(otherTags(['lab', 'Lesson', 'beginner', 'Graduate student', 'software security', 'LAB'])).toEqual([
      'lab',
      'software security',
    ]);
  });
  it('groups children in index order by first appearance', () => {
    const child = (index: number, categories: ChildContent['categories']) => ({
      ...contentSummary({ name: `c${index}`, categories }),
      index,
      version: 1,
    });
    const groups = groupChildren([child(2, ['lesson']), child(0, ['exercise']), child(1, ['exercise', 'module'])]);
    expect(groups.map((group) => [group.category, group.items.map((item) => item.name)])).toEqual([
      ['exercise', ['c0']],
      ['module', ['c1']],
      ['lesson', ['c2']],
    ]);
  });
});

describe('courseware search in the query string', () => {
  it('reads repeated parameters and new=true', () => {
    const search = parseCoursewareSearch(new URLSearchParams('q=overflow&cat=lesson&cat=module&new=true&ksas=K0070'));
    expect(search).toMatchObject({ q: 'overflow', cat: ['lesson', 'module'], new: true, ksas: ['K0070'], tag: [] });
    expect(toSearchParams(search).toString()).toBe('q=overflow&cat=lesson&cat=module&ksas=K0070&new=true');
  });
});
