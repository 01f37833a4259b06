import { describe, expect, it } from 'vitest';
import { PublishContentDraftRequest, REVISION_NOTE_MAX_CHARS, RevisionNote } from './content-draft.ts';

describe('RevisionNote (issue 25 item 3): plain text, sanitised', () => {
  it('drops control characters but line breaks, and trims', () => {
    expect(RevisionNote.parse('  Task 3\u0000 uses\u001b Ubuntu 22.04\nimages\u007f \t')).toBe(
      'Task 3 uses Ubuntu 22.04\nimages',
    );
  });

  it('keeps markup as text (it is never interpreted as HTML)', () => {
    expect(RevisionNote.parse('<b>bold</b> & co')).toBe('<b>bold</b> & co');
  });

  it(`refuses more than ${REVISION_NOTE_MAX_CHARS} characters`, () => {
    expect(RevisionNote.safeParse('n'.repeat(REVISION_NOTE_MAX_CHARS)).success).toBe(true);
    const refused = PublishContentDraftRequest.safeParse({ draftVersion: 1, note: 'n'.repeat(501) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['note'], message: 'Must be at most 500 characters.' });
  });
});
