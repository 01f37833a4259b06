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
    // The Powertools Logger (functions/src/lib/logger.ts) writes through the global
    // console in dev mode, so tests can spy on console.info/warn/error (decision record 046).
    env: { POWERTOOLS_DEV: 'true' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits on a condition: a busy machine may make it longer, not fail it
    // (issue 23 item 8). Just under the test timeout, so it fails with its own message.
    expect: { poll: { timeout: 25_000 } },
  },
});
