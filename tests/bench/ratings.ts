/**
 * Ratings under concurrency (issue 26 item 3, benchmark; decision record 070): 50
 * verified faculty rate one item at once through the use case the route calls
 * (`putMyReview`: the review and the aggregate's `ADD` in one transaction, retried on
 * conflict), on the embedded emulator (`startTestStack`, the real SDK clients).
 * Figures: the wall time of the 50 concurrent ratings, and of the same 50 users then
 * changing their ratings at once, each as a ratio to the baseline of the same run —
 * 50 ratings of another item one after the other (no contention) — and the
 * transactions retried after a conflict (attempts beyond the first), with a check
 * that the aggregate equals the ratings written (no lost update). Median of
 * `BENCH_RATING_RUNS` (3) runs, each on fresh items. Emulator milliseconds say little
 * about AWS (LOCAL-STACK.md trap 6): the dynalite transaction proxy serialises
 * transactions on one item, so conflicts only appear on AWS; the ratio and the exact
 * totals are what this shows.
 *
 * Runnable alone: `npx tsx tests/bench/ratings.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createContent } from '../../functions/src/data/content.ts';
import { getRatingTotals } from '../../functions/src/data/reviews.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import type { Caller } from '../../functions/src/lib/handler.ts';
import { putMyReview } from '../../functions/src/services/reviews.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { startTestStack } from '../../functions/src/test-support/stack.ts';
import { CLAIM_TYPES, FILE_SCOPES } from '../../shared/capabilities.ts';
import { COURSEWARE_FEATURE, USER_ROLE } from '../../shared/contracts/identity.ts';
import { countFromEnv, type Figure, loadAverage, median, printFigures } from './support.ts';

const RATERS = 50;

/** A verified faculty caller (the file-viewing right) with its own user id. */
function faculty(n: number): Caller {
  const principal = {
    roles: [USER_ROLE],
    claims: [{ type: CLAIM_TYPES.scopedFile, value: 'any', scopes: [FILE_SCOPES.courseware] }],
    subscriptions: [COURSEWARE_FEATURE],
  };
  return {
    sub: newId(),
    principal,
    claims: { displayName: `Bench Faculty ${n}`, email: null } as NonNullable<Caller>['claims'],
  };
}

async function newItem(name: string): Promise<string> {
  return (await createContent(contentRecord(`${name} ${newId()}`, { id: newId() }))).id;
}

/** Rates `contentId` by every caller with `ratingOf`, all at once or one after another; ms and retries. */
async function rateAll(
  contentId: string,
  callers: readonly Caller[],
  ratingOf: (n: number) => number,
  concurrent: boolean,
): Promise<{ ms: number; retries: number }> {
  const started = performance.now();
  let attempts = 0;
  const rate = async (caller: Caller, n: number) => {
    const result = await putMyReview(contentId, { rating: ratingOf(n), text: '' }, caller);
    attempts += result.attempts;
  };
  if (concurrent) await Promise.all(callers.map(rate));
  else for (const [n, caller] of callers.entries()) await rate(caller, n);
  const ms = performance.now() - started;
  const expected = callers.reduce((sum, _, n) => sum + ratingOf(n), 0);
  const totals = await getRatingTotals(contentId);
  if (totals.sum !== expected || totals.count !== callers.length) {
    throw new Error(`lost update: ${JSON.stringify(totals)} after ${callers.length} ratings summing ${expected}`);
  }
  return { ms, retries: attempts - callers.length };
}

/** The figures of this section (see the module comment). */
export async function ratingFigures(): Promise<Figure[]> {
  const runs = countFromEnv('BENCH_RATING_RUNS', 3);
  const stack = await startTestStack();
  try {
    const before = loadAverage();
    const sequential: number[] = [];
    const concurrent: number[] = [];
    const changed: number[] = [];
    let retries = 0;
    let changeRetries = 0;
    for (let run = 0; run < runs; run += 1) {
      const callers = Array.from({ length: RATERS }, (_, n) => faculty(n));
      sequential.push((await rateAll(await newItem('Bench sequential'), callers, (n) => (n % 5) + 1, false)).ms);
      const item = await newItem('Bench concurrent');
      const first = await rateAll(item, callers, (n) => (n % 5) + 1, true);
      concurrent.push(first.ms);
      retries += first.retries;
      const second = await rateAll(item, callers, (n) => 5 - (n % 5), true);
      changed.push(second.ms);
      changeRetries += second.retries;
    }
    const load: [number, number] = [before, loadAverage()];
    const ms = (value: number) => Math.round(value * 10) / 10;
    const baseline = { name: `${RATERS} ratings one after another, median (ms)`, value: ms(median(sequential)) };
    return [
      {
        name: `${RATERS} concurrent ratings of one item (aggregate exact), median`,
        value: ms(median(concurrent)),
        unit: 'ms',
        baseline,
        loadAverage: load,
      },
      {
        name: `the same ${RATERS} raters changing their ratings at once (aggregate exact), median`,
        value: ms(median(changed)),
        unit: 'ms',
        baseline,
        loadAverage: load,
      },
      {
        name: `transactions retried after a conflict, ${runs} × 2 × ${RATERS} concurrent ratings`,
        value: retries + changeRetries,
        unit: 'retries',
        goal: `each rating within ${8} attempts (REVIEW_WRITE_ATTEMPTS)`,
      },
    ];
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  printFigures(await ratingFigures());
  process.exit(0);
}
