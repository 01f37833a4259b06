import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { getBusinessUnitsByIds, listBusinessUnits } from '../data/business-units.ts';
import { tableName } from '../data/dynamo.ts';
import { businessUnitKey, ENTITY_TYPES } from '../data/keys.ts';
import { startTestStack } from '../test-support/stack.ts';
import { historyBusinessUnits, seedBusinessUnits } from './business-units.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { readSchools, type SchoolRow } from './personas.ts';

/**
 * The business-unit seed against the embedded emulators (issue 11 item 1; decision
 * record 030): every institution of schools.csv and every synthetic unit becomes a
 * record, Virginia's public units start eligible on VACR as data, a rerun creates
 * nothing, and a unit item of an older seed is upgraded without losing an edit.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let schools: SchoolRow[];
let firstMs = 0;
let first: Awaited<ReturnType<typeof seedBusinessUnits>>;

beforeAll(async () => {
  stack = await startTestStack();
  schools = await readSchools(DEFAULT_DATA_ROOT);
  const started = Date.now();
  first = await seedBusinessUnits(schools, new Date());
  firstMs = Date.now() - started;
});
afterAll(async () => {
  await stack?.stop();
});

describe('seedBusinessUnits', () => {
  it('creates a record of every institution of schools.csv and every synthetic unit, on a fresh table', async () => {
    const planned = historyBusinessUnits(schools);
    expect(planned.filter((unit) => !unit.synthetic)).toHaveLength(schools.length);
    expect(first).toEqual({ created: planned.length, alreadyPresent: 0, upgraded: 0 });
    const stored = await getBusinessUnitsByIds(planned.map((unit) => unit.id));
    expect(stored).toHaveLength(planned.length);
    // Reported by the run (decision record 030 records the figure).
    console.info(`seedBusinessUnits: ${planned.length} units in ${firstMs} ms`);
  });

  it('makes Virginia public units eligible on VACR as data, and no other unit', async () => {
    const planned = historyBusinessUnits(schools);
    const stored = new Map((await getBusinessUnitsByIds(planned.map((unit) => unit.id))).map((u) => [u.id, u]));
    for (const unit of planned) {
      const expected = unit.state === 'VA' && unit.public ? ['VACR'] : [];
      expect(stored.get(unit.id)?.eligibleBrands, unit.name).toEqual(expected);
    }
    const mason = [...stored.values()].find((unit) => unit.name === 'George Mason University');
    expect(mason).toMatchObject({ state: 'VA', public: true, eligibleBrands: ['VACR'], mergedIntoId: null });
    expect([...stored.values()].filter((unit) => unit.eligibleBrands.length > 0).length).toBeGreaterThan(20);
  });

  it('lists the seeded units by name and finds them by a part of the name', async () => {
    const page = await listBusinessUnits({ q: 'george mason', limit: 10 });
    expect(page.items.map((unit) => unit.name)).toContain('George Mason University');
  });

  it('creates nothing on a rerun, upgrades an item of an older seed and keeps an edit', async () => {
    // Prepare: one unit as an older seed wrote it (no eligibleBrands, timestamps, listing key).
    const mason = historyBusinessUnits(schools).find((unit) => unit.name === 'George Mason University');
    if (!mason) throw new Error('George Mason University is not in schools.csv');
    const { synthetic: _synthetic, eligibleBrands: _brands, ...old } = mason;
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...businessUnitKey(mason.id), entityType: ENTITY_TYPES.businessUnit, version: 1, ...old },
      }),
    );
    // Act
    const second = await seedBusinessUnits(schools, new Date());
    // Assess
    expect(second).toEqual({ created: 0, alreadyPresent: first.created - 1, upgraded: 1 });
    const item = (
      await dynamoDocumentClient.send(
        new GetCommand({ TableName: tableName(), Key: businessUnitKey(mason.id), ConsistentRead: true }),
      )
    ).Item;
    expect(item).toMatchObject({ eligibleBrands: ['VACR'], mergedIntoId: null, gsi1pk: 'BUSINESS_UNITS' });
    expect(typeof item?.createdTimestamp).toBe('string');
    // An administrator's edit (no brands) survives a rerun.
    await dynamoDocumentClient.send(
      new PutCommand({ TableName: tableName(), Item: { ...item, eligibleBrands: [], version: 2 } }),
    );
    expect(await seedBusinessUnits(schools, new Date())).toEqual({
      created: 0,
      alreadyPresent: first.created,
      upgraded: 0,
    });
    const [after] = await getBusinessUnitsByIds([mason.id]);
    expect(after).toMatchObject({ eligibleBrands: [], version: 2 });
  });
});
