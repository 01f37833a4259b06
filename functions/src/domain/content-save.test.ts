import { describe, expect, it } from 'vitest';
import { CHILD_MISSING_MESSAGE, SaveContentRequest } from '#shared/contracts/content-save';
import { ValidationError } from '../lib/errors.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { newChildDescription, planContentSave, type SaveContext } from './content-save.ts';
import type { FileRecord } from './records.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const ids = (prefix: string) => {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(26 - prefix.length, '0')}`;
};
const file = (id: string, overrides: Partial<FileRecord> = {}): FileRecord => ({
  id,
  name: 'guide.pdf',
  filename: 'guide.pdf',
  type: 'application/pdf',
  size: 10,
  sha256: 'x',
  status: 'Ready',
  visibility: 'private',
  objectKey: `files/${id}`,
  metadata: { id, type: 'Content' },
  createdTimestamp: NOW.toISOString(),
  version: 2,
  ...overrides,
});

function context(request: unknown, overrides: Partial<SaveContext> = {}): SaveContext {
  return {
    request: SaveContentRequest.parse(request),
    current: null,
    parent: null,
    children: new Map(),
    contributors: new Map(),
    files: new Map(),
    refs: { contributorNames: new Map(), knowledgeNames: new Map() },
    now: NOW,
    newId: ids('01n'),
    ...overrides,
  };
}

const fields = { name: 'Packet Capture', description: '<p>p</p>' };

