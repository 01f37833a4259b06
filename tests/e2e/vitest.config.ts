import { defineConfig } from 'vitest/config';

/**
 * Browser tests: a real headless Chromium against the whole portal, served in-process
 * from a fresh production build of the SPA (built once by the global setup).
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser and one portal per file; files run one after another on 2 cores.
    fileParallelism: false,
  },
});
