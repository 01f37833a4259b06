import { describe, expect, it } from 'vitest';
import { Coverage } from '#shared/contracts/coverage';
import type { Knowledge } from '#shared/contracts/knowledge';
import type { WorkRole } from '#shared/contracts/work-role';
import {
  type CoverageItemInput,
  caeGroupLabel,
  caeWorksheetRows,
  compareGroups,
  computeCoverage,
  niceCoverage,
} from './coverage.ts';

const ku = (id: string, program: string, group: string, outcomes: string[] = []): Knowledge => ({
  id,
  type: 'KU',
  name: `${id} name`,
  program,
  group,
  outcomes,
});

const KUS: Knowledge[] = [
  ku('CSF', 'CAE-CD', 'Foundational', ['Describe', 'Formulate', 'Assess']),
  ku('NSC', 'CAE-CD', 'Technical Core', ['Configure']),
  ku('BCY', 'CAE-CD', 'Foundational'),
  ku('SWA', 'CAE-CD', 'Optional (per S2)'),
  ku('CO-M.4', 'CAE-CO', 'Mandatory', ['One', 'Two']),
  ku('CO-M.10', 'CAE-CO', 'Mandatory'),
  ku('ZZ', 'CAE-CD', 'unknown (name only; as mapped by the NICE Challenge project)'),
  { id: 'K0018', type: 'KSA', name: 'Knowledge of encryption', kind: 'knowledge' },
];

const role = (id: string, generation: WorkRole['generation'], statements: string[]): WorkRole => ({
  id,
  generation,
  name: `${id} role`,
  description: '',
  category: { id: 'PR', name: 'Protect and Defend' },
  opmCodes: [],
  statements,
});

const ROLES: WorkRole[] = [
  role('PR-CDA-001', '2017', ['K0001', 'K0002', 'S0003', 'A0004']),
  role('SP-RSK-001', '2017', ['K0009']),
  role('DD-WRL-001', '2.1.0', ['T1001', 'K0001']),
];

const item = (id: string, more: Partial<CoverageItemInput> = {}): CoverageItemInput => ({
  id,
  alias: null,
  name: `Item ${id}`,
  files: [],
  ksas: [],
  kus: [],
  tkss: [],
  ...more,
});

const ref = (id: string) => ({ id, name: id });

const A = '01aaaaaaaaaaaaaaaaaaaaaaaa';
const B = '01bbbbbbbbbbbbbbbbbbbbbbbb';
const C = '01cccccccccccccccccccccccc';

describe('computeCoverage', () => {
  const items = [
    item(A, {
      kus: [ref('CSF'), ref('CO-M.4')],
      ksas: [ref('K0001'), ref('K0002')],
      kuOutcomes: [
        { kuId: 'CSF', outcomes: [0, 2, 9] },
        { kuId: 'NSC', outcomes: [0] },
      ],
      files: ['lab.pdf'],
    }),
    item(B, {
      kus: [ref('CSF'), ref('XX-unknown')],
      tkss: [ref('K0001')],
      kuOutcomes: [{ kuId: 'CSF', outcomes: [0] }],
    }),
    item(C),
    item(A),
  ];
  const coverage = computeCoverage({
    subject: { kind: 'collection', id: C, name: 'Course' },
    items,
    knowledgeUnits: KUS,
    workRoles: ROLES,
  });

  it('answers the contract, counting each item once', () => {
    expect(Coverage.parse(coverage)).toEqual(coverage);
    expect(coverage.subject).toEqual({ kind: 'collection', id: C, name: 'Course', itemCount: 3 });
    expect(coverage.items.map((entry) => entry.id)).toEqual([A, B, C]);
    expect(coverage.items[0]?.files).toEqual(['lab.pdf']);
  });

  it('groups KUs by program (CD then CO) and group (the report order), ids in natural order', () => {
    expect(coverage.cae.programs.map((program) => program.program)).toEqual(['CAE-CD', 'CAE-CO']);
    const cd = coverage.cae.programs[0];
    expect(cd?.groups.map((group) => [group.group, group.label])).toEqual([
      ['Foundational', 'Foundational'],
      ['Technical Core', 'Technical Core'],
      ['Optional (per S2)', 'Optional'],
      ['unknown (name only; as mapped by the NICE Challenge project)', 'Unclassified'],
    ]);
    expect(cd?.groups[0]?.units.map((unit) => unit.id)).toEqual(['BCY', 'CSF']);
    const co = coverage.cae.programs[1];
    expect(co?.groups[0]?.units.map((unit) => unit.id)).toEqual(['CO-M.4', 'CO-M.10']);
    expect(coverage.cae.unitCount).toBe(7);
    expect(coverage.cae.coveredCount).toBe(2);
    expect(cd?.coveredCount).toBe(1);
    expect(co?.coveredCount).toBe(1);
  });

  it('lists the items covering a KU and the outcomes marked, ignoring marks of unmapped KUs and foreign indexes', () => {
    const csf = coverage.cae.programs[0]?.groups[0]?.units[1];
    expect(csf?.covered).toBe(true);
    expect(csf?.items).toEqual([A, B]);
    expect(csf?.outcomes.map((outcome) => outcome.addressedBy)).toEqual([[A, B], [], [A]]);
    expect(csf?.addressedCount).toBe(2);
    const nsc = coverage.cae.programs[0]?.groups[1]?.units[0];
    expect(nsc?.covered).toBe(false);
    expect(nsc?.outcomes[0]?.addressedBy).toEqual([]);
  });

  it('lists gaps per group and the KU ids the data does not hold', () => {
    expect(coverage.cae.gaps.map((gap) => [gap.program, gap.label, gap.units.map((unit) => unit.id)])).toEqual([
      ['CAE-CD', 'Foundational', ['BCY']],
      ['CAE-CD', 'Technical Core', ['NSC']],
      ['CAE-CD', 'Optional', ['SWA']],
      ['CAE-CD', 'Unclassified', ['ZZ']],
      ['CAE-CO', 'Mandatory', ['CO-M.10']],
    ]);
    expect(coverage.cae.unknownUnits).toEqual([{ id: 'XX-unknown', name: 'XX-unknown', items: [B] }]);
  });

  it('covers 2017 roles with KSAs and v2.1.0 roles with TKS statements, by share', () => {
    expect(coverage.nice.roleCounts).toEqual({ '2017': 2, '2.1.0': 1 });
    expect(coverage.nice.roles.map((entry) => [entry.id, entry.coveredCount, entry.share])).toEqual([
      ['DD-WRL-001', 1, 0.5],
      ['PR-CDA-001', 2, 0.5],
    ]);
    expect(coverage.nice.roles[1]?.coveredStatements).toEqual(['K0001', 'K0002']);
    expect(coverage.nice.roles[1]?.missingStatements).toEqual(['S0003', 'A0004']);
  });
});

