/**
 * My library and collections (issue 26 items 1 and 2, benchmark; decision records 072,
 * 073): DynamoDB requests and items read per page view of the saved items, of the
 * download history and of a collection of 100 items read by a visitor, and of its
 * coverage (goal ≤ 2 requests each), and the median ms of each page, next to the same figures of a plain
 * content GET (the `getContent` handler, as a visitor) of the same run. A user with 100
 * saved items and 100 downloads, on the embedded emulator (`startTestStack`) through the
 * real SDK clients; requests and items are counted by a middleware on the handlers' own
 * DynamoDB client. Emulator milliseconds say little about AWS (LOCAL-STACK.md trap 6):
 * the counts and the ratios do.
 *
 * Runnable alone: `npx tsx tests/bench/library.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { PortalTokenClaims } from '#shared/contracts/identity';
import { dynamoDbClient } from '../../functions/src/adapters/aws-clients.ts';
import { handler as contentHandler } from '../../functions/src/api/content/index.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { recordDownload } from '../../functions/src/data/downloads.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import type { Caller } from '../../functions/src/lib/handler.ts';
import { createCollection, getCollection, getCollectionCoverage } from '../../functions/src/services/collections.ts';
import { listDownloadHistory, listLibrary, saveToLibrary } from '../../functions/src/services/library.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { loadEvent, withPathParameters } from '../../functions/src/test-support/events.ts';
import { lambdaContext, startTestStack } from '../../functions/src/test-support/stack.ts';
import { type Figure, loadAverage, medianMs, printFigures } from './support.ts';

const ITEMS = 100;
const PAGE = 20;
const RUNS = 15;

/** DynamoDB requests and the items their answers held while `act` ran. */
async function counted(act: () => Promise<unknown>): Promise<{ requests: number; items: number }> {
  let requests = 0;
  let items = 0;
  const name = `bench-library-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next) => async (args) => {
      requests += 1;
      const result = await next(args);
      const output = result.output as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
      items += output.Items?.length ?? 0;
      for (const found of Object.values(output.Responses ?? {})) items += Array.isArray(found) ? found.length : 0;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await act();
  } finally {
    dynamoDbClient.middlewareStack.remove(name);
  }
  return { requests, items };
}

/** The figures of this section (see the module comment). */
export async function libraryFigures(): Promise<Figure[]> {
  const stack = await startTestStack();
  try {
    const caller: Caller = {
      sub: `bench-library-${newId()}`,
      principal: { roles: ['USER'], claims: [], subscriptions: ['coursewareFeature'] },
      claims: { displayName: 'Bench Faculty' } as PortalTokenClaims,
    };
    const ids: string[] = [];
    for (let n = 0; n < ITEMS; n += 1) {
      const record = contentRecord(`Bench library lab ${n} ${newId()}`, {
        description: `<p>${'A long description of the lab. '.repeat(200)}</p>`,
      });
      await createContent(record);
      await saveToLibrary(record.id, caller);
      await recordDownload({
        id: newId(),
        timestamp: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
        user: { id: caller?.sub ?? '', name: 'Bench Faculty', email: null },
        file: { id: newId(), name: `lab-${n}.pdf` },
        downloadedFrom: { id: record.id, name: record.name, tags: [], publishedTimestamp: null },
        topMostContent: { id: record.id, name: record.name },
        businessUnit: null,
      });
      ids.push(record.id);
    }
    const before = loadAverage();
    const event = withPathParameters(loadEvent('content/get-content'), { idOrAlias: ids[0] ?? '' });
    const getContent = async () => {
      const result = await contentHandler({ ...event }, lambdaContext());
      if (result.statusCode !== 200) throw new Error(`GET answered ${result.statusCode}`);
    };
    const savedPage = async () => {
      const page = await listLibrary({ limit: PAGE }, caller);
      if (page.items.length !== PAGE) throw new Error(`the library page has ${page.items.length} items`);
    };
    const historyPage = async () => {
      const page = await listDownloadHistory({ limit: PAGE }, caller);
      if (page.items.length !== PAGE) throw new Error(`the history page has ${page.items.length} entries`);
    };
    const collection = await createCollection(
      {
        name: 'Bench collection',
        description: '',
        visibility: 'link',
        entries: ids.map((contentId) => ({ contentId, note: 'Why this lab.' })),
      },
      caller,
    );
    const collectionPage = async () => {
      const read = await getCollection(collection.id, null);
      if (read.entries.length !== ITEMS) throw new Error(`the collection shows ${read.entries.length} entries`);
    };
    const coverage = () => getCollectionCoverage(collection.id, null);
    const baselineCount = await counted(getContent);
    const collectionCount = await counted(collectionPage);
    const coverageCount = await counted(coverage);
    const savedCount = await counted(savedPage);
    const historyCount = await counted(historyPage);
    const baselineMs = await medianMs(getContent, RUNS);
    const savedMs = await medianMs(savedPage, RUNS);
    const historyMs = await medianMs(historyPage, RUNS);
    const collectionMs = await medianMs(collectionPage, RUNS);
    const load: [number, number] = [before, loadAverage()];
    const ms = (value: number) => Math.round(value * 100) / 100;
    const requestsBaseline = { name: 'plain content GET, DynamoDB requests', value: baselineCount.requests };
    const msBaseline = { name: 'plain content GET, median (ms)', value: ms(baselineMs) };
    return [
      {
        name: `library page (${PAGE} of ${ITEMS} saved items), DynamoDB requests per page view`,
        value: savedCount.requests,
        unit: 'requests',
        goal: '≤ 2',
        baseline: requestsBaseline,
      },
      { name: 'library page, items read', value: savedCount.items, unit: 'items' },
      {
        name: `download history page (${PAGE} of ${ITEMS}), DynamoDB requests per page view`,
        value: historyCount.requests,
        unit: 'requests',
        goal: '≤ 2',
        baseline: requestsBaseline,
      },
      { name: 'download history page, items read', value: historyCount.items, unit: 'items' },
      {
        name: `collection page (${ITEMS} items, a visitor), DynamoDB requests per page view`,
        value: collectionCount.requests,
        unit: 'requests',
        goal: '≤ 2',
        baseline: requestsBaseline,
      },
      { name: 'collection page, items read', value: collectionCount.items, unit: 'items' },
      {
        name: 'collection coverage (NICE and CAE), DynamoDB requests',
        value: coverageCount.requests,
        unit: 'requests',
        goal: '≤ 2',
        baseline: requestsBaseline,
      },
      { name: 'library page, median', value: ms(savedMs), unit: 'ms', baseline: msBaseline, loadAverage: load },
      {
        name: 'download history page, median',
        value: ms(historyMs),
        unit: 'ms',
        baseline: msBaseline,
        loadAverage: load,
      },
      {
        name: `collection page (${ITEMS} items), median`,
        value: ms(collectionMs),
        unit: 'ms',
        baseline: msBaseline,
        loadAverage: load,
      },
    ];
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  printFigures(await libraryFigures());
  process.exit(0);
}
