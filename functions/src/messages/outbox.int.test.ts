import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulators } from '../../../infra/local/emulators.ts';
import type { FaultKind } from '../../../infra/local/faults.ts';
import { claimOutboxMessage, getOutboxMessage, listUnconfirmedOutbox } from '../data/messages.ts';
import { newId } from '../domain/ids.ts';
import { startTestStack } from '../test-support/stack.ts';
import { deliverPendingMessages, OUTBOX_LEASE_MS, storeForDelivery } from './outbox.ts';

/**
 * The outbox sends an e-mail at most once, whatever SES does (issue 28 item 2,
 * decision record 083), against the embedded SES with injected faults, counting the
 * e-mails in the local SES inbox: an error answer leaves the message pending and a
 * later run sends it once; a send without an answer (timeout, dropped connection,
 * answer lost after SES sent it) is tried once, never retried by the SDK or a later
 * run, and stays in the outbox as `unconfirmed`; so does a message whose sender died
 * mid-send.
 */

let stack: RunningEmulators;

beforeAll(async () => {
  // SDK attempts of 400 ms, so a held (timeout) send costs little.
  stack = await startEmulatorsWithShortAttempts();
});
afterAll(async () => {
  await stack?.faults.set(null);
  await stack?.stop();
});

async function startEmulatorsWithShortAttempts(): Promise<RunningEmulators> {
  const started = await startTestStack();
  const { overrideSdkCallSettings } = await import('../adapters/aws-clients.ts');
  overrideSdkCallSettings({ requestTimeoutMs: 400 });
  return started;
}

/** Stores one contact-request message whose e-mail text holds `marker`; returns its id. */
async function storeMessage(marker: string): Promise<string> {
  const id = newId();
  await storeForDelivery({
    id,
    kind: 'contactRequest',
    brand: 'USCR',
    createdTimestamp: new Date(Date.now() - 10).toISOString(),
    payload: {
      name: 'Pat Lee',
      email: 'pat.lee@example.edu',
      organization: 'Example College',
      subject: marker,
      message: marker,
      topic: 'requestDemo',
    },
    email: {
      from: 'portal@example.edu',
      fromName: 'Courseware portal',
      to: ['team@example.edu'],
      replyTo: null,
      subject: marker,
      text: `Outbox test ${marker}`,
    },
  } as Parameters<typeof storeForDelivery>[0]);
  return id;
}

/** E-mails in the local SES inbox whose text holds `marker`. */
async function mailed(marker: string): Promise<number> {
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: { body: { text?: string } }[] };
  return store.emails.filter((email) => email.body.text?.includes(marker)).length;
}

async function sesFaults(): Promise<number> {
  return Object.values((await stack.faults.counters()).ses).reduce((a, b) => a + b, 0);
}

/** One outbox run with every SES send failing as `kind` (the SDK's retries included). */
async function deliverWithFaults(kind: FaultKind) {
  await stack.faults.resetCounters();
  await stack.faults.set({ rate: 1, kinds: [kind], services: ['ses'], seed: 28, operations: ['SendEmail'] });
  try {
    return await deliverPendingMessages(new Date());
  } finally {
    await stack.faults.set(null);
  }
}

describe('the outbox sends an e-mail at most once', () => {
  it.each(['throttle', 'error'] as const)(
    'an SES %s answer: retried by the SDK, pending, then sent once',
    async (kind) => {
      const marker = `answered-${kind}-${newId()}`;
      const id = await storeMessage(marker);
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const run = await deliverWithFaults(kind);
        expect(run.failed).toBeGreaterThanOrEqual(1);
      } finally {
        log.mockRestore();
      }
      // SES answered each time: the SDK's four attempts, nothing sent, pending again.
      expect(await sesFaults()).toBe(4);
      expect(await mailed(marker)).toBe(0);
      expect(await getOutboxMessage(id)).toMatchObject({ emailStatus: 'pending', emailAttempts: 1 });
      const later = await deliverPendingMessages(new Date(Date.now() + OUTBOX_LEASE_MS + 1000));
      expect(later.sent).toBeGreaterThanOrEqual(1);
      expect(await getOutboxMessage(id)).toMatchObject({ emailStatus: 'sent' });
      expect(await mailed(marker)).toBe(1);
    },
  );

  it.each([
    ['timeout', 0],
    ['drop', 0],
    ['lost', 1],
  ] as const)('no SES answer (%s): one attempt, unconfirmed, never sent again', async (kind, sent) => {
    const marker = `unanswered-${kind}-${newId()}`;
    const id = await storeMessage(marker);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const run = await deliverWithFaults(kind);
      expect(run.unconfirmed).toBeGreaterThanOrEqual(1);
      expect(log.mock.calls.map((args) => String(args[0])).join('\n')).toContain(id);
    } finally {
      log.mockRestore();
    }
    // One attempt only: a second SendRawEmail after a lost answer would be a second e-mail.
    expect(await sesFaults()).toBe(1);
    expect(await mailed(marker)).toBe(sent);
    const item = await getOutboxMessage(id);
    expect(item).toMatchObject({ emailStatus: 'unconfirmed', gsi1pk: 'OUTBOX_UNCONFIRMED' });
    expect(item?.emailUnconfirmed).toBeTruthy();
    // Still in the outbox, where a person finds it; later runs leave it alone.
    const unconfirmed = await listUnconfirmedOutbox({ limit: 100 });
    expect(unconfirmed.items.map((message) => message.id)).toContain(id);
    await deliverPendingMessages(new Date(Date.now() + 2 * OUTBOX_LEASE_MS));
    expect(await mailed(marker)).toBe(sent);
    expect((await getOutboxMessage(id))?.emailStatus).toBe('unconfirmed');
  });

  it('a message whose sender died mid-send becomes unconfirmed, not sent again', async () => {
    const marker = `died-${newId()}`;
    const id = await storeMessage(marker);
    const now = new Date();
    // A sender claims it (marked `sending`), then never records an outcome.
    expect(await claimOutboxMessage(id, now, new Date(now.getTime() + OUTBOX_LEASE_MS))).toBe(true);
    expect((await getOutboxMessage(id))?.emailStatus).toBe('sending');
    // While its lease holds, nobody touches it.
    const early = await deliverPendingMessages(new Date(now.getTime() + 1000));
    expect(early.skipped).toBeGreaterThanOrEqual(1);
    expect((await getOutboxMessage(id))?.emailStatus).toBe('sending');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const late = await deliverPendingMessages(new Date(now.getTime() + OUTBOX_LEASE_MS + 1000));
      expect(late.unconfirmed).toBeGreaterThanOrEqual(1);
    } finally {
      log.mockRestore();
    }
    expect(await getOutboxMessage(id)).toMatchObject({ emailStatus: 'unconfirmed', gsi1pk: 'OUTBOX_UNCONFIRMED' });
    expect(await mailed(marker)).toBe(0);
  });
});
