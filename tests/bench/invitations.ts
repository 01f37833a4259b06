/**
 * Invitations under a burst (issue 21 item 5; decision record 033): the per-request
 * latency of `POST /api/v1/invitations` over HTTP against the seeded local stack,
 * one at a time and then `concurrency` at once (default 50), as a ratio. Before the
 * fix each request waited for the e-mails of the requests ahead of it; the goal is
 * that a burst costs what the emulators' own serial writes cost, not the sends.
 * Also the time until every e-mail of the burst is in the local SES inbox, and the
 * load average while measuring (the machine is shared).
 *
 * Runnable alone: `npx tsx tests/bench/invitations.ts [concurrency]`.
 */

import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/** What {@link invitationFigures} measured. Times in ms. */
export interface InvitationFigures {
  readonly concurrency: number;
  /** Median latency of single invitations, sent one after another. */
  readonly singleP50Ms: number;
  /** Median and worst latency of one request of the burst. */
  readonly burstP50Ms: number;
  readonly burstMaxMs: number;
  /** burstP50Ms / singleP50Ms. */
  readonly ratio: number;
  /** From the burst's start until every one of its e-mails is in the SES inbox. */
  readonly burstDeliveredMs: number;
  /** The 1-minute load average before and after measuring. */
  readonly loadAverage: readonly [number, number];
}

const SINGLES = 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Measures single and burst invitations on a fresh seeded local portal in this
 * process (rate limits scaled up: the burst is the point, not the limit).
 */
export async function invitationFigures(concurrency = 50): Promise<InvitationFigures> {
  process.env.RATE_LIMIT_SCALE = '100';
  const portal = await startLocalPortal({ seed: true });
  try {
    const token = await portalTokenFor(portal, 'admin');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const organizations = (await (
      await fetch(`${portal.baseUrl}/api/v1/organizations/all?limit=1`, { headers })
    ).json()) as { items: { id: string }[] };
    const organizationId = organizations.items[0]?.id;
    if (!organizationId) throw new Error('No organization to invite to.');
    const run = `${Date.now()}`;
    const invite = async (label: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${portal.baseUrl}/api/v1/invitations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: `${label}@bench-${run}.example.edu`, organizationId, role: 'student' }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`Invitation ${label} answered ${response.status}.`);
      return performance.now() - started;
    };
    const before = os.loadavg()[0] ?? 0;
    // Warm-up: the first request loads the user group's code.
    await invite('warm-up');
    const singles: number[] = [];
    for (let i = 0; i < SINGLES; i += 1) singles.push(await invite(`single-${i}`));
    const burstStarted = performance.now();
    const burst = await Promise.all(Array.from({ length: concurrency }, (_, i) => invite(`b${i}`)));
    const burstAddresses = new Set(Array.from({ length: concurrency }, (_, i) => `b${i}@bench-${run}.example.edu`));
    while (true) {
      const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as {
        emails: { destination: { to: string[] } }[];
      };
      const delivered = store.emails.filter((email) => email.destination.to.some((to) => burstAddresses.has(to)));
      if (delivered.length >= concurrency) break;
      if (performance.now() - burstStarted > 300_000) throw new Error('The burst was not delivered in 5 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const burstDeliveredMs = performance.now() - burstStarted;
    const singleP50Ms = median(singles);
    const burstP50Ms = median(burst);
    return {
      concurrency,
      singleP50Ms,
      burstP50Ms,
      burstMaxMs: Math.max(...burst),
      ratio: burstP50Ms / singleP50Ms,
      burstDeliveredMs,
      loadAverage: [before, os.loadavg()[0] ?? 0],
    };
  } finally {
    await portal.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const figures = await invitationFigures(Number(process.argv[2] ?? 50));
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
