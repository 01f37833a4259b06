import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In CI a JSON report beside the console one lets .ci/run print the closing tally.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/unit.json' }]] : ['default'],
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