describe('planContentSave (spec §4 "Saving content, in order")', () => {
  it('plans a new item with new children under its alias, a new contributor and an upload, in slot order', () => {
    const upload = file('01f0000000000000000000000a');
    const plan = planContentSave(
      context(
        {
          fields,
          contributors: [{ key: 'ada' }],
          newContributors: [{ key: 'ada', firstName: 'Ada', lastName: 'L', school: 'S', email: 'a@example.org' }],
          children: [
            { key: 'one', name: 'Lab & one' },
            { key: 'two', name: 'Lab two', status: 'published' },
          ],
          files: [{ id: upload.id, name: 'Guide' }],
        },
        { files: new Map([[upload.id, upload]]) },
      ),
    );
    expect(plan.item.kind).toBe('new');
    const item = plan.item.record;
    expect(item.author).toBe('Ada L');
    expect(item.contributors).toEqual([{ id: plan.created.contributors.ada, index: 0 }]);
    expect(item.children).toEqual([
      { id: plan.created.children.one, index: 0 },
      { id: plan.created.children.two, index: 1 },
    ]);
    expect(item.files).toEqual([{ id: upload.id, name: 'Guide', type: 'application/pdf', filename: 'guide.pdf' }]);
    expect(plan.newChildren.map((child) => [child.urlAlias, child.status, child.description, child.parentId])).toEqual([
      ['packet-capture/lab-and-one', 'unpublished', '<p>Lab &amp; one</p>', item.id],
      ['packet-capture/lab-two', 'published', '<p>Lab two</p>', item.id],
    ]);
    expect(plan.fileAttaches).toEqual([{ fileId: upload.id, name: 'Guide' }]);
    expect(plan.uploads).toEqual([upload]);
    expect(plan.discardAfterCommit).toEqual([]);
  });

  it('renames, reorders and keeps children; detaches left-out files; replaces a portrait', () => {
    const kept = file('01f0000000000000000000000b');
    const dropped = file('01f0000000000000000000000c');
    const oldPortrait = file('01f0000000000000000000000d', { visibility: 'public' });
    const newPortrait = file('01f0000000000000000000000e', { visibility: 'public' });
    const [a, b, c] = ['01c0000000000000000000000a', '01c0000000000000000000000b', '01c0000000000000000000000c'];
    const current = contentRecord('Existing', {
      version: 4,
      children: [
        { id: a, index: 0 },
        { id: b, index: 1 },
        { id: c, index: 2 },
      ],
      files: [
        { id: kept.id, name: 'Old name', type: kept.type, filename: kept.filename },
        { id: dropped.id, name: 'Dropped', type: dropped.type, filename: dropped.filename },
      ],
    });
    const child = (id: string, index: number, name: string) => ({
      id,
      index,
      name,
      version: 3,
      status: 'published' as const,
    });
    const contributorId = '01p0000000000000000000000a';
    const plan = planContentSave(
      context(
        {
          id: current.id,
          version: 4,
          fields: { ...fields, name: 'Existing' },
          contributors: [{ id: contributorId }],
          changedContributors: [
            {
              id: contributorId,
              version: 2,
              firstName: 'Grace',
              lastName: 'Hopper',
              school: 'Yale',
              email: 'g@example.org',
              portraitFileId: newPortrait.id,
            },
          ],
          children: [{ id: b, name: 'B renamed', version: 3 }, { id: a }, { id: c, name: 'C', version: 3 }],
          files: [{ id: kept.id, name: 'New name' }],
        },
        {
          current,
          children: new Map([
            [a, child(a, 0, 'A')],
            [b, child(b, 1, 'B')],
            [c, child(c, 2, 'C')],
          ]),
          contributors: new Map([
            [
              contributorId,
              {
                id: contributorId,
                prefix: null,
                firstName: 'G',
                middleName: null,
                lastName: 'H',
                suffix: null,
                title: null,
                school: 'Y',
                email: 'g@example.org',
                portraitFileId: oldPortrait.id,
                version: 2,
              },
            ],
          ]),
          files: new Map([kept, dropped, oldPortrait, newPortrait].map((f) => [f.id, f])),
          refs: { contributorNames: new Map([[contributorId, 'G H']]), knowledgeNames: new Map() },
        },
      ),
    );
    expect(plan.item).toMatchObject({ kind: 'update', expectedVersion: 4, previousAlias: 'existing' });
    expect(plan.item.record.author).toBe('Grace Hopper');
    expect(plan.childUpdates).toEqual([
      { id: b, parentId: current.id, index: 0, name: 'B renamed', status: 'published', expectedVersion: 3 },
      { id: a, parentId: current.id, index: 1, name: undefined, status: 'published', expectedVersion: 3 },
    ]);
    expect(plan.fileRenames).toEqual([{ fileId: kept.id, name: 'New name' }]);
    expect(plan.fileDetaches).toEqual([dropped]);
    expect(plan.portraitAttaches).toEqual([{ fileId: newPortrait.id, ownerId: contributorId, name: 'guide.pdf' }]);
    expect(plan.portraitDetaches).toEqual([{ file: oldPortrait, ownerId: contributorId }]);
    expect(plan.uploads).toEqual([newPortrait]);
    expect(plan.discardAfterCommit).toEqual([dropped, oldPortrait]);
  });

  it('refuses to leave out an existing child, an id that is not a child, and an upload named twice', () => {
    const current = contentRecord('With children', { children: [{ id: '01c0000000000000000000000a', index: 0 }] });
    const upload = file('01f0000000000000000000000a');
    const attempt = () =>
      planContentSave(
        context(
          {
            id: current.id,
            version: 1,
            fields,
            children: [{ id: '01c0000000000000000000000z' }],
            newContributors: [
              {
                key: 'x',
                firstName: 'A',
                lastName: 'B',
                school: 'S',
                email: 'a@example.org',
                portraitFileId: upload.id,
              },
            ],
            files: [{ id: upload.id, name: 'Twice' }],
          },
          { current, files: new Map([[upload.id, upload]]) },
        ),
      );
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (error) {
      expect((error as ValidationError).message).toBe(CHILD_MISSING_MESSAGE);
      expect((error as ValidationError).errors).toEqual([
        { path: 'body.children', message: CHILD_MISSING_MESSAGE },
        { path: 'body.files.0.id', message: 'Listed twice.' },
        { path: 'body.children.0.id', message: 'Not a child of this item.' },
      ]);
    }
  });

  it('refuses two new children with the same URL alias', () => {
    expect(() =>
      planContentSave(
        context({
          fields,
          children: [
            { key: 'a', name: 'Lab' },
            { key: 'b', name: 'lab' },
          ],
        }),
      ),
    ).toThrow(ValidationError);
  });

  it('describes a new child by its name, escaped', () => {
    expect(newChildDescription('<b>"x" & \'y\'</b>')).toBe('<p>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</p>');
  });
});
