import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Two projects: `unit` (the SPA's jsdom tests and every test
 * that needs no emulator of its own) with two workers, then `integration`
 * (`*.int.test.ts` and `tests/`: each file starts its emulators, seeds and waits on them)
 * with one. Vitest's default in a run is one worker fewer than the cores, so on the
 * 2-core CI machine every file ran after the other; two workers keep both cores busy
 * with the in-process tests. `npm test` runs `unit` first, then `integration` and the
 * browser tests (`tests/e2e/vitest.config.ts`) side by side, one file of each at a time:
 * each waits on its emulators or its browser much of the time, and the other takes the
 * core meanwhile. `npx vitest run` runs both projects, one after the other.
 */
export default defineConfig({
  test: {
    // In CI a JSON report beside the console one lets .ci/run print the closing tally;
    // npm test's scripts name one file per project (--outputFile.json).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/bench/**'],
    // The Powertools Logger (functions/src/lib/logger.ts) writes through the global
    // console in dev mode, so tests can spy on console.info/warn/error (decision record 046).
    // The AWS SDK's warning about Node.js 20 says nothing about a test (it filled the CI log).
    env: { POWERTOOLS_DEV: 'true', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits on a condition: a busy machine may make it longer, not fail it
    // (issue 23 item 8). Just under the test timeout, so it fails with its own message.
    expect: { poll: { timeout: 25_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          maxWorkers: 2,
          // A guard, not a measure: the slowest jsdom tests (the editor's) take 10–16 s on a
          // quiet machine alone, and share it with the other worker here.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/bench/**'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
