import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'functions/**/*.test.ts',
      'infra/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