describe('niceCoverage', () => {
  it('leaves out roles nothing covers and gives a role without statements no share', () => {
    const result = niceCoverage([item(A, { ksas: [ref('K0009')] })], [...ROLES, role('XX-EMP-001', '2017', [])]);
    expect(result.roles.map((entry) => entry.id)).toEqual(['SP-RSK-001']);
    expect(result.roles[0]?.share).toBe(1);
  });
});

describe('caeGroupLabel and compareGroups', () => {
  it('shortens groups and orders the known ones first', () => {
    expect(caeGroupLabel('Non-Technical Core')).toBe('Non-Technical Core');
    expect(caeGroupLabel('unknown')).toBe('Unclassified');
    expect(['Other', 'Optional', 'Foundational', 'Mandatory'].sort(compareGroups)).toEqual([
      'Foundational',
      'Mandatory',
      'Optional',
      'Other',
    ]);
  });
});

describe('caeWorksheetRows', () => {
  it('gives one row per (KU, item) with outcomes and evidence, and one gap row per uncovered KU', () => {
    const coverage = computeCoverage({
      subject: { kind: 'collection', id: C, name: 'Course' },
      items: [
        item(A, { alias: 'labs/a', kus: [ref('CSF'), ref('NSC')], kuOutcomes: [{ kuId: 'CSF', outcomes: [1, 0] }] }),
        item(B, { kus: [ref('CSF')], files: ['b.pdf', 'b.zip'] }),
      ],
      knowledgeUnits: KUS,
      workRoles: [],
    });
    const rows = caeWorksheetRows(coverage, (entry) => `https://portal.test/content/${entry.alias ?? entry.id}`);
    expect(rows.mapping).toEqual([
      [
        'CAE-CD',
        'Foundational',
        'CSF',
        'CSF name',
        `Item ${A}`,
        'https://portal.test/content/labs/a',
        'Describe\nFormulate',
        'https://portal.test/content/labs/a',
      ],
      [
        'CAE-CD',
        'Foundational',
        'CSF',
        'CSF name',
        `Item ${B}`,
        `https://portal.test/content/${B}`,
        '',
        `https://portal.test/content/${B}\nb.pdf\nb.zip`,
      ],
      [
        'CAE-CD',
        'Technical Core',
        'NSC',
        'NSC name',
        `Item ${A}`,
        'https://portal.test/content/labs/a',
        '',
        'https://portal.test/content/labs/a',
      ],
    ]);
    expect(rows.gaps.map((row) => row[2])).toEqual(['BCY', 'SWA', 'ZZ', 'CO-M.4', 'CO-M.10']);
  });
});
