import { describe, expect, it } from 'vitest';
import { mainCategory } from '../../../lib/categories.ts';
import { contentPath } from '../../../lib/content-path.ts';
import { contentSummary } from '../../../testing/fixtures.ts';
import { datePart, sortRows, toContentRow } from './content-rows.ts';

describe('content rows of the Courseware Info table', () => {
  it('links by URL alias under /courseware, or by id when there is none', () => {
    expect(contentPath({ id: 'abc', urlAlias: '/courseware/seed-labs/lab one/' })).toBe(
      '/courseware/seed-labs/lab%20one',
    );
    expect(contentPath({ id: 'abc', urlAlias: 'seed-labs' })).toBe('/courseware/seed-labs');
    expect(contentPath({ id: 'abc', urlAlias: '  ' })).toBe('/courseware/abc');
  });

  it('takes the first category that is not exercise as the main one', () => {
    expect(mainCategory(['exercise', 'module', 'course'])).toBe('module');
    expect(mainCategory(['exercise'])).toBe('exercise');
    expect(mainCategory([])).toBeNull();
  });

  it('keeps the date part of a timestamp as stored (UTC)', () => {
    expect(datePart('2026-03-04T23:59:59.000Z')).toBe('2026-03-04');
  });

  it('puts rows without an author last in both directions', () => {
    const rows = [
      toContentRow(contentSummary({ name: 'none', author: null })),
      toContentRow(contentSummary({ name: 'zed', author: 'Zed' })),
      toContentRow(contentSummary({ name: 'amy', author: 'amy' })),
    ];
    expect(sortRows(rows, { column: 'author', direction: 'ascending' }).map((row) => row.title)).toEqual([
      'amy',
      'zed',
      'none',
    ]);
    expect(sortRows(rows, { column: 'author', direction: 'descending' }).map((row) => row.title)).toEqual([
      'zed',
      'amy',
      'none',
    ]);
  });
});
