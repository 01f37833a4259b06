import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContentSummary } from '#shared/contracts/content';
import type { ContentStatus } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { catalogDocuments } from '../test-support/catalog-document.ts';
import { buildCatalogIndex, loadCatalogIndex, serializeCatalogIndex } from './in-memory-index.ts';
import { type CatalogIndex, NO_SEARCH_FILTER, type SearchQuery } from './port.ts';

const VERSION = { revision: 7, builtAt: '2026-11-21T12:00:00.000Z' };
const SINCE = '2026-09-01T00:00:00.000Z';

// Each document one minute older than the one before: the default order is the order they are made in.
const doc = catalogDocuments({ idNamespace: 'search-test' });

function query(
  text: string,
  overrides: Partial<Omit<SearchQuery, 'filter'>> & { filter?: Partial<SearchQuery['filter']> } = {},
): SearchQuery {
  const { filter, ...rest } = overrides;
  return {
    text,
    filter: { ...NO_SEARCH_FILTER, ...filter },
    statuses: ['published'],
    offset: 0,
    limit: 50,
    newOrUpdatedSince: SINCE,
    ...rest,
  };
}

const names = (index: CatalogIndex, q: SearchQuery) => index.search(q).items.map((item) => item.name);

describe('buildCatalogIndex: text', () => {
  const index = buildCatalogIndex(
    [
      doc('Buffer Overflow Attack Lab', { summary: 'Exploit a stack buffer.' }),
      doc('Stack Layout', { summary: 'How a buffer overflow overwrites the return address.' }),
      doc('Buffer Basics', { summary: 'Memory buffers.' }),
      doc('SQL Injection Attack Lab', { summary: 'Inject SQL into a web form.' }),
      doc('Cryptography Basics', { tags: ['crypto'] }),
      doc('Network Basics'),
      doc('Steganography Basics'),
      doc('Mitnick Attack', { summary: 'The rsh remote shell.' }),
      doc('RSA Lab'),
      doc('Hidden keywords', { searchTags: ['stack smashing'] }),
    ],
    VERSION,
  );

  it('ranks a name match above a match in the description only', () => {
    expect(names(index, query('buffer overflow')).slice(0, 2)).toEqual(['Buffer Overflow Attack Lab', 'Stack Layout']);
  });

  it('needs every word (AND)', () => {
    expect(names(index, query('buffer overflow'))).not.toContain('Buffer Basics');
  });

  it('falls back to any word (OR), most words first, when nothing has them all', () => {
    const result = index.search(query('overflow cryptography'));
    expect(result.total).toBe(3);
    expect(result.items.map((item) => item.name)).toContain('Cryptography Basics');
  });

  it('does not fall back for a single word', () => {
    expect(index.search(query('kerberos')).total).toBe(0);
  });

  it('tolerates a typo in words of 4 characters or more, scoring it below an exact match', () => {
    expect(names(index, query('injecton'))).toEqual(['SQL Injection Attack Lab']);
    expect(names(index, query('bufer overflwo'))[0]).toBe('Buffer Overflow Attack Lab');
  });

  it('tolerates no typo in words under 4 characters', () => {
    expect(names(index, query('rsh'))).toEqual(['Mitnick Attack']);
    expect(names(index, query('rsa'))).toEqual(['RSA Lab']);
  });

  it('matches the last word as a prefix, and only the last', () => {
    expect(names(index, query('cryptog'))).toEqual(['Cryptography Basics']);
    expect(names(index, query('basics stega'))).toEqual(['Steganography Basics']);
    // Not last: no prefix, so no document has both words and any word is enough.
    expect(index.search(query('stega basics')).total).toBe(4);
  });

  it('searches the hidden search tags', () => {
    expect(names(index, query('smashing'))).toEqual(['Hidden keywords']);
  });

  it('answers a query of stop words only with the documents holding them', () => {
    expect(names(index, query('the')).sort()).toEqual(['Mitnick Attack', 'Stack Layout']);
  });

  it('finds nothing for text without letters or digits, as if there were no text', () => {
    expect(index.search(query('--')).total).toBe(index.search(query('')).total);
  });
});

