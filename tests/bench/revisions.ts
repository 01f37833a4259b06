/**
 * Revisions (issue 25 items 2–3, benchmark; decision records 064, 065):
 *
 * - Storage per publish: the revision a publish stores for the largest SEED Labs module of
 *   the seed plan (`planSeed`, the records `npm run seed` writes), built by the very
 *   step every publish runs (`revisionPutStep`): bytes of its `Content` as JSON (raw)
 *   and gzip-compressed (stored), beside DynamoDB's 400 KB item limit.
 * - List and diff at 200 revisions: the module written to the embedded emulator
 *   (`startTestStack`, the real SDK clients), 200 publishes' revisions stored through
 *   `revisionPutStep` in transactions, then the median ms of: the first page of the
 *   list (50, newest first), the whole list (4 pages), and the diff of the oldest and
 *   the newest (two reads, gunzip, `diffContent`) — each as a ratio to the baseline of
 *   the same run: a plain content GET (the `getContent` handler, as a visitor).
 *   Emulator milliseconds say little about AWS (LOCAL-STACK.md trap 6); the ratios do.
 *
 * Runnable alone: `npx tsx tests/bench/revisions.ts`.
 */
import { pathToFileURL } from 'node:url';
import { handler as contentHandler } from '../../functions/src/api/content/index.ts';
import { contentItemOf, createContent, transact } from '../../functions/src/data/content.ts';
import { revisionPutStep } from '../../functions/src/data/content-drafts.ts';
import { toContent } from '../../functions/src/data/items.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { DEFAULT_DATA_ROOT } from '../../functions/src/seed/import.ts';
import { planSeed } from '../../functions/src/seed/plan.ts';
import { readSeedSources } from '../../functions/src/seed/sources.ts';
import { diffRevisions, readRevisions } from '../../functions/src/services/content-drafts.ts';
import { loadEvent, withPathParameters } from '../../functions/src/test-support/events.ts';
import { lambdaContext, startTestStack } from '../../functions/src/test-support/stack.ts';
import { type Figure, loadAverage, medianMs, printFigures } from './support.ts';

const REVISIONS = 200;
const RUNS = 15;

/** The figures of this section (see the module comment). */
export async function revisionFigures(): Promise<Figure[]> {
  const plan = planSeed(await readSeedSources(DEFAULT_DATA_ROOT));
  // A SEED Labs module (the SEED collection's items with children), the largest by its revision's JSON.
  const modules = plan.content.filter(
    (record) => record.children.length > 0 && record.urlAlias.startsWith('seed-labs'),
  );
  const module = [...modules].sort(
    (a, b) =>
      JSON.stringify(toContent(contentItemOf(b, 1))).length - JSON.stringify(toContent(contentItemOf(a, 1))).length,
  )[0];
  if (!module) throw new Error('The seed plan has no module.');
  const publisher = { id: newId(), name: 'Bench Editor' };
  const stack = await startTestStack();
  try {
    const one = revisionPutStep(toContent(contentItemOf(module, 1)), newId(), publisher, null, new Date()).summary;
    const before = loadAverage();
    const record = { ...module, status: 'published' as const };
    await createContent(record, { attachToParent: false });
    for (let start = 0; start < REVISIONS; start += 25) {
      const steps = [];
      for (let n = start; n < Math.min(REVISIONS, start + 25); n += 1) {
        const content = toContent(
          contentItemOf(
            { ...record, description: `${record.description}<p>Publish ${n}: task ${n % 7} changed.</p>` },
            n + 1,
          ),
        );
        steps.push(revisionPutStep(content, newId(), publisher, n % 3 === 0 ? `Publish ${n}` : null, new Date()).step);
      }
      await transact(steps);
    }
    const event = withPathParameters(loadEvent('content/get-content'), { idOrAlias: record.id });
    const get = await medianMs(async () => {
      const result = await contentHandler({ ...event }, lambdaContext());
      if (result.statusCode !== 200) throw new Error(`GET answered ${result.statusCode}`);
    }, RUNS);
    const firstPage = await readRevisions(record.id, undefined, null);
    if (firstPage.items.length !== 50) throw new Error(`first page has ${firstPage.items.length} revisions`);
    const listFirst = await medianMs(() => readRevisions(record.id, undefined, null), RUNS);
    const listAll = await medianMs(async () => {
      let token: string | undefined;
      let count = 0;
      do {
        const page = await readRevisions(record.id, token, null);
        count += page.items.length;
        token = page.nextPageToken ?? undefined;
      } while (token);
      if (count !== REVISIONS) throw new Error(`listed ${count} revisions`);
    }, RUNS);
    let oldest = '';
    let token: string | undefined;
    do {
      const page = await readRevisions(record.id, token, null);
      oldest = page.items.at(-1)?.id ?? oldest;
      token = page.nextPageToken ?? undefined;
    } while (token);
    const newest = firstPage.items[0]?.id ?? '';
    const diff = await medianMs(() => diffRevisions(record.id, oldest, newest, null), RUNS);
    const load: [number, number] = [before, loadAverage()];
    const baseline = { name: 'plain content GET, median (ms)', value: Math.round(get * 100) / 100 };
    const ms = (value: number) => Math.round(value * 100) / 100;
    return [
      {
        name: `revision per publish of a SEED module ("${module.name}", ${module.children.length} children), raw JSON`,
        value: one.rawBytes,
        unit: 'bytes',
        goal: '≤ 400,000 (DynamoDB item)',
      },
      {
        name: `revision per publish of that SEED module, stored (gzip)`,
        value: one.storedBytes,
        unit: 'bytes',
        baseline: { name: 'raw JSON (bytes)', value: one.rawBytes },
      },
      {
        name: `revision list, first page of 50 at ${REVISIONS} revisions, median`,
        value: ms(listFirst),
        unit: 'ms',
        baseline,
        loadAverage: load,
      },
      {
        name: `revision list, all ${REVISIONS} (4 pages), median`,
        value: ms(listAll),
        unit: 'ms',
        baseline,
        loadAverage: load,
      },
      {
        name: `revision diff, oldest against newest at ${REVISIONS} revisions, median`,
        value: ms(diff),
        unit: 'ms',
        baseline,
        loadAverage: load,
      },
    ];
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  printFigures(await revisionFigures());
  process.exit(0);
}
