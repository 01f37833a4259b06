import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORTS, type SearchSort } from '#shared/contracts/search';
import type { ContentStatus } from '#shared/enums';
import { seedId } from '../domain/ids.ts';
import { catalogDocument } from '../test-support/catalog-document.ts';
import { createRandom } from './catalog-generator.ts';
import { buildCatalogIndex, loadCatalogIndex, serializeCatalogIndex } from './in-memory-index.ts';
import { type CatalogDocument, type CatalogIndex, NO_SEARCH_FILTER, type SearchQuery } from './port.ts';
import { EXACT_NAME_BOOST, EXACT_PHRASE_BOOST } from './searcher.ts';
import { loadSeedCatalog } from './seed-catalog.ts';

/**
 * The orders of issue 24 item 3 (decision record 052) on the seeded catalog with
 * varied creation and modification times and download counts (many ties, so the id
 * tie-break is exercised): every order, paged in pages of 7, gives every hit exactly
 * once and in the order computed the obvious way; on the built index and after a
 * snapshot round trip.
 */

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const SINCE = new Date(NOW - 90 * 86_400_000).toISOString();
const PAGE = 7;

let documents: CatalogDocument[];
const indexes: Record<string, CatalogIndex> = {};

beforeAll(async () => {
  const seed = await loadSeedCatalog();
  const random = createRandom(52);
  documents = seed.documents.map((document, i) => ({
    ...document,
    status: (i % 9 === 4 ? 'unpublished' : 'published') as ContentStatus,
    // Few distinct days and counts: ties everywhere.
    createdTimestamp: new Date(NOW - random.int(12) * 86_400_000).toISOString(),
    modifiedTimestamp: new Date(NOW - random.int(12) * 86_400_000).toISOString(),
    downloads: random.int(5) === 0 ? 0 : random.int(6),
    // Issue 26 item 3: some unrated, averages and counts with ties.
    ...(random.int(4) === 0 ? {} : { ratingTotals: ratingTotals(random.int(3) + 1, random.int(3)) }),
  }));
  const version = { revision: 3, builtAt: new Date(NOW).toISOString() };
  indexes.built = buildCatalogIndex(documents, version);
  indexes.loaded = await loadCatalogIndex(await serializeCatalogIndex(indexes.built));
});

/** Totals of `count` ratings whose average is one of a few values (3, 3.5 or 4 by `step`). */
function ratingTotals(count: number, step: number): { sum: number; count: number } {
  return { sum: count * (3 + step / 2), count };
}

const average = (document: CatalogDocument) =>
  document.ratingTotals && document.ratingTotals.count > 0
    ? document.ratingTotals.sum / document.ratingTotals.count
    : 0;

function query(text: string, sort: SearchSort | undefined, offset = 0, limit = 300): SearchQuery {
  return {
    text,
    filter: NO_SEARCH_FILTER,
    statuses: ['published'],
    sort,
    offset,
    limit,
    newOrUpdatedSince: SINCE,
  };
}

const byId = (a: CatalogDocument, b: CatalogDocument) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const time = (iso: string) => Date.parse(iso);

/** The obvious comparator of each order other than relevance (ties by id). */
const COMPARE: Record<Exclude<SearchSort, 'relevance'>, (a: CatalogDocument, b: CatalogDocument) => number> = {
  newest: (a, b) => time(b.createdTimestamp) - time(a.createdTimestamp) || byId(a, b),
  updated: (a, b) => time(b.modifiedTimestamp) - time(a.modifiedTimestamp) || byId(a, b),
  downloads: (a, b) => (b.downloads ?? 0) - (a.downloads ?? 0) || byId(a, b),
  name: (a, b) => collator.compare(a.name, b.name) || byId(a, b),
  rating: (a, b) =>
    average(b) - average(a) || (b.ratingTotals?.count ?? 0) - (a.ratingTotals?.count ?? 0) || byId(a, b),
};

/** Every page of `text` in `sort`, `PAGE` at a time, until a page comes back short. */
function walk(index: CatalogIndex, text: string, sort: SearchSort | undefined): { ids: string[]; total: number } {
  const ids: string[] = [];
  let total = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = index.search(query(text, sort, offset, PAGE));
    total = page.total;
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < PAGE) break;
  }
  return { ids, total };
}