describe('buildCatalogIndex: statuses, filters and facets', () => {
  const documents = [
    doc('Alpha lesson', { tags: ['Lab', 'web'], educationLevels: ['highschool'], kuIds: ['BCY'] }),
    doc('Alpha module', { categories: ['module'], category: 'module', tags: ['lab'], kuIds: ['BCY', 'NTP'] }),
    doc('Alpha draft', { status: 'unpublished', tags: ['secret'], kuIds: ['SECRET'] }),
    doc('Alpha archived', { status: 'archived', tags: ['old'] }),
    doc('Alpha exercise', {
      categories: ['exercise'],
      category: 'exercise',
      tags: ['LAB'],
      modifiedTimestamp: '2026-01-01T00:00:00.000Z',
      contributorIds: ['c1'],
    }),
    doc('Beta lesson', { tags: ['web'], contributorIds: ['c1', 'c2'] }),
  ];
  const index = buildCatalogIndex(documents, VERSION);

  it('never shows a document whose status the caller may not see: not in hits, total or facets', () => {
    const result = index.search(query('alpha'));
    expect(result.items.map((item) => item.status)).not.toContain('unpublished');
    expect(result.total).toBe(3);
    expect(result.facets.tags.map((facet) => facet.value)).not.toContain('secret');
    expect(result.facets.kuIds.map((facet) => facet.value)).not.toContain('SECRET');
    const editor = index.search(query('alpha', { statuses: ['published', 'unpublished', 'unlisted'] }));
    expect(editor.total).toBe(4);
    expect(editor.items.map((item) => item.name)).not.toContain('Alpha archived');
  });

  it('treats values of one filter as alternatives and different filters as all applying', () => {
    expect(index.search(query('', { filter: { contentCategories: ['module', 'exercise'] } })).total).toBe(2);
    expect(
      index.search(query('', { filter: { contentCategories: ['module', 'exercise'], kuIds: ['NTP'] } })).total,
    ).toBe(1);
  });

  it('compares tags case-insensitively and ids exactly', () => {
    expect(index.search(query('', { filter: { tags: ['lab'] } })).total).toBe(3);
    expect(index.search(query('', { filter: { kuIds: ['bcy'] } })).total).toBe(0);
    expect(index.search(query('', { filter: { tags: ['no such tag'] } })).total).toBe(0);
  });

  it('keeps only new or updated content when asked, and counts it either way', () => {
    const all = index.search(query(''));
    expect(all.total).toBe(4);
    expect(all.facets.newOrUpdatedContent).toBe(3);
    const fresh = index.search(query('', { filter: { newOrUpdatedContent: true } }));
    expect(fresh.total).toBe(3);
    expect(fresh.facets.newOrUpdatedContent).toBe(3);
    expect(fresh.facets.contentCategories).toEqual([
      { value: 'lesson', count: 2 },
      { value: 'module', count: 1 },
    ]);
  });

  it('counts facets disjunctively: a chosen filter still shows its alternatives', () => {
    const result = index.search(query('', { filter: { contentCategories: ['lesson'], tags: ['web'] } }));
    expect(result.total).toBe(2);
    expect(result.facets.contentCategories).toEqual([{ value: 'lesson', count: 2 }]);
    expect(result.facets.tags).toEqual([
      { value: 'web', count: 2 },
      { value: 'Lab', count: 1 },
    ]);
    const byLab = index.search(query('', { filter: { tags: ['lab'] } }));
    expect(byLab.facets.contentCategories).toEqual([
      { value: 'exercise', count: 1 },
      { value: 'lesson', count: 1 },
      { value: 'module', count: 1 },
    ]);
    expect(byLab.facets.tags).toEqual([
      { value: 'Lab', count: 3 },
      { value: 'web', count: 2 },
    ]);
  });

  it('lists facet values by count, then value, with the spelling of the most recent document', () => {
    const result = index.search(query(''));
    expect(result.facets.tags).toEqual([
      { value: 'Lab', count: 3 },
      { value: 'web', count: 2 },
    ]);
    expect(result.facets.contributorIds).toEqual([
      { value: 'c1', count: 2 },
      { value: 'c2', count: 1 },
    ]);
    expect(result.facets.experienceLevels).toEqual([]);
  });
});

