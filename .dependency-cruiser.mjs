/**
 * The layer rules of docs/architecture.md ("Layers"), written once as dependency-cruiser
 * configuration (issue 23 item 1, decision record 044). `npm run lint` runs it after Biome,
 * so a wrong-way import fails the lint with the rule's name and the reason below.
 *
 * `LAYERS` is the table the rules are generated from: each layer may import its own folder
 * and the layers named in `mayImport`, and no other layer of the table. Folders outside the
 * table (web/src/config, theme, boot; functions/src/search, feedback, messages, bundles, html,
 * housekeeping, indexer, seed; infra/) are not layers: only the global rules below apply to
 * them. `tests/architecture.test.ts` renders the table into docs/architecture.md and checks
 * the rules against it, so the page cannot drift from what lint enforces.
 *
 * The rules apply to production code. Test files (`*.test.ts(x)`, `*.int.test.ts`,
 * `*.e2e.test.ts`) and the test kits may reach across layers to set a scenario up.
 */

/** Test files and test kits: exempt from the layer rules, forbidden to production code. */
export const TEST_FILES = ['\\.test\\.tsx?$', '(^|/)vitest\\.config\\.ts$'];
export const TEST_KITS = [
  '^web/src/testing/',
  '^functions/src/test-support/',
  '^infra/test-support/',
  '^tests/',
  '/testing/',
];
const TEST_PACKAGES = ['(^|/)node_modules/(vitest|@vitest/|aws-sdk-client-mock|@testing-library/)'];
const NOT_PRODUCTION = [...TEST_FILES, ...TEST_KITS];

/**
 * The layers: `id`, the `folder` (a `<name>` segment makes each subfolder its own island that
 * imports no sibling), what it is, and the layers it `mayImport` besides itself.
 * @type {ReadonlyArray<{ id: string; folder: string; what: string; mayImport: readonly string[] }>}
 */
export const LAYERS = [
  {
    id: 'web-app',
    folder: 'web/src/app/',
    what: 'the router, the routes and the composition of features into the shell',
    mayImport: ['web-features', 'web-components', 'web-lib', 'web-hooks'],
  },
  {
    id: 'web-features',
    folder: 'web/src/features/<feature>/',
    what: 'one feature: its api operations, components and hooks',
    mayImport: ['web-components', 'web-lib', 'web-hooks'],
  },
  {
    id: 'web-components',
    folder: 'web/src/components/',
    what: 'the shell (layouts, with slots the app fills), the ui snippets, errors, brand',
    mayImport: ['web-lib', 'web-hooks'],
  },
  {
    id: 'web-lib',
    folder: 'web/src/lib/',
    what: 'infrastructure: the API client, the session (lib/auth), forms, errors, runtime configuration',
    mayImport: ['web-components', 'web-hooks'],
  },
  {
    id: 'web-hooks',
    folder: 'web/src/hooks/',
    what: 'hooks used by several features',
    mayImport: ['web-components', 'web-lib'],
  },
  {
    id: 'api',
    folder: 'functions/src/api/<group>/',
    what: "one client group's Lambda: its entry (index.ts) and one thin route file per route",
    mayImport: ['services', 'domain', 'data', 'adapters', 'functions-lib'],
  },
  {
    id: 'services',
    folder: 'functions/src/services/',
    what: 'use cases: what a write does, orchestrating domain rules and data access',
    mayImport: ['domain', 'data', 'adapters', 'functions-lib'],
  },
  {
    id: 'domain',
    folder: 'functions/src/domain/',
    what: 'pure rules: no AWS SDK, no data access, no process.env',
    mayImport: ['functions-lib'],
  },
  {
    id: 'data',
    folder: 'functions/src/data/',
    what: 'the single-table data layer: keys.ts and one function per access pattern',
    mayImport: ['domain', 'adapters', 'functions-lib'],
  },
  {
    id: 'adapters',
    folder: 'functions/src/adapters/',
    what: 'AWS SDK clients, created once per container',
    mayImport: [],
  },
  {
    id: 'functions-lib',
    folder: 'functions/src/lib/',
    what: 'the middy handler factory, the error model, page tokens, env parsing',
    mayImport: ['domain', 'data', 'adapters'],
  },
];

/** `web/src/features/<feature>/` → `^web/src/features/([^/]+)/` (with the group captured) */
function folderPattern(folder) {
  return `^${folder.replace(/<[a-z]+>\//, '([^/]+)/')}`;
}

/** The folder a layer's imports may not reach: `^web/src/features/` for the island layers. */
function folderRoot(folder) {
  return `^${folder.replace(/<[a-z]+>\/$/, '')}`;
}

