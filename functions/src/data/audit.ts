import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEvent } from '#shared/contracts/administration';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { newId } from '../domain/ids.ts';
import type { Caller } from '../lib/handler.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type Page, putNewItemStep, queryPage } from './dynamo.ts';
import {
  AUDIT_LOG_PARTITION,
  auditEventKey,
  auditLogIndexKey,
  auditTargetIndexKey,
  auditTargetPartition,
  ENTITY_TYPES,
  type TableKey,
} from './keys.ts';

/**
 * The audit log of administration (issue 11 item 2: who, what, when, before and
 * after; decision record 030; keys.ts rows "audit events of one month", "audit
 * events of one target", "every audit event"). Every audited change puts its event
 * IN THE SAME TransactWriteItems as the change itself ({@link auditPutStep}), so
 * there is never a change without its record, nor a record of a change that did not
 * happen. An event that records no stored change (an impersonation starting) is put
 * alone ({@link putAuditEvent}) before what it records happens.
 */

/** A stored audit event: the contract's fields plus its keys. */
export type AuditEventItem = AuditEvent &
  TableKey & {
    readonly entityType: typeof ENTITY_TYPES.auditEvent;
    readonly gsi1pk: string;
    readonly gsi1sk: string;
    readonly gsi3pk: string;
    readonly gsi3sk: string;
  };

/** Who did it, as the audit log names them: the signed-in user and, while impersonating, the real one. */
export type AuditActor = AuditEvent['actor'];

/**
 * The actor of a request's caller: the token's user and display name, and `act.sub`
 * (the administrator behind an impersonation) as `impersonatorId`.
 * @throws TypeError for a visitor (audited routes always need a signed-in caller).
 */
export function auditActorOf(caller: Caller): AuditActor {
  if (caller === null) throw new TypeError('An audited change needs a signed-in caller.');
  return { id: caller.sub, displayName: caller.claims.displayName, impersonatorId: caller.claims.act?.sub ?? null };
}

/** What {@link newAuditEvent} needs: the action, actor, target and the record before and after. */
export interface AuditEventInput {
  readonly action: AuditAction;
  readonly actor: AuditActor;
  readonly target: AuditEvent['target'];
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
  /** When it happened; defaults to now. */
  readonly now?: Date;
}

/** A new audit event (pure): a new id, the timestamp (ISO 8601 UTC) and the input's parts. */
export function newAuditEvent(input: AuditEventInput): AuditEvent {
  return {
    id: newId(),
    timestamp: (input.now ?? new Date()).toISOString(),
    action: input.action,
    actor: { ...input.actor },
    target: { ...input.target },
    before: input.before === null ? null : { ...input.before },
    after: input.after === null ? null : { ...input.after },
  };
}

/** The stored item of an audit event (pure): its month partition, its target's index key and the log's. */
export function auditEventItem(event: AuditEvent): AuditEventItem {
  return {
    ...event,
    ...auditEventKey(event.timestamp, event.id),
    ...auditTargetIndexKey(event.target.id, event.timestamp, event.id),
    ...auditLogIndexKey(event.timestamp, event.id),
    entityType: ENTITY_TYPES.auditEvent,
  };
}

/**
 * The transaction step that stores `event` (put-if-absent): add it to the
 * TransactWriteItems of the change it records.
 */
export function auditPutStep(event: AuditEvent): TransactWriteItem {
  return putNewItemStep({ ...auditEventItem(event) });
}

/** The contract shape of a stored audit event (drops the keys). */
export function toAuditEvent(item: AuditEventItem): AuditEvent {
  return {
    id: item.id,
    timestamp: item.timestamp,
    action: item.action,
    actor: item.actor,
    target: item.target,
    before: item.before,
    after: item.after,
  };
}

/**
 * Stores one audit event on its own (one conditional PutItem), for an event that
 * records no stored change, such as `impersonation.start`: the caller writes it
 * BEFORE doing what it records, so a failed write stops the action.
 */
export async function putAuditEvent(event: AuditEvent): Promise<void> {
  const step = putNewItemStep({ ...auditEventItem(event) });
  await dynamoDocumentClient.send(new PutCommand(step.Put));
}

/** Options of {@link listAuditEvents}. */
export interface ListAuditEventsOptions {
  /** Only the events of this record (user, business unit, invitation, import). */
  readonly targetId?: string | undefined;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * The audit log, newest first, one page of at most `limit` (issue 11 item 2): the
 * whole log from gsi3 `AUDIT_LOG`, or one record's events from gsi1
 * `AUDIT_TARGET#<targetId>`, read backwards; one Query per page in the normal case.
 * @throws ValidationError for a foreign or tampered page token (also one of the
 *   other listing).
 */
export async function listAuditEvents(options: ListAuditEventsOptions): Promise<Page<AuditEvent>> {
  const page = await queryPage<AuditEventItem>({
    ...(options.targetId === undefined
      ? { index: 'gsi3' as const, partitions: [AUDIT_LOG_PARTITION] }
      : { index: 'gsi1' as const, partitions: [auditTargetPartition(options.targetId)] }),
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(toAuditEvent), nextPageToken: page.nextPageToken };
}
