import { describe, expect, it } from 'vitest';
import { seedId } from '../domain/ids.ts';
import { catalogDocuments } from '../test-support/catalog-document.ts';
import { buildCatalogIndex, loadCatalogIndex, serializeCatalogIndex } from './in-memory-index.ts';
import type { CatalogIndex } from './port.ts';
import { RELATED_WEIGHTS, type RelatedQuery, relatedCourseware } from './related.ts';

const VERSION = { revision: 3, builtAt: '2026-11-21T12:00:00.000Z' };
const id = (name: string) => seedId('related-test', name);

const doc = catalogDocuments({ idNamespace: 'related-test' });

const VISITOR = { itemStatuses: ['published', 'unlisted'], statuses: ['published'] } as const;
const EDITOR = {
  itemStatuses: ['published', 'unlisted', 'unpublished'],
  statuses: ['published', 'unlisted', 'unpublished'],
} as const;

function related(index: CatalogIndex, name: string, who: Omit<RelatedQuery, 'id' | 'limit'> = VISITOR, limit = 10) {
  return relatedCourseware(index, { id: id(name), limit, ...who })?.map((item) => item.name) ?? null;
}

describe('relatedCourseware', () => {
  it('ranks items sharing more knowledge items and tags above those sharing fewer, ties by name', () => {
    // Prepare
    const index = buildCatalogIndex(
      [
        doc('Item', { ksaIds: ['K1', 'K2'], kuIds: ['U1'], tksIds: ['T1'], tags: ['Crypto', 'lab'] }),
        doc('Shares three', { ksaIds: ['K1', 'K2'], kuIds: ['U1'] }),
        doc('Shares two', { tksIds: ['T1'], kuIds: ['U1'] }),
        doc('b shares one', { ksaIds: ['K1'] }),
        doc('A shares one', { ksaIds: ['K2'] }),
        doc('Shares a tag', { tags: ['crypto'] }),
        doc('Shares nothing', { ksaIds: ['K9'], tags: ['web'] }),
      ],
      VERSION,
    );
    // Act
    const names = related(index, 'Item');
    // Assess: "crypto" matches "Crypto" (tags compare case-insensitively); nothing shared, not related.
    expect(names).toEqual(['Shares three', 'Shares two', 'A shares one', 'b shares one', 'Shares a tag']);
  });

  it('weighs a shared knowledge item above a shared tag, and a rare value above a common one', () => {
    // Prepare: "lab" is on every item, K1 on two, "crypto" on two.
    const index = buildCatalogIndex(
      [
        doc('Item', { ksaIds: ['K1'], tags: ['crypto', 'lab'] }),
        doc('Knowledge', { ksaIds: ['K1'], tags: ['lab'] }),
        doc('Tag', { tags: ['crypto', 'lab'] }),
        doc('Common tag only', { tags: ['lab'] }),
        doc('Other', { tags: ['lab'] }),
      ],
      VERSION,
    );
    // Act
    const names = related(index, 'Item');
    // Assess
    expect(RELATED_WEIGHTS.ksaIds).toBeGreaterThan(RELATED_WEIGHTS.tags ?? 0);
    expect(names).toEqual(['Knowledge', 'Tag', 'Common tag only', 'Other']);
  });

  it('never relates the item itself, its ancestors or its descendants', () => {
    // Prepare
    const shared = { ksaIds: ['K1'], tags: ['lab'] };
    const index = buildCatalogIndex(
      [
        doc('Course', shared),
        doc('Module', { ...shared, parentId: id('Course') }),
        doc('Lesson', { ...shared, parentId: id('Module') }),
        doc('Exercise', { ...shared, parentId: id('Lesson') }),
        doc('Sibling lesson', { ...shared, parentId: id('Module') }),
        doc('Other course', shared),
      ],
      VERSION,
    );
    // Act
    const ofLesson = related(index, 'Lesson');
    const ofCourse = related(index, 'Course');
    // Assess
    expect(ofLesson).toEqual(['Other course', 'Sibling lesson']);
    expect(ofCourse).toEqual(['Other course']);
  });

  it('relates only what the caller may see in lists, and finds the item only where the caller may open it', () => {
    // Prepare
    const shared = { kuIds: ['U1'] };
    const index = buildCatalogIndex(
      [
        doc('Item', shared),
        doc('Published', shared),
        doc('Unlisted', { ...shared, status: 'unlisted' }),
        doc('Unpublished', { ...shared, status: 'unpublished' }),
        doc('Archived', { ...shared, status: 'archived' }),
        doc('Draft item', { ...shared, status: 'unpublished' }),
      ],
      VERSION,
    );
    // Act + Assess
    expect(related(index, 'Item', VISITOR)).toEqual(['Published']);
    expect(related(index, 'Item', EDITOR)).toEqual(['Draft item', 'Published', 'Unlisted', 'Unpublished']);
    expect(related(index, 'Draft item', VISITOR)).toBeNull();
    expect(related(index, 'Draft item', EDITOR)).toEqual(['Item', 'Published', 'Unlisted', 'Unpublished']);
    expect(related(index, 'Archived', EDITOR)).toBeNull();
    expect(relatedCourseware(index, { id: id('Missing'), limit: 5, ...VISITOR })).toBeNull();
  });

  it('returns at most `limit` items, cards with their summaries', () => {
    // Prepare
    const index = buildCatalogIndex(
      [
        doc('Item', { tags: ['lab'] }),
        ...['A', 'B', 'C', 'D'].map((name) => doc(name, { tags: ['lab'], summary: `About ${name}` })),
      ],
      VERSION,
    );
    // Act
    const items = relatedCourseware(index, { id: id('Item'), limit: 2, ...VISITOR });
    // Assess
    expect(items?.map((item) => [item.name, item.summary])).toEqual([
      ['A', 'About A'],
      ['B', 'About B'],
    ]);
  });

  it('answers the same from a loaded snapshot as from the built index', async () => {
    // Prepare
    const documents = [
      doc('Item', { ksaIds: ['K1'], tags: ['lab'] }),
      doc('Two', { ksaIds: ['K1'], tags: ['lab'] }),
      doc('One', { tags: ['lab'] }),
    ];
    const built = buildCatalogIndex(documents, VERSION);
    // Act
    const loaded = await loadCatalogIndex(await serializeCatalogIndex(built));
    // Assess
    expect(related(loaded, 'Item')).toEqual(related(built, 'Item'));
    expect(related(loaded, 'Item')).toEqual(['Two', 'One']);
  });
});
