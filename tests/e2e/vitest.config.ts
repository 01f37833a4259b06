import { defineConfig } from 'vitest/config';

/**
 * Browser tests: a real headless Chromium against the whole portal, served in-process
 * from a fresh production build of the SPA (built once by the global setup).
 */
export default defineConfig({
  test: {
    // In CI a JSON report beside the console one lets .ci/run print the closing tally.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/e2e.json' }]] : ['default'],
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits on a condition: a busy 2-core machine may make it longer, not fail
    // it (issue 23 item 8). Just under the test timeout, so it fails with its own message.
    expect: { poll: { timeout: 50_000 } },
    hookTimeout: 180_000,
    // One browser and one portal per file; files run one after another on 2 cores.
    fileParallelism: false,
    // Every test signs in and sends from 127.0.0.1: the rate limits (decision record 033)
    // are tested over HTTP in tests/integration/rate-limits.int.test.ts, not here.
    env: { RATE_LIMIT_SCALE: '100' },
  },
});
