import type { AuditAction, AuditEvent } from '#shared/contracts/administration';

/** Each audit action in words, for the What column. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'user.rights.update': 'Changed rights',
  'user.businessUnit.move': 'Moved to another business unit',
  'user.organization.move': 'Moved to another team',
  'businessUnit.create': 'Added business unit',
  'businessUnit.update': 'Changed business unit',
  'businessUnit.merge': 'Merged business unit',
  'invitation.create': 'Sent invitation',
  'invitation.resend': 'Sent invitation again',
  'invitation.revoke': 'Withdrew invitation',
  'invitation.accept': 'Accepted invitation',
  'userImport.run': 'Imported users',
  'impersonation.start': 'Started impersonation',
  'impersonation.end': 'Ended impersonation',
  'content.create': 'Added content',
  'content.update': 'Changed content',
  'content.archive': 'Archived content',
  'content.restore': 'Restored content',
  'content.delete': 'Deleted content',
};

/** The target types in words. */
export const AUDIT_TARGET_LABELS: Readonly<Record<AuditEvent['target']['type'], string>> = {
  user: 'User',
  businessUnit: 'Business unit',
  invitation: 'Invitation',
  userImport: 'User import',
  content: 'Content',
};

/** One field of a before/after comparison, both sides as text; `changed` when they differ. */
export interface FieldChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
  readonly changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A recorded value as text: absent as `—`, strings as they are, arrays one entry per
 * line (a claim `{type, value, scopes}` as `type = value (scopes: a, b)`), other
 * objects as `key: value` pairs.
 */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(formatAuditValue).join('\n');
  if (isRecord(value)) {
    if (typeof value.type === 'string' && typeof value.value === 'string') {
      const scopes =
        Array.isArray(value.scopes) && value.scopes.length > 0 ? ` (scopes: ${value.scopes.join(', ')})` : '';
      return `${value.type} = ${value.value}${scopes}`;
    }
    return Object.entries(value)
      .map(([key, entry]) => `${key}: ${formatAuditValue(entry)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

/** Words for a field name: `eligibleBrands` → `eligible brands`. */
export function fieldLabel(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The fields of an event side by side: every field of `before` and `after` (in the
 * order they first appear), both as text, `changed` when the texts differ. A side
 * that is null (nothing before a creation, say) reads `—` in every row.
 */
export function auditChanges(event: Pick<AuditEvent, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  return fields.map((field) => {
    const before = formatAuditValue(event.before?.[field]);
    const after = formatAuditValue(event.after?.[field]);
    return { field, before, after, changed: before !== after };
  });
}
