import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionSettings } from '../../infra/local/admission.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * Overload (issue 28 item 4; decision record 085), over HTTP against the seeded local
 * stack with tiny limits: a burst far beyond them is answered at once, every answer a
 * 200, a 429 (stage throttling) or a 503 (the group's queue full or waited too long),
 * each refusal with API Gateway's body and a whole-second `Retry-After`; nothing times
 * out or fails otherwise; and once the burst is over the portal answers 200 again by
 * itself.
 */

const LIMITS: AdmissionSettings = {
  rateLimit: 1,
  burstLimit: 8,
  concurrency: 1,
  queueLength: 2,
  maxQueueWaitMs: 200,
};
const BURST = 24;
/** The whole knowledge list: the slowest plain read of the seeded portal (tens of ms alone). */
const SLOW_ROUTE = '/api/v1/knowledge?limit=10000';

let portal: LocalPortal;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true, admission: LIMITS });
}, 600_000);

afterAll(async () => {
  await portal?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function get(path: string): Promise<Answer> {
  // Far above anything the limits let a request wait: an abort here is a timeout, and fails the test.
  const response = await fetch(`${portal.baseUrl}${path}`, { signal: AbortSignal.timeout(20_000) });
  const body: unknown = await response.json();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

describe('a burst beyond the local limits', () => {
  it('is answered 200, 429 or 503 with Retry-After, none timing out, then recovers by itself', async () => {
    const answers = await Promise.all(Array.from({ length: BURST }, () => get(SLOW_ROUTE)));

    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    expect(answers.map((answer) => answer.status).filter((status) => ![200, 429, 503].includes(status))).toEqual([]);
    // The bucket holds 8 and refills 1 a second: most of the burst is throttled, at least one runs,
    // and the group (1 at once, 2 waiting) sheds what passed the bucket beyond that.
    expect(byStatus.get(429) ?? 0).toBeGreaterThanOrEqual(BURST - LIMITS.burstLimit - 2);
    expect(byStatus.get(200) ?? 0).toBeGreaterThanOrEqual(1);
    expect(byStatus.get(503) ?? 0).toBeGreaterThanOrEqual(1);

    for (const answer of answers) {
      if (answer.status === 200) {
        expect(answer.retryAfter).toBeNull();
        continue;
      }
      expect(answer.body).toEqual({ message: answer.status === 429 ? 'Too Many Requests' : 'Service Unavailable' });
      expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    }
    const counts = portal.admission?.counts();
    expect(counts?.throttled).toBe(byStatus.get(429));
    expect((counts?.queueFull ?? 0) + (counts?.queueWait ?? 0)).toBe(byStatus.get(503));

    // The load has stopped: within the bucket's refill the next request is admitted, nothing else done.
    await expect.poll(async () => (await get(SLOW_ROUTE)).status, { interval: 250 }).toBe(200);
  });

  it('throttles only matched routes: an unknown path is still a plain 404', async () => {
    const answer = await get('/api/v1/no-such-route');
    expect(answer.status).toBe(404);
    expect(answer.retryAfter).toBeNull();
  });
});
