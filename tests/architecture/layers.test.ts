import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { GLOBAL_RULES, LAYERS, type Layer, mayImportText } from '../../.dependency-cruiser.mjs';

/**
 * docs/architecture.md "Layers" is the layer table `.dependency-cruiser.mjs` generates its
 * rules from, so the page says exactly what `npm run lint` enforces (issue 23 item 7); and the
 * rules reject each wrong-way import the table forbids and accept each one it allows (item 1).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const BEGIN = '<!-- layers:begin (generated from .dependency-cruiser.mjs; tests/architecture/layers.test.ts) -->';
const END = '<!-- layers:end -->';

/** The block docs/architecture.md must hold between its markers. */
function renderLayersBlock(): string {
  const layers = [
    '| layer | what it is | may import |',
    '|---|---|---|',
    ...LAYERS.map(
      (layer) => `| \`${layer.folder}\` | ${layer.what} | ${mayImportText(layer).replace(/(\S+\/)/g, '`$1`')} |`,
    ),
  ];
  const rules = [
    '| rule | what it keeps out |',
    '|---|---|',
    ...GLOBAL_RULES.map((rule) => `| \`${rule.name}\` | ${rule.comment} |`),
  ];
  return [BEGIN, ...layers, '', ...rules, END].join('\n');
}

describe('docs/architecture.md "Layers"', () => {
  it('holds the layer table and the rules the lint configuration is made of', async () => {
    const doc = await readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, 'docs/architecture.md has the layers:begin marker').toBeGreaterThanOrEqual(0);
    expect(end, 'docs/architecture.md has the layers:end marker').toBeGreaterThan(start);
    // On a difference, paste the expected block into the page.
    expect(doc.slice(start, end + END.length)).toBe(renderLayersBlock());
  });

  it('names only layers of the table in mayImport', () => {
    const ids = new Set(LAYERS.map((layer) => layer.id));
    for (const layer of LAYERS) for (const id of layer.mayImport) expect(ids, `${layer.id} → ${id}`).toContain(id);
  });
});

/** A file path inside `layer`'s folder; for an island layer, inside the island `island`. */
function inLayer(layer: Layer, file: string, island = 'a'): string {
  return `${layer.folder.replace(/<[a-z]+>\//, `${island}/`)}${file}`;
}

interface Case {
  readonly from: string;
  readonly to: string;
  /** The rule that must report the import, or null when the import is allowed. */
  readonly rule: string | null;
}

/** Every pair of layers on one side of the repository: forbidden unless the table allows it. */
function layerCases(): Case[] {
  const cases: Case[] = [];
  for (const from of LAYERS) {
    for (const to of LAYERS) {
      if (from.folder.split('/')[0] !== to.folder.split('/')[0]) continue;
      const allowed = from.id === to.id || from.mayImport.includes(to.id);
      cases.push({
        from: inLayer(from, `to-${to.id}.ts`),
        to: inLayer(to, 'target.ts'),
        rule: allowed ? null : `${from.id}-imports-only-allowed-layers`,
      });
    }
    if (from.folder.includes('<')) {
      const noun = (from.folder.match(/<([a-z]+)>/) as RegExpMatchArray)[1];
      cases.push({
        from: inLayer(from, 'to-sibling.ts'),
        to: inLayer(from, 'target.ts', 'b'),
        rule: `${from.id}-${noun}-imports-no-other-${noun}`,
      });
      cases.push({ from: inLayer(from, 'sibling.test.ts'), to: inLayer(from, 'target.ts', 'b'), rule: null });
    }
  }
  return cases;
}

