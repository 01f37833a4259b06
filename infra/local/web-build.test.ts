import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildState } from './web-build.ts';

describe('webBuildState', () => {
  let root: string;
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  const touch = (relative: string, seconds: number) => utimesSync(path.join(root, relative), at(seconds), at(seconds));

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    mkdirSync(path.join(root, 'web/src'), { recursive: true });
    mkdirSync(path.join(root, 'web/dist'), { recursive: true });
    mkdirSync(path.join(root, 'shared'));
    writeFileSync(path.join(root, 'web/src/main.tsx'), 'x');
    writeFileSync(path.join(root, 'shared/routes.ts'), 'x');
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
    for (const source of ['web/src/main.tsx', 'web/src', 'web', 'shared/routes.ts', 'shared', 'package-lock.json']) {
      touch(source, 0);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('asks for a build when there is none', async () => {
    expect(await webBuildState({ root })).toEqual({ current: false, reason: 'is missing' });
  });

  it('takes a build newer than every source as current, whatever is inside web/dist', async () => {
    writeFileSync(path.join(root, 'web/dist/index.html'), '<!doctype html>');
    touch('web/dist/index.html', 10);
    writeFileSync(path.join(root, 'web/dist/late.js'), 'x');
    touch('web/dist/late.js', 20);
    touch('web/dist', 20);

    expect(await webBuildState({ root })).toEqual({ current: true });
  });

  it.each([
    ['web/src/main.tsx', 'a changed source of the SPA'],
    ['shared/routes.ts', 'a changed shared module'],
    ['package-lock.json', 'changed dependencies'],
    ['web/src', 'a deleted or added file (its folder changed)'],
  ])('calls the build stale when %s is newer (%s), naming it', async (source) => {
    writeFileSync(path.join(root, 'web/dist/index.html'), '<!doctype html>');
    touch('web/dist/index.html', 10);
    touch(source, 11);

    expect(await webBuildState({ root })).toEqual({ current: false, reason: `is older than ${source}` });
  });
});
