import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, AuditEventPage } from '#shared/contracts/administration';
import { Content, CreatedId } from '#shared/contracts/content';
import { SavedContent } from '#shared/contracts/content-save';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * The audit log records every content change (issue 21 item 19: who, what, before,
 * after), over HTTP against the embedded stack: an editor creates, edits, archives,
 * restores, saves (sections, files) and deletes an item; after each, the
 * administrator reads the item's audit events.
 */

let portal: LocalPortal;
let editor: string;
let admin: string;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  editor = await portalTokenFor(portal, 'editor');
  admin = await portalTokenFor(portal, 'admin');
});
afterAll(async () => {
  await portal?.stop();
});

async function send(method: string, path: string, json?: unknown, token = editor): Promise<Response> {
  return fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

/** The item's audit events, newest first, as the administrator reads them. */
async function eventsOf(contentId: string): Promise<AuditEvent[]> {
  const res = await fetch(`${portal.baseUrl}/api/v1/audit-events?targetId=${contentId}&limit=20`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return AuditEventPage.parse(await res.json()).items;
}

const EDITOR_ACTOR = { displayName: 'Eddie Editor', impersonatorId: null };

describe('content changes in the audit log (issue 21 item 19)', () => {
  let id = '';
  let version = 1;

  it('records a creation: the editor, the item, and its fields after', async () => {
    const created = await send('POST', '/api/v1/content', {
      name: 'Audited Course',
      description: '<p>Watched closely.</p>',
      tags: ['audit'],
    });
    expect(created.status).toBe(201);
    id = CreatedId.parse(await created.json()).id;
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({
      action: 'content.create',
      actor: EDITOR_ACTOR,
      target: { type: 'content', id, name: 'Audited Course' },
      before: null,
      after: { name: 'Audited Course', status: 'unpublished', tags: ['audit'], description: '<p>Watched closely.</p>' },
    });
  });

  it('records an update with only the fields that changed, before and after', async () => {
    const patched = await send('PATCH', `/api/v1/content-items/${id}`, { name: 'Audited Course, renamed', version });
    expect(patched.status).toBe(200);
    version = Content.parse(await patched.json()).version;
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ action: 'content.update', target: { name: 'Audited Course, renamed' } });
    expect(event?.before).toEqual({ name: 'Audited Course' });
    expect(event?.after).toEqual({ name: 'Audited Course, renamed' });
  });

  it('records sections saved with the item', async () => {
    const saved = await send('POST', '/api/v1/content-saves', {
      id,
      version,
      fields: {
        name: 'Audited Course, renamed',
        description: '<p>Watched closely.</p>',
        tags: ['audit'],
        sections: [{ name: 'Syllabus', description: '<p>Week 1: logs.</p>' }],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    version = SavedContent.parse(await saved.json()).content.version;
    const [event] = await eventsOf(id);
    expect(event?.action).toBe('content.update');
    expect(event?.before).toEqual({ sections: [] });
    expect(event?.after).toEqual({
      sections: [{ id: expect.any(String), name: 'Syllabus', description: '<p>Week 1: logs.</p>' }],
    });
  });

  it('records an archive and a restore as such (the restore by the administrator, who sees archived content)', async () => {
    const archived = await send('PATCH', `/api/v1/content-items/${id}`, { status: 'archived', version });
    expect(archived.status).toBe(200);
    version = Content.parse(await archived.json()).version;
    expect(await eventsOf(id)).toContainEqual(
      expect.objectContaining({
        action: 'content.archive',
        before: { status: 'unpublished' },
        after: { status: 'archived' },
      }),
    );
    const restored = await send('PATCH', `/api/v1/content-items/${id}`, { status: 'unpublished', version }, admin);
    expect(restored.status).toBe(200);
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({
      action: 'content.restore',
      actor: { displayName: 'Ada Admin', impersonatorId: null },
      before: { status: 'archived' },
      after: { status: 'unpublished' },
    });
  });

  it('records a deletion with the fields before', async () => {
    const deleted = await send('DELETE', `/api/v1/content-items/${id}`);
    expect(deleted.status).toBe(200);
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({
      action: 'content.delete',
      actor: EDITOR_ACTOR,
      target: { type: 'content', id, name: 'Audited Course, renamed' },
      before: { name: 'Audited Course, renamed', status: 'unpublished' },
      after: null,
    });
  });

  it('records nothing for a change that is refused', async () => {
    const before = (await eventsOf(id)).length;
    const stale = await send('PATCH', `/api/v1/content-items/${id}`, { name: 'Never', version: 1 });
    expect(stale.status).toBe(404);
    expect(await eventsOf(id)).toHaveLength(before);
  });
});
