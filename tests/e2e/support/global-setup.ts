import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Builds the SPA once, into a temporary folder of its own (never into `web/dist`, which
 * a developer's running portal may be serving), and hands its path to the test files.
 */
export default function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-web-'));
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundle.
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  project.provide('webDistDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    webDistDir: string;
  }
}
