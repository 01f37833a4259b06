import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ON_DEMAND_RECIPES, onDemandRecipesImportedBy } from './src/theme/on-demand-recipes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Third-party code that the first render needs, one chunk per library family, so the
 * app's own entry stays small and caches well. Only modules of the initial (static)
 * import graph are grouped (`$initial`): code that only lazy screens or on-demand
 * widgets use (menus, dialogs, collapsibles, avatars, their positioning and
 * focus-trap machinery) stays in the lazy chunks that need it, out of the figure the
 * browser downloads before the first render.
 */
const VENDOR_CHUNKS: readonly (readonly [string, RegExp])[] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ['router', /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/],
  ['query', /node_modules[\\/]@tanstack[\\/]/],
  [
    'chakra',
    /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|proxy-compare|stylis|@swc|hoist-non-react-statics|react-is|@babel[\\/]runtime|uqr|perfect-freehand)[\\/]/,
  ],
  ['zod', /node_modules[\\/]zod[\\/]/],
  ['icons', /node_modules[\\/]lucide-react[\\/]/],
];

/**
 * react-router's package points every bundler at its development build, which keeps
 * the dev-only warnings (`ENABLE_DEV_WARNINGS = true`). The production build next
 * to it is the same code with the warnings off; the browser build uses it.
 */
