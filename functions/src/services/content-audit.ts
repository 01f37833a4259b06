import type { AuditEvent } from '#shared/contracts/administration';
import { auditActorOf, newAuditEvent } from '../data/audit.ts';
import { type AuditedContent, contentAuditChange } from '../domain/content-audit.ts';
import type { Caller } from '../lib/handler.ts';

/**
 * The audit event of a content change by `caller` (issue 21 item 19): `before` null
 * for a creation, `after` null for a deletion; the target is the item (its id and
 * name after the change, or before a deletion). Stored by the data layer in the
 * same transaction as the change.
 * @throws TypeError for a visitor (content writes always need a signed-in caller).
 */
export function contentAuditEvent(
  caller: Caller,
  before: (AuditedContent & { readonly id: string }) | null,
  after: (AuditedContent & { readonly id: string }) | null,
): AuditEvent {
  const subject = after ?? before;
  if (!subject) throw new TypeError('A content change has a before or an after.');
  return newAuditEvent({
    ...contentAuditChange(before, after),
    actor: auditActorOf(caller),
    target: { type: 'content', id: subject.id, name: subject.name },
  });
}
