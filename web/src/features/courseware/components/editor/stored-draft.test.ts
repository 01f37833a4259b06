import { describe, expect, it } from 'vitest';
import { SaveContentRequest } from '#shared/contracts/content-save';
import { bufferOverflowDetail, IDS } from '../../../../testing/fixtures.ts';
import { childOf, testId } from '../../testing/editor-test-kit.tsx';
import { draftOf, saveRequestOf } from './content-draft.ts';
import { contributorsToFetch, formDraftOfStored, previewDetailOf, settleUploads } from './stored-draft.ts';

const NO_UPLOADS = { files: {}, portraits: {} };

describe('stored drafts in the form (issue 25 item 2)', () => {
  it('gives back the form draft a save body was made of: the round trip changes nothing', () => {
    const detail = bufferOverflowDetail({ tags: ['lab'], children: [{ id: testId('c', 1), index: 0 }] });
    const children = [childOf(IDS.bufferOverflow, 0, { id: testId('c', 1), name: 'Task 1' })];
    const edited = {
      ...draftOf(detail, children),
      name: 'Renamed in the draft',
      children: draftOf(detail, children).children.map((child) => ({ ...child, name: 'Task one' })),
    };
    const body = SaveContentRequest.parse(saveRequestOf(edited, { base: detail.content, uploads: NO_UPLOADS }));
    const back = formDraftOfStored(body, detail, children);
    expect(saveRequestOf(back, { base: detail.content, uploads: NO_UPLOADS })).toEqual(
      saveRequestOf(edited, { base: detail.content, uploads: NO_UPLOADS }),
    );
  });

  it('keeps a child added meanwhile, drops one deleted meanwhile, and asks for contributors the item lacks', () => {
    const detail = bufferOverflowDetail({ tags: ['lab'] });
    const body = SaveContentRequest.parse({
      ...saveRequestOf(draftOf(detail), { base: detail.content, uploads: NO_UPLOADS }),
      contributors: [{ id: IDS.wenliangDu }, { id: testId('p', 9) }],
      children: [{ id: testId('c', 7) }],
    });
    const added = childOf(IDS.bufferOverflow, 0, { id: testId('c', 8), name: 'Added meanwhile' });
    const back = formDraftOfStored(body, detail, [added]);
    expect(back.children.map((child) => (child.kind === 'stored' ? child.id : child.key))).toEqual([testId('c', 8)]);
    expect(contributorsToFetch(body, detail)).toEqual([testId('p', 9)]);
    expect(back.contributors.map((contributor) => contributor.key)).toEqual([IDS.wenliangDu]);
  });

  it('previews the draft in the public shape and turns uploaded files into stored ones', () => {
    const detail = bufferOverflowDetail();
    const file = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
    const draft = {
      ...draftOf(detail),
      name: 'Preview name',
      files: [...draftOf(detail).files, { kind: 'new' as const, key: 'new-1', file, name: 'Notes' }],
    };
    const names = { TKS: new Map(), KSA: new Map(), KU: new Map() };
    const preview = previewDetailOf(draft, detail, names);
    expect(preview.content.name).toBe('Preview name');
    expect(preview.content.files.at(-1)).toEqual({
      id: 'new-1',
      name: 'Notes',
      type: 'application/pdf',
      filename: 'notes.pdf',
    });
    const settled = settleUploads(draft, { files: { 'new-1': testId('f', 1) }, portraits: {} });
    expect(settled.files.at(-1)).toEqual({
      kind: 'stored',
      id: testId('f', 1),
      name: 'Notes',
      type: 'application/pdf',
      filename: 'notes.pdf',
    });
  });
});