function reactRouterProductionAliases() {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/** The attribute that marks the SPA's preload links in `index.html` (decision record 043). */
const SPA_PRELOAD_ATTRIBUTE = 'data-spa-start';

/**
 * Preloads the SPA on the pages that start it at once (decision record 043): adds to
 * `index.html` a `<link rel="modulepreload" data-spa-start>` for the SPA's entry chunk
 * (`src/start.tsx`) and every chunk it imports statically, so an app screen (`/login`,
 * `/dashboard`) fetches them in parallel with the page's entry, as when the SPA was the
 * entry itself. The html group removes these links from server-rendered pages
 * (`functions/src/html/templates.ts`), where the SPA waits for the visitor's first use.
 */
function preloadSpaStart(): Plugin {
  return {
    name: 'preload-spa-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const start = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/src/start.tsx'));
        if (!start) throw new Error('no src/start.tsx entry chunk in the bundle');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        // What the page's own entry imports has its preload link already.
        const own = new Set([context.chunk?.fileName, ...(context.chunk?.imports ?? [])]);
        return [...files]
          .filter((fileName) => !own.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [SPA_PRELOAD_ATTRIBUTE]: true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

const REGISTRATION_PREFIX = 'virtual:chakra-recipe/';
const SOURCE_PREFIX = 'virtual:chakra-recipe-source/';

/**
 * Chakra recipes on demand (issue 22 item 3; decision record 040): every module of
 * `src/` (but `src/theme/`) that imports a component of `ON_DEMAND_RECIPES` from
 * `@chakra-ui/react` gets, before its own imports, an import of a registration module
 * (`registerRecipe` of `src/theme/system.ts`), so the recipe is registered before the
 * component can render and lands in the chunk of the code that renders it.
 *
 * The registration takes the recipe from a copy of Chakra's recipe module
 * (`dist/esm/theme/recipes/<file>.js`, its relative imports made absolute, a recipe
 * importing another recipe importing that one's copy too). Chakra's own module would
 * not do: its theme barrel is reachable from `@chakra-ui/react` in the first render,
 * and the `chakra` vendor group takes what it reaches, so any recipe a lazy chunk
 * used would go back into the first render.
 */
export function chakraRecipesOnDemand(): Plugin {
  const require = createRequire(import.meta.url);
  const recipesDir = path.join(
    path.dirname(require.resolve('@chakra-ui/react/package.json')),
    'dist/esm/theme/recipes',
  );
  const systemModule = path.join(root, 'src/theme/system.ts');
  const srcDir = path.join(root, 'src') + path.sep;
  const themeDir = path.join(root, 'src/theme') + path.sep;
  // The dev server takes recipes from Chakra's pre-bundled theme: no copies there, bundle size is the build's.
  let building = true;
  return {
    name: 'chakra-recipes-on-demand',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      if (id.startsWith(REGISTRATION_PREFIX) || id.startsWith(SOURCE_PREFIX)) {
        // Registering is the point of these modules, whatever the bundler would infer.
        return { id: `\0${id}`, moduleSideEffects: id.startsWith(REGISTRATION_PREFIX) };
      }
      return null;
    },
    load(id) {
      if (id.startsWith(`\0${REGISTRATION_PREFIX}`)) {
        const key = id.slice(REGISTRATION_PREFIX.length + 1);
        const recipe = ON_DEMAND_RECIPES.find((candidate) => candidate.key === key);
        if (!recipe) throw new Error(`no on-demand Chakra recipe ${key}`);
        const late = `{ kind: ${JSON.stringify(recipe.kind)}, recipe: ${recipe.exportName} }`;
        return {
          code: [
            `import { ${recipe.exportName} } from '${building ? `${SOURCE_PREFIX}${recipe.file}.js` : '@chakra-ui/react/theme'}';`,
            `import { registerRecipe } from ${JSON.stringify(systemModule)};`,
            `registerRecipe(${JSON.stringify(key)}, ${late});`,
          ].join('\n'),
          moduleSideEffects: true,
        };
      }
      if (id.startsWith(`\0${SOURCE_PREFIX}`)) {
        const file = id.slice(SOURCE_PREFIX.length + 1);
        const source = readFileSync(path.join(recipesDir, file), 'utf8');
        return source.replace(/from ['"](\.{1,2}\/[^'"]+)['"]/g, (_, specifier: string) =>
          specifier.startsWith('./')
            ? `from '${SOURCE_PREFIX}${specifier.slice(2)}'`
            : `from ${JSON.stringify(path.join(recipesDir, specifier))}`,
        );
      }
      return null;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !id.startsWith(srcDir) || id.startsWith(themeDir)) return null;
      const recipes = onDemandRecipesImportedBy(code);
      if (recipes.length === 0) return null;
      // One line before the first, so the module's lines keep their numbers.
      const imports = recipes.map((recipe) => `import '${REGISTRATION_PREFIX}${recipe.key}';`).join('');
      return { code: `${imports}${code}`, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [chakraRecipesOnDemand(), react(), preloadSpaStart()],
  resolve: command === 'build' ? { alias: reactRouterProductionAliases() } : {},
  // Found only behind lazy routes; listed so the dev server does not re-optimise mid-session.
  optimizeDeps: { include: ['dompurify'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // The benchmark (tests/bench) reads the chunk graph from `.vite/manifest.json`.
    manifest: true,
    // Browsers of the last years run ES2022 as is: no down-levelled helpers.
    target: 'es2022',
    // Every browser that runs ES2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      /**
       * Two entries (decision record 043): the page's own (`index.html` → `src/main.tsx`,
       * under 2 KB gzip with the preload helper, deciding when the SPA starts) and the SPA's
       * (`src/start.tsx`), which `main.tsx` imports dynamically. As an entry, the SPA's
       * static import graph is `$initial`, so the vendor and `app` groups below still
       * gather what its first render needs.
       */
      input: { index: path.join(root, 'index.html'), start: path.join(root, 'src/start.tsx') },
      treeshake: {
        /**
         * Chakra's theme module builds its whole default config at load time
         * (`defaultThemeConfig = defineConfig({ recipes, slotRecipes, … })`, every
         * recipe wrapped in `defineSlotRecipe`/`defineRecipe`, every part list made by
         * zag's `createAnatomy`). These functions only return their argument or a
         * plain object, but the bundler cannot see that across modules, so all ~90
         * recipes and anatomies stayed in the first-render chunk although the app
         * registers 17 (`src/theme/chakra-base.ts`). Declared pure, the unused
         * ones are dropped.
         */
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createAnatomy'],
        /**
         * Emotion imports `hoist-non-react-statics` (and through it `react-is`) for
         * `withTheme`, which nothing here uses; both are CommonJS and only define
         * their exports, but CommonJS counts as side-effectful unless declared
         * otherwise. Declared so, they leave the bundle. Every other module keeps
         * its own `sideEffects` declaration.
         */
        moduleSideEffects: [{ test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            /**
             * Vite's preload helper, which the page's entry (`src/main.tsx`) and the SPA's lazy routes share:
             * a chunk of its own, or the bundler puts it in the SPA's chunk and the page's entry imports
             * all of the SPA statically (decision record 043).
             */
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: VENDOR_CHUNKS.length + 2 },
            ...VENDOR_CHUNKS.map(([name, test], index) => ({
              name,
              test,
              tags: ['$initial' as const],
              priority: VENDOR_CHUNKS.length - index + 1,
            })),
            /**
             * The app's own first-render modules (src/ and shared/, but the page's entry `src/main.tsx` and the
             * `src/boot/` module it imports, which must stay out of the SPA's chunks) in one
             * chunk, not in a score of small shared ones: one file compresses better than many and costs
             * one request (issue 22 item 3, decision record 040: 5 KB gzip less, 25 files down to 9).
             * Modules only lazy routes use are not `$initial` and stay with those routes.
             */
            {
              name: 'app',
              test: (id: string) =>
                /[\\/](web[\\/]src|shared)[\\/]/.test(id) &&
                !id.includes('node_modules') &&
                !id.endsWith('main.tsx') &&
                !/[\\/]src[\\/]boot[\\/]start-when\.ts$/.test(id),
              tags: ['$initial' as const],
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
