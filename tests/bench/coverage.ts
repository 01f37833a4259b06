/**
 * Coverage of a 200-item collection (issue 27 item 2, benchmark; decision record 080):
 * DynamoDB requests and median ms of the collection's coverage report
 * (`getCollectionCoverageReport`, as a visitor), next to the same figures of reading the
 * collection itself (`getCollection`) in the same run. The goal: one Query per item at
 * most (or a BatchGet of the items): no per-mapping reads. The embedded emulator
 * (`startTestStack`) with the real seed (KUs, NICE statements and work roles) through the
 * real SDK clients; requests are counted by a middleware on the handlers' own DynamoDB
 * client. The collection record is written directly (the API caps a collection at 100
 * items; the read path has no cap). Emulator milliseconds say little about AWS
 * (LOCAL-STACK.md trap 6): the counts and the ratios do.
 *
 * Runnable alone: `npx tsx tests/bench/coverage.ts`.
 */
import { pathToFileURL } from 'node:url';
import { dynamoDbClient } from '../../functions/src/adapters/aws-clients.ts';
import { createCollectionRecord } from '../../functions/src/data/collections.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { knowledgeSnapshot } from '../../functions/src/data/knowledge.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { runSeed } from '../../functions/src/seed/import.ts';
import { getCollection } from '../../functions/src/services/collections.ts';
import { getCollectionCoverageReport } from '../../functions/src/services/coverage.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { startTestStack } from '../../functions/src/test-support/stack.ts';
import { type Figure, loadAverage, medianMs, printFigures } from './support.ts';

const ITEMS = 200;
const RUNS = 15;

/** DynamoDB requests while `act` ran, by command name. */
async function counted(act: () => Promise<unknown>): Promise<{ requests: number; byCommand: Record<string, number> }> {
  let requests = 0;
  const byCommand: Record<string, number> = {};
  const name = `bench-coverage-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      requests += 1;
      const command = String(context.commandName ?? 'unknown');
      byCommand[command] = (byCommand[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await act();
  } finally {
    dynamoDbClient.middlewareStack.remove(name);
  }
  return { requests, byCommand };
}

/** The figures of this section (see the module comment). */
export async function coverageFigures(): Promise<Figure[]> {
  const stack = await startTestStack();
  try {
    await runSeed({ log: () => undefined });
    const knowledge = await knowledgeSnapshot();
    const of = (type: string) => knowledge.filter((item) => item.type === type);
    const [kus, ksas, tkss] = [of('KU'), of('KSA'), of('TKS')];
    const pick = <T>(list: readonly T[], n: number, count: number) =>
      Array.from({ length: count }, (_, k) => list[(n * 7 + k * 13) % list.length] as T);
    const ids: string[] = [];
    for (let n = 0; n < ITEMS; n += 1) {
      const refs = (list: readonly { id: string; name: string }[], count: number) =>
        [...new Map(pick(list, n, count).map((item) => [item.id, item])).values()].map((item, index) => ({
          id: item.id,
          name: item.name,
          index,
        }));
      const record = contentRecord(`Bench coverage lab ${n} ${newId()}`, {
        id: newId(),
        kus: refs(kus, 3),
        ksas: refs(ksas, 12),
        tkss: refs(tkss, 12),
      });
      await createContent({ ...record, kuOutcomes: [{ kuId: record.kus[0]?.id ?? '', outcomes: [0] }] } as never);
      ids.push(record.id);
    }
    const now = new Date().toISOString();
    const collectionId = newId();
    await createCollectionRecord({
      id: collectionId,
      ownerId: `bench-coverage-${newId()}`,
      ownerName: 'Bench Faculty',
      name: 'Bench coverage collection',
      description: '',
      visibility: 'link',
      entries: ids.map((contentId) => ({ contentId, note: '', name: contentId })),
      createdTimestamp: now,
      modifiedTimestamp: now,
      version: 1,
    });
    const before = loadAverage();
    const collectionRead = async () => {
      const read = await getCollection(collectionId, null);
      if (read.entries.length !== ITEMS) throw new Error(`the collection shows ${read.entries.length} entries`);
    };
    const coverage = async () => {
      const report = await getCollectionCoverageReport(collectionId, null);
      if (report.subject.itemCount !== ITEMS) throw new Error(`coverage counted ${report.subject.itemCount} items`);
    };
    await coverage(); // warm the knowledge and work-role snapshots, as a warm container has them
    const baselineCount = await counted(collectionRead);
    const coverageCount = await counted(coverage);
    const baselineMs = await medianMs(collectionRead, RUNS);
    const coverageMs = await medianMs(coverage, RUNS);
    const load: [number, number] = [before, loadAverage()];
    const ms = (value: number) => Math.round(value * 100) / 100;
    console.error(`coverage requests by command: ${JSON.stringify(coverageCount.byCommand)}`);
    console.error(`getCollection requests by command: ${JSON.stringify(baselineCount.byCommand)}`);
    return [
      {
        name: `collection coverage report (${ITEMS} items, a visitor), DynamoDB requests`,
        value: coverageCount.requests,
        unit: 'requests',
        goal: `≤ ${ITEMS} (one per item at most)`,
        baseline: { name: `getCollection (${ITEMS} items), DynamoDB requests`, value: baselineCount.requests },
      },
      {
        name: `collection coverage report (${ITEMS} items), median`,
        value: ms(coverageMs),
        unit: 'ms',
        baseline: { name: `getCollection (${ITEMS} items), median (ms)`, value: ms(baselineMs) },
        loadAverage: load,
      },
    ];
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  printFigures(await coverageFigures());
  process.exit(0);
}
