import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether `web/dist` is the build of the sources as they are now (issue 22 item 6:
 * `npm start` builds the SPA when it is missing or stale).
 *
 * Stale means: a source of the build was modified after the build's `index.html`
 * was written. The sources are every file and folder under `web/` (the app, its
 * `index.html`, `public/` and `vite.config.ts`; `web/dist` itself excluded) and
 * `shared/`, plus `package-lock.json` (a dependency changed). Folders count too, so
 * deleting or renaming a file makes the build stale. Modification times, not a stamp
 * file, so a build made by `npm run build` counts as well; a file given an older time
 * than the build (copied with its time kept) is the one change this does not see —
 * `npm run build` then.
 */

/** The repository root. */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** What {@link webBuildState} found. */
export type WebBuildState =
  | { readonly current: true }
  | {
      readonly current: false;
      /** Why a build is needed, e.g. `is missing` or `is older than web/src/main.tsx`. */
      readonly reason: string;
    };

/** The sources of the SPA build, relative to the repository root. */
export const WEB_BUILD_SOURCES = ['web', 'shared', 'package-lock.json'] as const;

/**
 * Compares the build in `distDir` (default `web/dist`) with its sources under `root`
 * (default the repository root).
 * @throws Error when a source cannot be read (other than missing).
 */
export async function webBuildState(
  options: { readonly root?: string; readonly distDir?: string } = {},
): Promise<WebBuildState> {
  const root = options.root ?? ROOT;
  const distDir = options.distDir ?? path.join(root, 'web', 'dist');
  const built = await stat(path.join(distDir, 'index.html')).catch(() => undefined);
  if (!built) return { current: false, reason: 'is missing' };

  const newest = await newestSource(root, distDir);
  if (newest && newest.mtimeMs > built.mtimeMs) {
    return { current: false, reason: `is older than ${path.relative(root, newest.path) || newest.path}` };
  }
  return { current: true };
}

/** The most recently modified file or folder among the sources, or undefined when there is none. */
async function newestSource(root: string, distDir: string): Promise<{ path: string; mtimeMs: number } | undefined> {
  let newest: { path: string; mtimeMs: number } | undefined;
  const consider = (file: string, mtimeMs: number) => {
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path: file, mtimeMs };
  };
  const walk = async (entry: string): Promise<void> => {
    if (entry === distDir || path.basename(entry) === 'node_modules') return;
    const info = await stat(entry).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) return;
    consider(entry, info.mtimeMs);
    if (!info.isDirectory()) return;
    const names = await readdir(entry);
    await Promise.all(names.map((name) => walk(path.join(entry, name))));
  };
  await Promise.all(WEB_BUILD_SOURCES.map((source) => walk(path.join(root, source))));
  return newest;
}