describe('buildCatalogIndex: order, pages and hits', () => {
  const long = `${'word '.repeat(100)}end`;
  const same = (name: string, at: string) =>
    doc(name, { summary: 'topic', modifiedTimestamp: at, createdTimestamp: at });
  const documents = [
    same('Older', '2026-01-01T00:00:00.000Z'),
    { ...same('Newer B', '2026-06-01T00:00:00.000Z'), id: 'bbbbbbbbbbbbbbbbbbbbbbbbbb' },
    { ...same('Newer A', '2026-06-01T00:00:00.000Z'), id: 'aaaaaaaaaaaaaaaaaaaaaaaaaa' },
    doc('Long topic topic', { summary: long, modifiedTimestamp: '2025-01-01T00:00:00.000Z' }),
  ];
  const index = buildCatalogIndex(documents, VERSION);

  it('orders equal scores by most recently modified, then id', () => {
    expect(names(index, query('topic')).slice(1)).toEqual(['Newer A', 'Newer B', 'Older']);
    expect(names(index, query('topic'))[0]).toBe('Long topic topic');
  });

  it('orders a search without text by most recently modified, then id', () => {
    expect(names(index, query(''))).toEqual(['Newer A', 'Newer B', 'Older', 'Long topic topic']);
  });

  it('pages with offset and limit over the whole order; total counts every hit', () => {
    const all = names(index, query(''));
    const paged = [0, 1, 2, 3].flatMap((offset) => names(index, query('', { offset, limit: 1 })));
    expect(paged).toEqual(all);
    expect(index.search(query('', { offset: 3, limit: 10 })).items).toHaveLength(1);
    expect(index.search(query('', { offset: 10, limit: 10 }))).toMatchObject({ items: [], total: 4 });
  });

  it('gives small pages of a large result in the order of one big page (top-k selection)', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      doc(`Item ${i}`, {
        summary: `${'topic '.repeat(1 + (i % 7))}${'filler '.repeat(i % 11)}`,
        tags: [`tag${i % 13}`],
      }),
    );
    const large = buildCatalogIndex(many, VERSION);
    const whole = large.search(query('topic', { limit: 300 }));
    const all = whole.items.map((item) => item.id);
    expect(all).toHaveLength(300);
    for (const offset of [0, 3, 17, 150, 297]) {
      const page = large.search(query('topic', { offset, limit: 3 }));
      expect(page.items.map((item) => item.id)).toEqual(all.slice(offset, offset + 3));
      expect(page.facets).toEqual(whole.facets);
      expect(page.total).toBe(300);
    }
  });

  it('returns ContentSummary items with the summary cut at a word boundary', () => {
    const [hit] = index.search(query('long')).items;
    expect(ContentSummary.parse(hit)).toEqual(hit);
    expect(hit?.summary.length).toBeLessThanOrEqual(LIMITS.searchSummaryMaxChars);
    expect(hit?.summary.endsWith('word…')).toBe(true);
  });

  it('hands out copies: changing a hit does not change the index', () => {
    const [hit] = index.search(query('older')).items;
    hit?.tags.push('changed');
    expect(index.search(query('older')).items[0]?.tags).toEqual([]);
  });

  it('reports its size and version', () => {
    expect(index.size).toBe(4);
    expect(index.version).toEqual(VERSION);
  });
});

