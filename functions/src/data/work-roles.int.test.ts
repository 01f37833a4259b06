import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_ROOT } from '../seed/import.ts';
import { readSeedSources } from '../seed/sources.ts';
import { planWorkRoles, type WorkRolePlan } from '../seed/work-roles.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  existingWorkRoleItems,
  getWorkRole,
  listCompetencyAreas,
  listWorkRoles,
  putWorkRoleItems,
  workRoleItemKey,
} from './work-roles.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let plan: WorkRolePlan;

beforeAll(async () => {
  stack = await startTestStack();
  plan = planWorkRoles(await readSeedSources(DEFAULT_DATA_ROOT));
});

afterAll(async () => {
  await stack?.stop();
});

describe('work roles in the table', () => {
  it('lists nothing before the import, then what a later write stored (the cache follows the revision)', async () => {
    expect(await listWorkRoles()).toEqual([]);
    const [first, ...rest] = plan.workRoles;
    if (!first) throw new Error('No planned role.');
    await putWorkRoleItems([first], []);
    expect((await listWorkRoles()).map((role) => role.id)).toEqual([first.id]);
    const present = await existingWorkRoleItems(plan.workRoles, plan.competencyAreas);
    expect([...present]).toEqual([workRoleItemKey(first)]);
    await putWorkRoleItems(rest, plan.competencyAreas);
    expect(await listWorkRoles()).toEqual(plan.workRoles);
  });

  it('lists one generation by id, or both with 2017 first', async () => {
    const all = await listWorkRoles();
    expect(all.map((role) => role.generation)).toEqual([...Array(52).fill('2017'), ...Array(41).fill('2.1.0')]);
    const v2 = await listWorkRoles('2.1.0');
    expect(v2).toHaveLength(41);
    expect(v2.map((role) => role.id)).toEqual([...v2.map((role) => role.id)].sort());
    expect(await listWorkRoles('2017')).toHaveLength(52);
  });

  it('reads one role by id with its statements, and null for an unknown id', async () => {
    const role = await getWorkRole('DD-WRL-001');
    expect(role).toEqual(plan.workRoles.find((item) => item.id === 'DD-WRL-001'));
    expect(role).not.toHaveProperty('pk');
    expect(await getWorkRole('ZZ-WRL-999')).toBeNull();
  });

  it('lists the competency areas by id', async () => {
    expect(await listCompetencyAreas()).toEqual(plan.competencyAreas);
  });
});