describe.each(['built', 'loaded'])('sorting the %s index, paged 7 at a time', (which) => {
  const index = () => indexes[which] as CatalogIndex;
  const visible = () => documents.filter((document) => document.status === 'published');

  it.each(['newest', 'updated', 'downloads', 'name', 'rating'] as const)(
    'without text, "%s" gives every visible item exactly once, in order, over more than one page',
    (sort) => {
      const expected = visible()
        .sort(COMPARE[sort])
        .map((document) => document.id);
      const { ids, total } = walk(index(), '', sort);
      expect(total).toBe(expected.length);
      expect(ids.length).toBeGreaterThan(PAGE * 2);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    },
  );

  it.each(['newest', 'updated', 'downloads', 'name', 'rating'] as const)(
    'with text, "%s" orders exactly the hits of relevance, each once, over more than one page',
    (sort) => {
      const hits = walk(index(), 'attack lab', 'relevance');
      const byId = new Map(documents.map((document) => [document.id, document]));
      const expected = hits.ids
        .map((id) => byId.get(id) as CatalogDocument)
        .sort(COMPARE[sort])
        .map((document) => document.id);
      const { ids, total } = walk(index(), 'attack lab', sort);
      expect(hits.ids.length).toBeGreaterThan(PAGE * 2);
      expect(total).toBe(hits.total);
      expect(ids).toEqual(expected);
    },
  );

  it('relevance pages give the same order as one long page, each hit once', () => {
    const { ids, total } = walk(index(), 'attack lab', 'relevance');
    const whole = index()
      .search(query('attack lab', 'relevance'))
      .items.map((item) => item.id);
    expect(ids).toEqual(whole);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('defaults to relevance with text and to "updated" without; relevance without text is "updated"', () => {
    expect(walk(index(), 'attack lab', undefined).ids).toEqual(walk(index(), 'attack lab', 'relevance').ids);
    expect(walk(index(), '', undefined).ids).toEqual(walk(index(), '', 'updated').ids);
    expect(walk(index(), '', 'relevance').ids).toEqual(walk(index(), '', 'updated').ids);
  });

  it('gives the same total and facets whatever the order', () => {
    const reference = index().search(query('lab', 'relevance'));
    for (const sort of SEARCH_SORTS) {
      const sorted = index().search(query('lab', sort));
      expect(sorted.total).toBe(reference.total);
      expect(sorted.facets).toEqual(reference.facets);
    }
  });
});

describe('exact names and phrases rank above partial matches (decision record 052)', () => {
  const doc = (name: string, summary: string, minutesAgo: number): CatalogDocument => {
    const at = new Date(NOW - minutesAgo * 60_000).toISOString();
    return catalogDocument(name, {
      id: seedId('sort-test', name),
      summary,
      createdTimestamp: at,
      modifiedTimestamp: at,
    });
  };

  // Without the boosts the partial matches win: their names repeat the words, or are shorter.
  const catalog = [
    doc('Firewall Rules', 'Firewall rules, firewall rules and more firewall rules.', 1),
    doc('Rules of the Firewall Game', 'A game about a firewall and its rules.', 2),
    doc('Writing Firewall Rules for a Home Router', 'How to write rules.', 3),
    doc('Rules Rules Firewall Firewall', 'Rules and firewalls, firewall rules.', 4),
    doc('Firewall', 'A firewall.', 5),
  ];

  it('the boosts are tiered: an exact name above an exact phrase above any score', () => {
    expect(EXACT_NAME_BOOST).toBeGreaterThan(EXACT_PHRASE_BOOST);
    expect(EXACT_PHRASE_BOOST).toBeGreaterThan(1_000);
  });

  it.each(['built', 'loaded'])(
    'on the %s index: the exact name first, then the exact phrase, then the rest',
    async (which) => {
      let index = buildCatalogIndex(catalog, { revision: 1, builtAt: new Date(NOW).toISOString() });
      if (which === 'loaded') index = await loadCatalogIndex(await serializeCatalogIndex(index));
      const ranked = index.search(query('firewall rules', 'relevance')).items.map((item) => item.name);
      expect(ranked[0]).toBe('Firewall Rules');
      expect(ranked[1]).toBe('Writing Firewall Rules for a Home Router');
      expect(ranked.slice(2).sort()).toEqual(['Rules Rules Firewall Firewall', 'Rules of the Firewall Game'].sort());
      // Case, accents and punctuation do not matter; a typo is not exact.
      expect(index.search(query('FIREWALL-rulés', 'relevance')).items[0]?.name).toBe('Firewall Rules');
      expect(index.search(query('firewall', 'relevance')).items[0]?.name).toBe('Firewall');
    },
  );

  it('other orders ignore the boosts', () => {
    const index = buildCatalogIndex(catalog, { revision: 1, builtAt: new Date(NOW).toISOString() });
    const named = index.search(query('firewall rules', 'name')).items.map((item) => item.name);
    expect(named).toEqual([...named].sort((a, b) => collator.compare(a, b)));
  });
});
