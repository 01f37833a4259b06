import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedUpload, FileStatusBody } from '#shared/contracts/file';
import type { PersonaName } from '#shared/contracts/identity';
import { s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import type { FaultKind, FaultSettings } from '../../infra/local/faults.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * Issue 28 item 2, "Tests that must exist": each injected fault kind on a content save
 * with a file, a bundle run and an invitation; the outcome is done once or not at all,
 * never half (decision record 083). The faults hit the operations under test (rate 1,
 * a bounded number of calls, a fixed seed: deterministic), then are turned off and the
 * invariant is checked. SDK attempts last 400 ms here, so a `timeout` costs little.
 */

let portal: LocalPortal;
const tokens = new Map<PersonaName, string>();
const KINDS: FaultKind[] = ['throttle', 'error', 'timeout', 'drop'];
const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true, sdkRequestTimeoutMs: 400 });
  for (const persona of ['editor', 'faculty-uscr'] as const) tokens.set(persona, await portalTokenFor(portal, persona));
}, 120_000);
afterAll(async () => {
  await portal?.stop();
});

async function api(method: string, path: string, as: PersonaName, body?: unknown): Promise<Response> {
  return fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens.get(as)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Faults of one kind on the given services' operations, for at most `limit` calls per service. */
const faults = (kind: FaultKind, services: FaultSettings['services'], ops: string[], limit: number): FaultSettings => ({
  rate: 1,
  kinds: [kind],
  services,
  seed: 28,
  limit,
  operations: ops,
});

async function withFaults<T>(settings: FaultSettings, act: () => Promise<T>): Promise<T> {
  await portal.faults.resetCounters();
  await portal.faults.set(settings);
  try {
    return await act();
  } finally {
    await portal.faults.set(null);
  }
}

async function injectedCount(): Promise<number> {
  const counters = await portal.faults.counters();
  return Object.values(counters).reduce((sum, kinds) => sum + Object.values(kinds).reduce((a, b) => a + b, 0), 0);
}

describe.each(KINDS)('with %s faults', (kind) => {
  it('a content save with a file is done once or not at all', async () => {
    const stamp = `${kind}-${Date.now()}`;
    const bytes = Buffer.from(`%PDF-1.7\n% fault ${stamp}\n`);
    const { created, saved } = await withFaults(
      faults(kind, ['dynamodb', 's3'], ['TransactWriteItems', 'HeadObject', 'GetObject', 'CopyObject'], 2),
      async () => {
        const uploadRes = await api('POST', '/api/v1/files/uploads', 'editor', {
          kind: 'content',
          name: 'Fault guide.pdf',
          type: 'application/pdf',
          size: bytes.length,
          ownerId: '01jd8z5a4b3c2d1e0f9g8h7j6k',
        });
        expect(uploadRes.status, await uploadRes.clone().text()).toBe(201);
        const upload = CreatedUpload.parse(await uploadRes.json());
        const form = new FormData();
        for (const [name, value] of Object.entries(upload.upload.fields)) form.append(name, value);
        form.append('file', new Blob([bytes], { type: 'application/pdf' }));
        expect((await fetch(upload.upload.url, { method: 'POST', body: form })).status).toBe(204);
        await api('POST', `/api/v1/files/${upload.fileId}/complete`, 'editor');
        const save = await api('POST', '/api/v1/content-saves', 'editor', {
          fields: { name: `Fault course ${stamp}`, description: '<p>Faults.</p>' },
          files: [{ id: upload.fileId, name: 'Fault guide.pdf' }],
        });
        return { created: upload, saved: save };
      },
    );
    expect(await injectedCount(), `${saved.status} ${await saved.clone().text()}`).toBeGreaterThan(0);
    // Never a 5xx that leaked half a write: the save answered, or failed as a whole.
    const body = (await saved.json()) as { content?: { id: string; files?: { id: string }[] } };
    if (saved.status === 200) {
      const item = await api('GET', `/api/v1/content/${body.content?.id}`, 'editor');
      expect(item.status).toBe(200);
      const text = await item.text();
      expect(text).toContain(created.fileId);
    } else {
      expect(saved.status).toBeGreaterThanOrEqual(400);
      // Nothing was written: the upload completed and the same save, faults off, succeed once.
      await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor');
      const again = await api('POST', '/api/v1/content-saves', 'editor', {
        fields: { name: `Fault course ${stamp}`, description: '<p>Faults.</p>' },
        files: [{ id: created.fileId, name: 'Fault guide.pdf' }],
      });
      expect(again.status, await again.clone().text()).toBe(200);
      const item = await api(
        'GET',
        `/api/v1/content/${((await again.json()) as { content: { id: string } }).content.id}`,
        'editor',
      );
      expect(await item.text()).toContain(created.fileId);
    }
  });

  it('a bundle ends Ready or Failed, never stuck, with no open multipart upload', async () => {
    const lab = (await (
      await api('GET', `/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`, 'faculty-uscr')
    ).json()) as {
      content: { id: string };
    };
    const requested = await withFaults(
      faults(
        kind,
        ['sfn', 's3'],
        ['StartExecution', 'CreateMultipartUpload', 'UploadPart', 'CompleteMultipartUpload', 'PutObject'],
        2,
      ),
      async () => {
        const res = await api('POST', '/api/v1/files/bundles', 'faculty-uscr', { contentId: lab.content.id });
        return { status: res.status, body: (await res.json()) as { id?: string } };
      },
    );
    if (requested.status >= 400) {
      expect(requested.status).toBeLessThan(600);
      return;
    }
    const id = requested.body.id ?? '';
    await expect
      .poll(
        async () => FileStatusBody.parse(await (await api('GET', `/api/v1/files/${id}`, 'faculty-uscr')).json()).status,
        { timeout: 25_000, interval: 200 },
      )
      .toMatch(/^(Ready|Failed)$/);
    const open = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: env().privateBucket }));
    expect(open.Uploads ?? []).toEqual([]);
  });

  it('an invitation is recorded once and mailed once, or not at all', async () => {
    const email = `fault.${kind}.${Date.now()}@example.edu`;
    const organization = (await (await api('GET', '/api/v1/organizations', 'faculty-uscr')).json()) as {
      items: { id: string }[];
    };
    const answer = await withFaults(
      faults(kind, ['dynamodb', 'ses'], ['TransactWriteItems', 'SendEmail'], 2),
      async () =>
        api('POST', '/api/v1/invitations', 'faculty-uscr', {
          email,
          organizationId: organization.items[0]?.id,
          role: 'student',
        }),
    );
    const inbox = async () => {
      const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as { emails: unknown[] };
      return store.emails.filter((message) => JSON.stringify(message).includes(email)).length;
    };
    const invitations = async () => {
      const text = await (await api('GET', '/api/v1/invitations?limit=50', 'faculty-uscr')).text();
      return text.split(email).length - 1;
    };
    if (answer.status === 201 || answer.status === 200) {
      expect(await invitations()).toBe(1);
      await expect.poll(inbox, { timeout: 25_000, interval: 200 }).toBe(1);
    } else {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await invitations()).toBe(0);
      expect(await inbox()).toBe(0);
    }
  });
});