/** The rules of one layer: it imports no layer of its side it may not, and (an island) no sibling. */
function layerRule(layer) {
  const others = LAYERS.filter(
    (other) => other.id !== layer.id && !layer.mayImport.includes(other.id) && sameSide(layer, other),
  );
  const island = layer.folder.includes('<');
  const rules = [];
  if (others.length > 0) {
    rules.push({
      name: `${layer.id}-imports-only-allowed-layers`,
      comment: `${layer.folder} (${layer.what}) may import ${mayImportText(layer)}; not ${others.map((o) => o.folder).join(', ')}. docs/architecture.md "Layers".`,
      severity: 'error',
      from: { path: folderPattern(layer.folder), pathNot: NOT_PRODUCTION },
      to: { path: others.map((other) => folderRoot(other.folder)) },
    });
  }
  if (island) {
    const noun = layer.folder.match(/<([a-z]+)>/)[1];
    rules.push({
      name: `${layer.id}-${noun}-imports-no-other-${noun}`,
      comment: `A ${noun} in ${layer.folder} imports no other ${noun}'s folder: what two of them share belongs to a lower layer, what composes them to the layer above. docs/architecture.md "Layers".`,
      severity: 'error',
      from: { path: folderPattern(layer.folder), pathNot: NOT_PRODUCTION },
      to: { path: folderRoot(layer.folder), pathNot: `${folderRoot(layer.folder)}$1/` },
    });
  }
  return rules;
}

function sameSide(a, b) {
  return a.folder.split('/')[0] === b.folder.split('/')[0];
}

/** "web/src/components/, web/src/lib/ and its own folder" — the doc's wording of `mayImport`. */
export function mayImportText(layer) {
  const names = layer.mayImport.map((id) => LAYERS.find((other) => other.id === id).folder);
  names.push(layer.folder.includes('<') ? 'its own folder' : 'itself');
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Rules beyond the layer table: the sides of the repository, the shared folder, the pure
 * domain and the test kits.
 * @type {import('dependency-cruiser').IForbiddenRuleType[]}
 */
export const GLOBAL_RULES = [
  {
    name: 'functions-imports-no-infra',
    comment:
      'functions/ is what runs in a Lambda; infra/ (CDK, the local stack, the tools) builds and runs it, so functions/ imports nothing from infra/ (the seed CLI that starts the emulators is infra/local/seed.ts). Test files may use the local stack.',
    severity: 'error',
    from: { path: '^functions/', pathNot: NOT_PRODUCTION },
    to: { path: '^infra/' },
  },
  {
    name: 'functions-imports-no-web',
    comment: 'web/ and functions/ never import each other: what both need is a contract in shared/.',
    severity: 'error',
    from: { path: '^functions/' },
    to: { path: '^web/' },
  },
  {
    name: 'web-imports-no-functions-or-infra',
    comment:
      'The SPA imports only web/src, shared/ and its packages: what it shares with the Lambdas is a contract in shared/.',
    severity: 'error',
    from: { path: '^web/src/' },
    to: { path: '^(functions|infra)/' },
  },
  {
    name: 'shared-imports-only-shared-and-zod',
    comment:
      'shared/ is read by the browser and the Lambdas alike: it imports only its own files and zod (no React, no AWS SDK, no Node.js modules).',
    severity: 'error',
    from: { path: '^shared/', pathNot: NOT_PRODUCTION },
    to: { pathNot: ['^shared/', '(^|/)node_modules/zod/'] },
  },
  {
    name: 'domain-imports-no-aws-sdk',
    comment:
      'functions/src/domain/ holds pure rules: the AWS SDK belongs to adapters/ and data/ (process.env is kept out by the Biome rule noProcessEnv).',
    severity: 'error',
    from: { path: '^functions/src/domain/', pathNot: NOT_PRODUCTION },
    to: { path: ['(^|/)node_modules/@aws-sdk/', '(^|/)node_modules/@smithy/'] },
  },
  {
    name: 'production-imports-no-test-kit',
    comment:
      'Production code imports no test kit (web/src/testing, functions/src/test-support, infra/test-support, tests/, a testing/ folder) and no test library (vitest, aws-sdk-client-mock, @testing-library): they are not in the bundles. Test files and test kits may.',
    severity: 'error',
    from: { pathNot: NOT_PRODUCTION },
    to: { path: [...TEST_KITS, ...TEST_PACKAGES] },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [...LAYERS.flatMap(layerRule), ...GLOBAL_RULES],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    // node_modules may be a link (a worktree's); paths stay node_modules/<package>/….
    preserveSymlinks: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^cdk\\.out/', '^web/dist/', '^\\.data/', '^functions/seed-data/'] },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