const GLOBAL_CASES: Case[] = [
  { from: 'functions/src/seed/cli.ts', to: 'infra/local/emulators.ts', rule: 'functions-imports-no-infra' },
  { from: 'functions/src/test-support/stack.ts', to: 'infra/local/emulators.ts', rule: null },
  { from: 'functions/src/adapters/email.test.ts', to: 'infra/local/emulators.ts', rule: null },
  { from: 'functions/src/search/to-web.ts', to: 'web/src/lib/target.ts', rule: 'functions-imports-no-web' },
  {
    from: 'web/src/lib/to-functions.ts',
    to: 'functions/src/domain/target.ts',
    rule: 'web-imports-no-functions-or-infra',
  },
  { from: 'web/src/theme/to-infra.ts', to: 'infra/local/emulators.ts', rule: 'web-imports-no-functions-or-infra' },
  { from: 'shared/to-web.ts', to: 'web/src/lib/target.ts', rule: 'shared-imports-only-shared-and-zod' },
  { from: 'shared/to-react.ts', to: 'react', rule: 'shared-imports-only-shared-and-zod' },
  { from: 'shared/to-node.ts', to: 'node:path', rule: 'shared-imports-only-shared-and-zod' },
  { from: 'shared/to-zod.ts', to: 'zod', rule: null },
  { from: 'shared/to-shared.ts', to: 'shared/target.ts', rule: null },
  { from: 'functions/src/domain/to-sdk.ts', to: '@aws-sdk/client-s3', rule: 'domain-imports-no-aws-sdk' },
  { from: 'functions/src/data/to-sdk.ts', to: '@aws-sdk/client-s3', rule: null },
  { from: 'web/src/features/a/to-kit.ts', to: 'web/src/testing/render.tsx', rule: 'production-imports-no-test-kit' },
  { from: 'web/src/lib/to-kit.ts', to: 'web/src/lib/testing/kit.ts', rule: 'production-imports-no-test-kit' },
  {
    from: 'functions/src/data/to-kit.ts',
    to: 'functions/src/test-support/stack.ts',
    rule: 'production-imports-no-test-kit',
  },
  { from: 'infra/local/to-tests.ts', to: 'tests/support/local-portal.ts', rule: 'production-imports-no-test-kit' },
  { from: 'functions/src/lib/to-vitest.ts', to: 'vitest', rule: 'production-imports-no-test-kit' },
  { from: 'web/src/lib/to-rtl.ts', to: '@testing-library/react', rule: 'production-imports-no-test-kit' },
  { from: 'functions/src/adapters/to-mock.ts', to: 'aws-sdk-client-mock', rule: 'production-imports-no-test-kit' },
  { from: 'web/src/features/a/x.test.tsx', to: 'web/src/testing/render.tsx', rule: null },
  { from: 'web/src/testing/render.tsx', to: '@testing-library/react', rule: null },
];

describe('the import rules of .dependency-cruiser.mjs', () => {
  const cases = [...layerCases(), ...GLOBAL_CASES];
  let dir: string;
  let result: ICruiseResult;

  beforeAll(async () => {
    // One small tree, one file per case importing its target, cruised with the real rules.
    dir = await mkdtemp(path.join(tmpdir(), 'layers-'));
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    };
    for (const { from, to } of cases) {
      const local = /^(web|functions|shared|infra|tests)\//.test(to);
      const specifier = local ? `./${path.relative(path.dirname(from), to)}`.replace(/^\.\/\.\.\//, '../') : to;
      if (local) await write(to, 'export const target = 1;\n');
      await write(from, `export * from '${specifier}';\n`);
    }
    const { tsConfig: _tsConfig, ...options } = config.options ?? {};
    const reported = await cruise(['.'], {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden } as IFlattenedRuleSet,
    });
    result = reported.output as ICruiseResult;
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(cases)('$from → $to: $rule', ({ from, rule }) => {
    const found = result.summary.violations.filter((violation) => violation.from === from).map((v) => v.rule.name);
    expect(found).toEqual(rule === null ? [] : [rule]);
  });

  it('cruised every case file', () => {
    const sources = new Set(result.modules.map((module) => module.source));
    for (const { from } of cases) expect(sources).toContain(from);
  });
});