describe('buildCatalogIndex: errors and robustness', () => {
  it('refuses two documents with one id, an unknown status or a bad timestamp', () => {
    const one = doc('One');
    expect(() => buildCatalogIndex([one, { ...one }], VERSION)).toThrow(/appears twice/);
    expect(() => buildCatalogIndex([doc('Two', { status: 'draft' as ContentStatus })], VERSION)).toThrow(
      /Unknown content status/,
    );
    expect(() => buildCatalogIndex([doc('Three', { modifiedTimestamp: 'yesterday' })], VERSION)).toThrow(
      /invalid modifiedTimestamp/,
    );
  });

  it('answers from an empty catalog', () => {
    const result = buildCatalogIndex([], VERSION).search(query('anything'));
    expect(result).toMatchObject({ items: [], total: 0 });
    expect(result.facets.newOrUpdatedContent).toBe(0);
  });

  it('answers the same after a search that threw (scratch arrays are reset)', () => {
    const index = buildCatalogIndex([doc('Alpha', { tags: ['x'] }), doc('Beta', { tags: ['x'] })], VERSION);
    const before = index.search(query('alpha', { filter: { tags: ['x'] } }));
    expect(() => index.search(query('alpha', { newOrUpdatedSince: 'not a date' }))).toThrow(/ISO instant/);
    expect(index.search(query('alpha', { filter: { tags: ['x'] } }))).toEqual(before);
  });
});

describe('serializeCatalogIndex and loadCatalogIndex', () => {
  const documents = [
    doc('Buffer Overflow Attack Lab', { summary: 'x '.repeat(300), tags: ['lab'], kuIds: ['BCY'] }),
    doc('SQL Injection', { status: 'unlisted', tags: ['Web'], searchTags: ['database'] }),
    doc('Cryptography', { contributorIds: ['c1'], ksaIds: ['K0001'], tksIds: ['T0001'] }),
  ];
  const built = buildCatalogIndex(documents, VERSION);

  it('loads an index that answers exactly as the built one', async () => {
    const loaded = await loadCatalogIndex(await serializeCatalogIndex(built));
    expect(loaded.version).toEqual(VERSION);
    expect(loaded.size).toBe(3);
    for (const q of [
      query(''),
      query('bufer'),
      query('data', { statuses: ['published', 'unlisted'] }),
      query('', { filter: { tags: ['web'] }, statuses: ['unlisted'] }),
      query('crypt', { filter: { contributorIds: ['c1'] } }),
    ]) {
      expect(loaded.search(q)).toEqual(built.search(q));
    }
    expect(await serializeCatalogIndex(loaded)).toEqual(await serializeCatalogIndex(built));
  });

  it('refuses bytes that are not gzip', async () => {
    await expect(loadCatalogIndex(new Uint8Array([1, 2, 3]))).rejects.toThrow(/not valid gzip/);
  });

  it('refuses gzip that is not a snapshot', async () => {
    await expect(loadCatalogIndex(gzipSync(Buffer.from('{"hello":"world"}')))).rejects.toThrow(
      /Not a catalog index snapshot/,
    );
  });

  it('refuses a snapshot of another format version', async () => {
    const { gunzipSync } = await import('node:zlib');
    const raw = gunzipSync(await serializeCatalogIndex(built));
    raw.writeUInt32LE(99, 4);
    await expect(loadCatalogIndex(gzipSync(raw))).rejects.toThrow(/format version 99/);
  });

  it('refuses a truncated or altered snapshot', async () => {
    const { gunzipSync } = await import('node:zlib');
    const raw = gunzipSync(await serializeCatalogIndex(built));
    await expect(loadCatalogIndex(gzipSync(raw.subarray(0, raw.length - 10)))).rejects.toThrow(/corrupt/);
    const bytes = await serializeCatalogIndex(built);
    await expect(loadCatalogIndex(bytes.subarray(0, bytes.length - 8))).rejects.toThrow(/not valid gzip/);
    const header = Buffer.from(raw);
    header.write('{', 12 + 5);
    await expect(loadCatalogIndex(gzipSync(header))).rejects.toThrow(/corrupt/);
  });

  it('serialises only indexes of this module', async () => {
    const foreign: CatalogIndex = { version: VERSION, size: 0, search: () => built.search(query('')) };
    await expect(serializeCatalogIndex(foreign)).rejects.toThrow(/Only an index made by buildCatalogIndex/);
  });
});
