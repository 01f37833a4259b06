import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { readSeedSources, type SeedSources } from './sources.ts';
import { planWorkRoles, type WorkRolePlan } from './work-roles.ts';

let sources: SeedSources;
let plan: WorkRolePlan;

beforeAll(async () => {
  sources = await readSeedSources(DEFAULT_DATA_ROOT);
  plan = planWorkRoles(sources);
});

describe('planWorkRoles', () => {
  it('plans the 52 roles of 2017, the 41 of v2.1.0 and the 11 competency areas', () => {
    expect(plan.workRoles.filter((role) => role.generation === '2017')).toHaveLength(52);
    expect(plan.workRoles.filter((role) => role.generation === '2.1.0')).toHaveLength(41);
    expect(plan.competencyAreas.map((area) => area.id)).toEqual(
      Array.from({ length: 11 }, (_, i) => `NF-COM-${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('keeps every K/S/A mapping of a 2017 role as its statements and its tasks apart', () => {
    const source = sources.workRoles2017.find((role) => role.id === 'SP-RSK-001');
    const role = plan.workRoles.find((item) => item.id === 'SP-RSK-001');
    expect(source && role).toBeTruthy();
    if (!source || !role) return;
    expect(role.statements).toEqual([...source.knowledge, ...source.skills, ...source.abilities].sort());
    expect(role.tasks2017).toEqual([...source.tasks].sort());
    expect(role).toMatchObject({
      name: 'Authorizing Official/Designating Representative',
      category: { id: 'SP', name: 'Securely Provision' },
      specialtyArea: { id: 'RSK', name: 'Risk Management' },
      opmCodes: ['611'],
    });
    // SOURCES.md §1a counts 4,586 mappings with the tasks; 4 repeat within their role
    // (SP-RSK-002 K0018 and A0119, OV-TEA-001 A0057, OV-EXL-001 T0229) and are kept once.
    const mapped = plan.workRoles
      .filter((item) => item.generation === '2017')
      .reduce((sum, item) => sum + item.statements.length + (item.tasks2017?.length ?? 0), 0);
    expect(mapped).toBe(4586 - 4);
  });

  it('maps a v2.1.0 role to its T, K and S statements, all of them TKS ids', () => {
    const tks = new Set(sources.tks.map((statement) => statement.id));
    const role = plan.workRoles.find((item) => item.id === 'DD-WRL-001');
    expect(role?.category).toMatchObject({ id: 'DD', name: 'Design and Development' });
    expect(role?.statements).toContain('K0018');
    expect(role?.statements).toContain('T0084');
    expect(role?.tasks2017).toBeUndefined();
    for (const item of plan.workRoles.filter((r) => r.generation === '2.1.0')) {
      expect(item.statements.every((id) => tks.has(id))).toBe(true);
    }
  });

  it('rejects a role mapped to a statement the generation lacks', () => {
    const [first] = sources.workRoles2017;
    if (!first) throw new Error('No 2017 role.');
    expect(() =>
      planWorkRoles({ ...sources, workRoles2017: [{ ...first, knowledge: [...first.knowledge, 'K9999'] }] }),
    ).toThrow(/SP-RSK-001 maps to unknown KSA K9999/);
  });
});
