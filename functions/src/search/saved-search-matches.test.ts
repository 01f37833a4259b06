import { describe, expect, it } from 'vitest';
import { SavedSearchQuery } from '#shared/contracts/saved-search';
import { catalogDocument } from '../test-support/catalog-document.ts';
import { buildCatalogIndex } from './in-memory-index.ts';
import type { CatalogDocument } from './port.ts';
import { newMatchesOf } from './saved-search-matches.ts';

/** A published lesson (`catalogDocument`) last modified at `modifiedTimestamp`. */
function doc(name: string, modifiedTimestamp: string, overrides: Partial<CatalogDocument> = {}): CatalogDocument {
  return catalogDocument(name, { modifiedTimestamp, ...overrides });
}

const index = buildCatalogIndex(
  [
    doc('Cipher lab, old', '2026-11-01T00:00:00.000Z'),
    doc('Cipher lab, at the point', '2026-11-10T00:00:00.000Z'),
    doc('Cipher lab, new', '2026-11-12T00:00:00.000Z'),
    doc('Cipher exercise, newest', '2026-11-14T00:00:00.000Z', { category: 'exercise', categories: ['exercise'] }),
    doc('Cipher lab, unpublished', '2026-11-15T00:00:00.000Z', { status: 'unpublished' }),
    doc('Firewall lab, new', '2026-11-13T00:00:00.000Z'),
  ],
  { revision: 1, builtAt: '2026-11-20T00:00:00.000Z' },
);
const WINDOW = '2026-08-22T00:00:00.000Z';

describe('new matches of a saved search (issue 24 item 8)', () => {
  it('finds the published matches updated strictly after the point, newest first', () => {
    const matches = newMatchesOf(index, SavedSearchQuery.parse({ text: 'cipher' }), '2026-11-10T00:00:00.000Z', {
      limit: 10,
      windowStart: WINDOW,
    });
    expect(matches.items.map((item) => item.name)).toEqual(['Cipher exercise, newest', 'Cipher lab, new']);
    expect(matches.total).toBe(2);
    expect(matches.newest).toBe('2026-11-14T00:00:00.000Z');
  });

  it('applies the saved filter, counts beyond the limit, and finds nothing after the newest', () => {
    const lessons = SavedSearchQuery.parse({ text: 'cipher', filter: { contentCategories: ['lesson'] } });
    expect(
      newMatchesOf(index, lessons, '2026-11-01T00:00:00.000Z', { limit: 10, windowStart: WINDOW }).items.map(
        (item) => item.name,
      ),
    ).toEqual(['Cipher lab, new', 'Cipher lab, at the point']);
    const counted = newMatchesOf(index, SavedSearchQuery.parse({}), '2026-01-01T00:00:00.000Z', {
      limit: 1,
      windowStart: WINDOW,
    });
    expect(counted.items).toHaveLength(1);
    expect(counted.total).toBe(5);
    expect(
      newMatchesOf(index, SavedSearchQuery.parse({}), '2026-11-14T00:00:00.000Z', { limit: 5, windowStart: WINDOW }),
    ).toEqual({
      items: [],
      total: 0,
      newest: null,
    });
  });

  it('narrows by the resolved work role and widens a KSA filter by its crosswalk twin (issue 27)', () => {
    const mapped = buildCatalogIndex(
      [
        doc('Role lab', '2026-11-12T00:00:00.000Z', { tksIds: ['T1001', 'K0018'] }),
        doc('Other lab', '2026-11-13T00:00:00.000Z', { tksIds: ['T9999'] }),
        doc('Old-generation lab', '2026-11-14T00:00:00.000Z', { ksaIds: ['K0018'] }),
      ],
      { revision: 1, builtAt: '2026-11-20T00:00:00.000Z' },
    );
    const since = '2026-11-01T00:00:00.000Z';
    const options = { limit: 10, windowStart: WINDOW };
    const all = SavedSearchQuery.parse({});
    expect(newMatchesOf(mapped, all, since, options).total).toBe(3);
    const role = { workRoleStatements: { facet: 'tksIds' as const, ids: ['T1001', 'T1002'] } };
    expect(newMatchesOf(mapped, all, since, options, role).items.map((item) => item.name)).toEqual(['Role lab']);
    const ksa = SavedSearchQuery.parse({ filter: { ksaIds: ['K0018'] } });
    expect(newMatchesOf(mapped, ksa, since, options).items.map((item) => item.name)).toEqual(['Old-generation lab']);
    const twins = { knowledgeTwins: { ksaIds: ['K0018'], tksIds: [] } };
    expect(newMatchesOf(mapped, ksa, since, options, twins).items.map((item) => item.name)).toEqual([
      'Old-generation lab',
      'Role lab',
    ]);
  });
});
