import { describe, expect, it } from 'vitest';
import { auditActorOf, auditEventItem, newAuditEvent, toAuditEvent } from './audit.ts';
import { organizationNameIndexKey } from './keys.ts';

const ID = '01jd3k2m4n5p6q7r8s9t0v1w2x';
const ACTOR = { id: ID, displayName: 'Ada Admin', impersonatorId: null };

describe('audit event items (issue 11; keys.ts "audit events" rows)', () => {
  it('stores an event in its month, under its target and in the whole log, time-ordered', () => {
    // Prepare
    const event = newAuditEvent({
      action: 'user.rights.update',
      actor: ACTOR,
      target: { type: 'user', id: 'target', name: 'Bo' },
      before: { roles: ['USER'] },
      after: { roles: ['USER', 'EDITOR'] },
      now: new Date('2026-11-21T10:00:00.000Z'),
    });
    // Act
    const item = auditEventItem(event);
    // Assess
    expect(item).toMatchObject({
      pk: 'AUDIT#2026-11',
      sk: `2026-11-21T10:00:00.000Z#${event.id}`,
      gsi1pk: 'AUDIT_TARGET#target',
      gsi1sk: `2026-11-21T10:00:00.000Z#${event.id}`,
      gsi3pk: 'AUDIT_LOG',
      gsi3sk: `2026-11-21T10:00:00.000Z#${event.id}`,
      entityType: 'AuditEvent',
    });
    expect(toAuditEvent(item)).toEqual(event);
  });

  it('names the impersonating administrator of a caller as impersonatorId', () => {
    const claims = { displayName: 'Bo Target', act: { sub: ID } } as never;
    expect(auditActorOf({ sub: 'bo', principal: { roles: [], claims: [], subscriptions: [] }, claims })).toEqual({
      id: 'bo',
      displayName: 'Bo Target',
      impersonatorId: ID,
    });
    expect(() => auditActorOf(null)).toThrow(TypeError);
  });
});

describe('organizations by name', () => {
  it('keys an organization by its name lower-cased, then its id', () => {
    expect(organizationNameIndexKey('Beta University Courses', ID)).toEqual({
      gsi1pk: 'ORGANIZATIONS',
      gsi1sk: `beta university courses#${ID}`,
    });
  });
});
