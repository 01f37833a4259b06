import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig(({ command }) => ({
  root,
  plugins: [react()],
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
            ...VENDOR_CHUNKS.map(([name, test], index) => ({
              name,
              test,
              tags: ['$initial' as const],
              priority: VENDOR_CHUNKS.length - index + 1,
            })),
            /**
             * The app's own first-render modules (src/ and shared/, but the entry module `src/main.tsx` itself) in one
             * chunk, not in a score of small shared ones: one file compresses better than many and costs
             * one request (issue 22 item 3, decision record 040: 5 KB gzip less, 25 files down to 9).
             * Modules only lazy routes use are not `$initial` and stay with those routes.
             */
            {
              name: 'app',
              test: (id: string) =>
                /[\\/](web[\\/]src|shared)[\\/]/.test(id) && !id.includes('node_modules') && !id.endsWith('main.tsx'),
              tags: ['$initial' as const],
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
