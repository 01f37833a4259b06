import { describe, expect, it } from 'vitest';
import { contentRecord } from '../test-support/content-record.ts';
import { applyContentChanges, missingReferences, newContentRecord } from './content-edit.ts';
import { parseSearchTags } from './search-tags.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const ADA = '01jdq7h2k3m4n5p6q7r8s9t0va';
const refs = {
  contributorNames: new Map([[ADA, 'Dr. Ada Lovelace']]),
  knowledgeNames: new Map([['KSA#K0070', 'Knowledge of buffer overflows']]),
};

describe('newContentRecord', () => {
  const parent = contentRecord('Networks', { urlAlias: 'networks', ancestorIds: ['a'.repeat(26)] });

  it('makes a child unpublished, under the parent alias, after the last child (spec §4)', () => {
    const withChildren = { ...parent, children: [{ id: 'b'.repeat(26), index: 4 }] };
    const record = newContentRecord({
      id: ADA,
      fields: { name: 'Packet Capture', description: '<p>x</p>' },
      parent: withChildren,
      refs,
      now: NOW,
    });
    expect(record).toMatchObject({
      status: 'unpublished',
      urlAlias: 'networks/packet-capture',
      parentId: parent.id,
      ancestorIds: ['a'.repeat(26), parent.id],
      index: 5,
      version: 1,
      createdTimestamp: NOW.toISOString(),
    });
  });

  it('writes search keywords into the hidden block and derives summary, author and knowledge names', () => {
    const record = newContentRecord({
      id: ADA,
      fields: {
        name: 'Lab',
        description: '<p>Hello <b>world</b></p>',
        searchKeywords: ['pcap', 'tcpdump'],
        contributors: [{ id: ADA, index: 0 }],
        ksas: [{ id: 'K0070', index: 0 }],
        categories: ['exercise', 'lesson'],
      },
      parent: null,
      refs,
      now: NOW,
    });
    expect(parseSearchTags(record.description)).toEqual(['pcap', 'tcpdump']);
    expect(record.summary).toBe('Hello world');
    expect(record.author).toBe('Dr. Ada Lovelace');
    expect(record.ksas).toEqual([{ id: 'K0070', index: 0, name: 'Knowledge of buffer overflows' }]);
    expect(record.category).toBe('exercise,lesson');
    expect(record.urlAlias).toBe('lab');
  });
});

describe('applyContentChanges', () => {
  const stored = contentRecord('Stored', {
    description: '<!--search-tags:old-->' + '<p>Stored</p>',
    tags: ['lab'],
    status: 'published',
  });

  it('patches only the fields given and keeps the search keywords', () => {
    const next = applyContentChanges(stored, { status: 'archived' }, 'patch', refs, NOW);
    expect(next).toMatchObject({
      status: 'archived',
      tags: ['lab'],
      name: 'Stored',
      modifiedTimestamp: NOW.toISOString(),
    });
    expect(parseSearchTags(next.description)).toEqual(['old']);
  });

  it('empties absent lists on replace but keeps status and alias', () => {
    const next = applyContentChanges(stored, { name: 'New', description: '<p>n</p>' }, 'replace', refs, NOW);
    expect(next).toMatchObject({ name: 'New', tags: [], status: 'published', urlAlias: stored.urlAlias });
    expect(parseSearchTags(next.description)).toEqual([]);
  });

  it('sanitises the description and section descriptions with the allow-list, keeping the search-tags block (issue 9)', () => {
    const next = applyContentChanges(
      stored,
      {
        description:
          '<!--search-tags:gdb--><p onclick="steal()">Run <a href="javascript:steal()">it</a></p><script>steal()</script>',
        sections: [
          {
            name: 'Part 1',
            description: '<img src=x onerror="steal()"><p style="color:red">Part</p><iframe></iframe>',
          },
        ],
      },
      'patch',
      refs,
      NOW,
    );
    expect(next.description).toBe('<!--search-tags:gdb--><p>Run <a rel="noopener noreferrer">it</a></p>');
    expect(parseSearchTags(next.description)).toEqual(['gdb']);
    expect(next.summary).toBe('Run it');
    expect(next.sections.map((section) => section.description)).toEqual(['<img src="x" /><p>Part</p>']);
  });

  it('sanitises a stored description a patch keeps', () => {
    const unsafe = { ...stored, description: '<!--search-tags:old--><p>Stored</p><img src=x onerror="steal()">' };
    const next = applyContentChanges(unsafe, { status: 'archived' }, 'patch', refs, NOW);
    expect(next.description).toBe('<!--search-tags:old--><p>Stored</p><img src="x" />');
  });
});

describe('missingReferences', () => {
  it('names each unknown contributor and knowledge id by its field', () => {
    const errors = missingReferences(
      { contributors: [{ id: 'c'.repeat(26), index: 0 }], kus: [{ id: 'NOPE', index: 0 }] },
      refs,
    );
    expect(errors.map((error) => error.path)).toEqual(['body.contributors.0.id', 'body.kus.0.id']);
  });
});
