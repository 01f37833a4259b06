import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * Retried writes happen once (issue 28 item 2; decision record 084), over HTTP against
 * the seeded local stack and its embedded DynamoDB, SES and Step Functions: each write
 * is sent twice with one `Idempotency-Key`, as the SPA retries a request whose answer
 * was lost, and the second answer is the first one, replayed, with one record written
 * and one e-mail sent.
 */

let portal: LocalPortal;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  for (const persona of ['editor', 'admin', 'faculty-uscr'] as const) {
    tokens[persona] = await portalTokenFor(portal, persona);
  }
}, 600_000);
afterAll(async () => {
  await portal?.stop();
});

interface Answer {
  status: number;
  text: string;
  replayed: string | null;
}

async function post(path: string, body: unknown, key: string, persona?: string): Promise<Answer> {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      ...(persona ? { authorization: `Bearer ${tokens[persona]}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get('idempotent-replayed'),
  };
}

/** Sends the same write twice with one key; expects the first answer back, replayed. */
async function twice(path: string, body: unknown, persona?: string): Promise<Answer> {
  const key = crypto.randomUUID();
  const first = await post(path, body, key, persona);
  const second = await post(path, body, key, persona);
  expect(first.status, first.text).toBeLessThan(300);
  expect(first.replayed).toBeNull();
  expect(second).toEqual({ ...first, replayed: 'true' });
  return first;
}

interface InboxEmail {
  destination: { to: string[] };
  subject?: string;
  body: { text?: string };
}

async function mailedWith(marker: string): Promise<InboxEmail[]> {
  const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails.filter((email) => JSON.stringify(email).includes(marker));
}

async function countWhere(path: string, persona: string, match: (item: Record<string, unknown>) => boolean) {
  const response = await fetch(`${portal.baseUrl}${path}`, { headers: { authorization: `Bearer ${tokens[persona]}` } });
  const page = (await response.json()) as { items: Record<string, unknown>[] };
  return page.items.filter(match).length;
}

describe('a write retried with one Idempotency-Key happens once', () => {
  it('creates one content item', async () => {
    const name = `Idempotent course ${Date.now()}`;
    const first = await twice('/api/v1/content', { name, description: '<p>Once.</p>' }, 'editor');
    const id = (JSON.parse(first.text) as { id: string }).id;
    const read = await fetch(`${portal.baseUrl}/api/v1/content/${id}`, {
      headers: { authorization: `Bearer ${tokens.editor}` },
    });
    expect(read.status).toBe(200);
    const listed = await countWhere(
      `/api/v1/content?status=Draft&limit=100&sort=modified`,
      'editor',
      (item) => item.name === name,
    );
    expect(listed).toBeLessThanOrEqual(1);
  });

  it('requests one bundle', async () => {
    const content = await fetch(`${portal.baseUrl}/api/v1/content?limit=1`, {
      headers: { authorization: `Bearer ${tokens['faculty-uscr']}` },
    });
    const contentId = ((await content.json()) as { items: { id: string }[] }).items[0]?.id;
    expect(contentId).toBeDefined();
    const first = await twice('/api/v1/files/bundles', { contentId }, 'faculty-uscr');
    expect((JSON.parse(first.text) as { id: string }).id).toBeTruthy();
  });

  it('creates one invitation and sends one e-mail', async () => {
    const organizations = await fetch(`${portal.baseUrl}/api/v1/organizations/all?limit=1`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    const organizationId = ((await organizations.json()) as { items: { id: string }[] }).items[0]?.id;
    const email = `idempotent.${Date.now()}@example.edu`;
    const first = await twice('/api/v1/invitations', { email, organizationId, role: 'student' }, 'admin');
    const id = (JSON.parse(first.text) as { id: string }).id;
    // A control invitation, sent after both, proves the outbox has sent what came before it.
    const control = `control.${Date.now()}@example.edu`;
    await post(
      '/api/v1/invitations',
      { email: control, organizationId, role: 'student' },
      crypto.randomUUID(),
      'admin',
    );
    await expect.poll(async () => (await mailedWith(control)).length).toBe(1);
    await expect.poll(async () => (await mailedWith(email)).length).toBe(1);
    const invitations = await countWhere(
      `/api/v1/invitations?organizationId=${organizationId}&limit=300`,
      'admin',
      (item) => item.email === email,
    );
    expect(invitations).toBe(1);
    expect(id).toBeTruthy();
  });

  it('stores one contact request and sends one message', async () => {
    const marker = `Idempotent subject ${Date.now()}`;
    await twice('/api/v1/contact-requests', {
      name: 'Pat Lee',
      email: 'pat.lee@example.edu',
      organization: 'Example College',
      subject: marker,
      message: 'Sent twice, meant once.',
      topic: 'requestDemo',
    });
    const control = `Control subject ${Date.now()}`;
    await post(
      '/api/v1/contact-requests',
      {
        name: 'Pat Lee',
        email: 'pat.lee@example.edu',
        organization: 'Example College',
        subject: control,
        message: 'Control.',
        topic: 'requestDemo',
      },
      crypto.randomUUID(),
    );
    await expect.poll(async () => (await mailedWith(control)).length).toBeGreaterThanOrEqual(1);
    const sent = await mailedWith(marker);
    const controls = await mailedWith(control);
    // However many copies the form sends (to the team, to the requester), the retry adds none.
    expect(sent.length).toBe(controls.length);
  });

  it('answers 422 when the key comes back with another body', async () => {
    const key = crypto.randomUUID();
    const name = `Key reuse ${Date.now()}`;
    const first = await post('/api/v1/content', { name, description: '<p>a</p>' }, key, 'editor');
    expect(first.status).toBe(201);
    const other = await post('/api/v1/content', { name: `${name} 2`, description: '<p>b</p>' }, key, 'editor');
    expect(other.status).toBe(422);
  });
});
