import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesClient } from '../../functions/src/adapters/aws-clients.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * E-mail off the request path (issue 21 item 5; decision record 033), over HTTP
 * against the seeded local stack: while SES hangs (a fault the emulator cannot
 * produce, so the SDK client is held with aws-sdk-client-mock), invitations are
 * still answered at once, stored with their e-mail pending; once SES answers, the
 * outbox consumer sends them and they read as sent.
 */

let portal: LocalPortal;
let token: string;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  token = await portalTokenFor(portal, 'admin');
}, 600_000);
afterAll(async () => {
  await portal?.stop();
});

const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function firstOrganization(): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/v1/organizations/all?limit=1`, { headers: headers() });
  const id = ((await response.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) throw new Error('No organization.');
  return id;
}

async function invite(organizationId: string, email: string) {
  const response = await fetch(`${portal.baseUrl}/api/v1/invitations`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, organizationId, role: 'student' }),
  });
  return { status: response.status, body: (await response.json()) as { id: string; emailStatus: string } };
}

async function emailStatusOf(organizationId: string, id: string): Promise<string | undefined> {
  const response = await fetch(`${portal.baseUrl}/api/v1/invitations?organizationId=${organizationId}&limit=300`, {
    headers: headers(),
  });
  const page = (await response.json()) as { items: { id: string; emailStatus: string }[] };
  return page.items.find((item) => item.id === id)?.emailStatus;
}

describe('invitation e-mail off the request path (issue 21 item 5)', () => {
  it('answers invitations while SES is held, and sends them once it answers', async () => {
    const organizationId = await firstOrganization();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ses = mockClient(sesClient);
    let sends = 0;
    ses.on(SendRawEmailCommand).callsFake(async () => {
      sends += 1;
      await held;
      return { MessageId: `held-${sends}` };
    });
    try {
      const stamp = Date.now();
      const first = await invite(organizationId, `held.first.${stamp}@example.edu`);
      expect(first.status).toBe(201);
      expect(first.body.emailStatus).toBe('pending');
      // The outbox consumer has picked the first e-mail up and SES holds it.
      await expect.poll(() => sends).toBeGreaterThanOrEqual(1);
      // Another caller's invitation is answered while that send still hangs.
      const second = await invite(organizationId, `held.second.${stamp}@example.edu`);
      expect(second.status).toBe(201);
      expect(second.body.emailStatus).toBe('pending');
      expect(await emailStatusOf(organizationId, first.body.id)).toBe('pending');

      release();
      await expect.poll(() => emailStatusOf(organizationId, first.body.id)).toBe('sent');
      await expect.poll(() => emailStatusOf(organizationId, second.body.id)).toBe('sent');
    } finally {
      release();
      ses.restore();
    }
  });
});
