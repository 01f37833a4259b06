import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 21 item 30: the README promises Node.js ≥ 20.19 (package.json `engines`), so every
 * package `npm ci` installs must declare engines that admit that version, or npm warns
 * EBADENGINE and the package may use what Node 20 lacks (decision record 036).
 */

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the Node version the README promises', () => {
  const promised = (readJson('package.json') as { engines: { node: string } }).engines.node;
  const lowest = semver.minVersion(promised)?.version ?? '';

  it('is the one package.json declares', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node.js ≥ ${lowest.replace(/\.0$/, '')}`);
    expect(lowest).toBe('20.19.0');
  });

  it('is admitted by the engines of every package in the lock file', () => {
    const { packages } = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(packages)
      .filter(([location, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return location !== '' && node !== undefined && !semver.satisfies(lowest, node, { includePrerelease: true });
      })
      .map(([location, entry]) => `${location.replace(/^.*node_modules\//, '')}@${entry.version}`);

    expect(refusing).toEqual([]);
  });
});
