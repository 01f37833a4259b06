import { describe, expect, it } from 'vitest';
import { ContentSummary, LIST_ONLY_SUMMARY_FIELDS } from '#shared/contracts/content';
import { contentRecord } from '../test-support/content-record.ts';
import { toCatalogDocument } from './catalog-document.ts';

describe('toCatalogDocument', () => {
  const record = contentRecord('Buffer Overflow Attack Lab', {
    description: '<!--search-tags:stack smashing | gdb--><p>Buffer overflow is defined as…</p>',
    summary: 'Buffer overflow is defined as…',
    author: 'Wenliang Du',
    tags: ['lab', 'software security'],
    contributors: [
      { id: 'bbbbbbbbbbbbbbbbbbbbbbbbbb', index: 1 },
      { id: 'aaaaaaaaaaaaaaaaaaaaaaaaaa', index: 0 },
    ],
    ksas: [
      { id: 'K0070', name: 'Knowledge of …', index: 1 },
      { id: 'S0078', name: 'Skill in …', index: 0 },
    ],
    kus: [{ id: 'CO-M.9', name: 'Vulnerabilities', index: 0 }],
    tkss: [{ id: 'T0001', name: 'Task …', index: 0 }],
  });
  const document = toCatalogDocument(record);

  it('carries exactly the ContentSummary card fields, summary being the whole plain text', () => {
    const card = Object.fromEntries(Object.keys(ContentSummary.shape).map((key) => [key, document[key as never]]));
    expect(ContentSummary.parse(card)).toEqual(card);
    expect(document.summary).toBe(record.summary);
    expect(document.author).toBe('Wenliang Du');
    // The list-only fields (issue 25 items 7, 8: version and schedule) are not card fields of a search hit.
    // `rating` is filled by the index from the rating totals the indexer adds (issue 26 item 3).
    const cardFields = Object.keys(ContentSummary.shape).filter(
      (key) => !(LIST_ONLY_SUMMARY_FIELDS as readonly string[]).includes(key) && key !== 'rating',
    );
    expect(Object.keys(document).sort()).toEqual(
      [...cardFields, 'searchTags', 'ksaIds', 'kuIds', 'tksIds', 'contributorIds'].sort(),
    );
  });

  it('dates an item by its last publish, so an edit without a publish does not make it "updated" (issue 25 item 4)', () => {
    const edited = contentRecord('Edited after its publish', {
      modifiedTimestamp: '2026-11-20T10:00:00.000Z',
      lastPublishedTimestamp: '2026-01-05T08:00:00.000Z',
    });
    expect(toCatalogDocument(edited).modifiedTimestamp).toBe('2026-01-05T08:00:00.000Z');
    // An item never published since publish dates exist keeps its modification date.
    const older = contentRecord('Stored before issue 25', { modifiedTimestamp: '2026-11-20T10:00:00.000Z' });
    expect(toCatalogDocument(older).modifiedTimestamp).toBe('2026-11-20T10:00:00.000Z');
  });

  it('reads the hidden search-tags block of the description', () => {
    expect(document.searchTags).toEqual(['stack smashing', 'gdb']);
    expect(toCatalogDocument(contentRecord('Plain')).searchTags).toEqual([]);
  });

  it('lists knowledge and contributor ids in index order', () => {
    expect(document.ksaIds).toEqual(['S0078', 'K0070']);
    expect(document.kuIds).toEqual(['CO-M.9']);
    expect(document.tksIds).toEqual(['T0001']);
    expect(document.contributorIds).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbb']);
  });

  it('copies arrays, so a later change to the record does not reach the document', () => {
    record.tags.push('changed');
    expect(document.tags).toEqual(['lab', 'software security']);
  });
});
