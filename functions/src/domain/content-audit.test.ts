import { describe, expect, it } from 'vitest';
import { contentRecord } from '../test-support/content-record.ts';
import { AUDIT_TEXT_MAX_CHARS, contentAuditChange } from './content-audit.ts';

describe('contentAuditChange (issue 21 item 19)', () => {
  it('keeps HTML text to AUDIT_TEXT_MAX_CHARS characters and says how long it was', () => {
    const content = { ...contentRecord('Audited'), description: 'x'.repeat(AUDIT_TEXT_MAX_CHARS + 10) };
    const { action, after } = contentAuditChange(null, content);
    expect(action).toBe('content.create');
    expect(after?.description).toBe(`${'x'.repeat(AUDIT_TEXT_MAX_CHARS)}… (${AUDIT_TEXT_MAX_CHARS + 10} characters)`);
  });

  it('names an archive and a restore by the status change, with only the changed fields', () => {
    const stored = contentRecord('Audited');
    expect(contentAuditChange(stored, { ...stored, status: 'archived' })).toEqual({
      action: 'content.archive',
      before: { status: stored.status },
      after: { status: 'archived' },
    });
    expect(contentAuditChange({ ...stored, status: 'archived' }, stored).action).toBe('content.restore');
    expect(contentAuditChange(stored, { ...stored, tags: ['new'] }).action).toBe('content.update');
  });
});
