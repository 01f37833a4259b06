import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Third-party code, one chunk per library family, so the app's own entry stays small and caches well. */
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

export default defineConfig({
  root,
  plugins: [react()],
  // Found only behind lazy routes; listed so the dev server does not re-optimise mid-session.
  optimizeDeps: { include: ['dompurify'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS.map(([name, test], index) => ({ name, test, priority: VENDOR_CHUNKS.length - index })),
        },
      },
    },
  },
});
