import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel, formatAuditValue } from './audit-diff.ts';

describe('audit before/after (issue 11 item 2)', () => {
  it('lists every field of both sides and marks the changed ones', () => {
    const changes = auditChanges({
      before: { claims: [{ type: 'role', value: 'USER' }], ranges: ['VACR'] },
      after: {
        claims: [
          { type: 'role', value: 'USER' },
          { type: 'api', value: 'get_v1_users', scopes: ['any'] },
        ],
        ranges: ['VACR'],
      },
    });
    expect(changes).toEqual([
      {
        field: 'claims',
        before: 'role = USER',
        after: 'role = USER\napi = get_v1_users (scopes: any)',
        changed: true,
      },
      { field: 'ranges', before: 'VACR', after: 'VACR', changed: false },
    ]);
  });

  it('reads a missing side as a dash, so a creation shows only its new fields', () => {
    expect(auditChanges({ before: null, after: { name: 'Radford', public: true } })).toEqual([
      { field: 'name', before: '—', after: 'Radford', changed: true },
      { field: 'public', before: '—', after: 'true', changed: true },
    ]);
  });

  it('words values and field names', () => {
    expect(formatAuditValue([])).toBe('(none)');
    expect(formatAuditValue('')).toBe('(empty)');
    expect(formatAuditValue({ id: 'x', name: 'Team' })).toBe('id: x; name: Team');
    expect(fieldLabel('eligibleBrands')).toBe('eligible brands');
  });
});
