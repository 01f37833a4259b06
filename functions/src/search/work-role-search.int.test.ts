import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeRef } from '#shared/contracts/content';
import { type SearchContentPage, SearchContentPage as SearchContentPageSchema } from '#shared/contracts/search';
import type { WorkRole } from '#shared/contracts/work-role';
import { handler } from '../api/search/index.ts';
import { bumpCatalogRevision } from '../data/catalog.ts';
import { createContent } from '../data/content.ts';
import { putWorkRoleItems } from '../data/work-roles.ts';
import { DEFAULT_DATA_ROOT } from '../seed/import.ts';
import { readSeedSources } from '../seed/sources.ts';
import { planWorkRoles, type WorkRolePlan } from '../seed/work-roles.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { jsonBody, loadEvent } from '../test-support/events.ts';
import { lambdaContext, startTestStack } from '../test-support/stack.ts';
import { syncCatalogSnapshot } from './indexer.ts';
import { resetSnapshotSearch, SEARCH_CATALOG_CHECK_ENV } from './snapshot-search.ts';

/**
 * The work-role filter and the crosswalk expansion of the courseware search (issue 27
 * items 1 and 5; decision record 079) over the emulators: the seed's work roles and
 * crosswalk stored as the import stores them, content written with `createContent`
 * and indexed as the indexer does, then searched through the search group's Lambda.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let plan: WorkRolePlan;
let role2017: WorkRole;
let roleV2: WorkRole;
/** Content name → [id, statements of role2017 it covers]. */
const made = new Map<string, { id: string; covers: number }>();

const refs = (ids: readonly string[]): KnowledgeRef[] => ids.map((id, index) => ({ id, name: id, index }));

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, { [SEARCH_CATALOG_CHECK_ENV]: '0' });
  resetSnapshotSearch();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  plan = planWorkRoles(await readSeedSources(DEFAULT_DATA_ROOT));
  await putWorkRoleItems(plan.workRoles, plan.competencyAreas, plan.crosswalk);
  role2017 = plan.workRoles.find((role) => role.id === 'SP-RSK-001') as WorkRole;
  roleV2 = plan.workRoles.find((role) => role.id === 'DD-WRL-001') as WorkRole;
  const outside = plan.workRoles
    .filter((role) => role.generation === '2017')
    .flatMap((role) => role.statements)
    .find((id) => !role2017.statements.includes(id)) as string;
  // The v2.1.0 role's statements without a crosswalk twin (its first, K0018, has one).
  const paired = new Set(plan.crosswalk.map((pairing) => pairing.tksId));
  const v2 = roleV2.statements.filter((id) => !paired.has(id));
  // Covering 3, 1, 5 and 2 of the 2017 role's statements, one covering none (an outside KSA),
  // one mapped to the v2.1.0 role only; made oldest first so "most recent" would give another order.
  const items: [string, string[], string[]][] = [
    ['Covers three', role2017.statements.slice(0, 3), []],
    ['Covers one', role2017.statements.slice(5, 6), []],
    ['Covers five', role2017.statements.slice(2, 7), [v2[0] as string]],
    ['Covers two', [role2017.statements[10] as string, outside, role2017.statements[11] as string], []],
    ['Covers none', [outside], []],
    ['Mapped to the v2.1.0 role only', [], v2.slice(0, 2)],
    // K0018 is a 2017 KSA and a v2.1.0 TKS of the same text: its crosswalk pairing.
    ['Mapped only to the TKS twin K0018', [], ['K0018']],
    ['Mapped to the KSA K0018', ['K0018'], []],
  ];
  for (const [i, [name, ksas, tkss]] of items.entries()) {
    const record = contentRecord(name, {
      ksas: refs(ksas),
      tkss: refs(tkss),
      modifiedTimestamp: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    });
    await createContent(record);
    made.set(name, { id: record.id, covers: ksas.filter((id) => role2017.statements.includes(id)).length });
  }
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

function request(body: unknown): APIGatewayProxyEventV2 {
  const event = loadEvent('search/search-content');
  const text = JSON.stringify(body);
  return { ...event, body: text, headers: { ...event.headers, 'content-length': String(text.length) } };
}

async function search(body: unknown): Promise<SearchContentPage> {
  const result = await handler(request(body), lambdaContext());
  expect(result.statusCode, String(result.body)).toBe(200);
  return SearchContentPageSchema.parse(jsonBody(result));
}

const nameOf = (id: string) => [...made].find(([, value]) => value.id === id)?.[0];

describe('the work-role filter', () => {
  it('finds exactly the items mapped to a 2017 role’s statements, most statements covered first', async () => {
    const page = await search({ filter: { workRole: 'SP-RSK-001' }, limit: 50 });
    const expected = [...made]
      .filter(([, value]) => value.covers > 0)
      .sort((a, b) => b[1].covers - a[1].covers)
      .map(([name]) => name);
    expect(page.items.map((item) => nameOf(item.id))).toEqual(expected);
    expect(expected).toEqual(['Covers five', 'Covers three', 'Covers two', 'Covers one']);
    expect(page.total).toBe(4);
  });

  it('reads a v2.1.0 role’s statements from the TKS mappings', async () => {
    const page = await search({ filter: { workRole: 'DD-WRL-001' }, limit: 50 });
    // Two statements covered, then one each (the TKS K0018 is the role's too), the newer first.
    expect(page.items.map((item) => nameOf(item.id))).toEqual([
      'Mapped to the v2.1.0 role only',
      'Mapped only to the TKS twin K0018',
      'Covers five',
    ]);
  });

  it('keeps the coverage order with text, and combines with the other filters', async () => {
    const page = await search({ text: 'covers', filter: { workRole: 'SP-RSK-001' }, limit: 2 });
    expect(page.items.map((item) => nameOf(item.id))).toEqual(['Covers five', 'Covers three']);
    expect(page.total).toBe(4);
    const none = await search({ filter: { workRole: 'SP-RSK-001', contentCategories: ['module'] }, limit: 5 });
    expect(none.total).toBe(0);
  });

  it('answers 400 for a role id no role has', async () => {
    const result = await handler(request({ filter: { workRole: 'ZZ-WRL-999' } }), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody<{ errors: { path: string }[] }>(result).errors.map((error) => error.path)).toEqual([
      'filter.workRole',
    ]);
  });
});

describe('the crosswalk expansion of a knowledge filter', () => {
  it('finds, for a 2017 KSA, the item mapped only to its v2.1.0 twin, and says so', async () => {
    const page = await search({ filter: { ksaIds: ['K0018'] }, limit: 50 });
    expect(page.items.map((item) => nameOf(item.id)).sort()).toEqual([
      'Mapped only to the TKS twin K0018',
      'Mapped to the KSA K0018',
    ]);
    expect(page.expansions).toEqual([{ facet: 'ksaIds', id: 'K0018', twinId: 'K0018' }]);
  });

  it('finds, for a v2.1.0 TKS, the item mapped only to its 2017 twin', async () => {
    const page = await search({ filter: { tksIds: ['K0018'] }, limit: 50 });
    expect(page.items.map((item) => nameOf(item.id)).sort()).toEqual([
      'Mapped only to the TKS twin K0018',
      'Mapped to the KSA K0018',
    ]);
  });

  it('leaves a KSA without a twin as it was', async () => {
    const [id] = role2017.statements;
    expect(plan.crosswalk.some((pairing) => pairing.ksaId === id)).toBe(false);
    const page = await search({ filter: { ksaIds: [id] }, limit: 50 });
    expect(page.expansions).toBeUndefined();
    expect(page.items.map((item) => nameOf(item.id))).toEqual(['Covers three']);
  });
});
