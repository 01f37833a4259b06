import { describe, expect, it } from 'vitest';
import { type ChildDraft, type ContentDraft, emptyDraft, rebaseDraft } from './content-draft.ts';

const stored = (id: string, name: string, version: number): ChildDraft => ({
  kind: 'stored',
  id,
  name,
  savedName: name,
  version,
  status: 'unpublished',
  category: 'exercise',
});

const original: ContentDraft = {
  ...emptyDraft(),
  name: 'Packet capture',
  description: '<p>Old</p>',
  children: [stored('a', 'Lab A', 1), stored('b', 'Lab B', 1)],
};

describe('rebaseDraft (Reload after a 409, decision record 019)', () => {
  it('keeps what the editor changed and takes the latest value of everything else', () => {
    const mine = { ...original, name: 'Packet capture (revised)' };
    const theirs = { ...original, description: '<p>First editor was here.</p>', name: 'Packet capture' };

    const merged = rebaseDraft(original, mine, theirs);

    expect(merged.name).toBe('Packet capture (revised)');
    expect(merged.description).toBe('<p>First editor was here.</p>');
  });

  it('keeps the editor’s value where both changed a field', () => {
    const merged = rebaseDraft(original, { ...original, name: 'Mine' }, { ...original, name: 'Theirs' });
    expect(merged.name).toBe('Mine');
  });

  it('takes the latest children when the editor left them alone', () => {
    const theirs = { ...original, children: [stored('b', 'Lab B', 2)] };
    expect(rebaseDraft(original, { ...original }, theirs).children).toEqual(theirs.children);
  });

  it('keeps the editor’s children work, drops children gone, adds new ones and takes their versions', () => {
    const renamed: ChildDraft = { ...stored('a', 'Lab A', 1), name: 'Lab A, renamed' };
    const added: ChildDraft = { kind: 'new', key: 'new-1', name: 'Lab C', status: 'unpublished', categories: [] };
    const mine = { ...original, children: [stored('b', 'Lab B', 1), renamed, added] };
    const theirs = { ...original, children: [stored('a', 'Lab A', 3), stored('d', 'Lab D', 1)] };

    const merged = rebaseDraft(original, mine, theirs);

    expect(merged.children).toEqual([{ ...renamed, version: 3 }, added, stored('d', 'Lab D', 1)]);
  });
});
