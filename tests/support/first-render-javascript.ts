import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The JavaScript a visitor downloads before the first render (issue 22 item 3;
 * decision record 040), read from a production build's `.vite/manifest.json`.
 * Sizes, not timings: the same build gives the same figures on any machine, so the
 * budget is a test (tests/e2e/first-render-budget.e2e.test.ts) and the bench reports
 * the same figures.
 */

/** The goal for the JavaScript before `/courseware` shows its cards, gzip bytes (170 KB). */
export const FIRST_RENDER_GOAL_BYTES = 170_000;

/**
 * The budget the tests hold today, gzip bytes: the figure measured when decision
 * record 040 was written (231,649 bytes for `/courseware`) with a little room. It
 * only ever goes down, towards {@link FIRST_RENDER_GOAL_BYTES}; what still stands
 * between the two is in decision record 040.
 */
export const FIRST_RENDER_BUDGET_BYTES = 234_000;

/** The manifest key of the lazy route module of `/courseware` (the list). */
export const COURSEWARE_LIST_ROUTE = 'src/app/routes/courseware/list.tsx';

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/** One JavaScript file of a first render and its compressed sizes, bytes. */
export interface FirstRenderFile {
  /** Path below the build folder (`assets/react-….js`). */
  readonly file: string;
  /** Manifest key (`index.html`, `_react-….js`, `src/app/routes/…`). */
  readonly key: string;
  readonly bytes: number;
  /** gzip at Node's default level (6). */
  readonly gzip: number;
  /** brotli at Node's default quality (11). */
  readonly brotli: number;
}

/** A set of files and its totals, bytes. */
export interface FirstRenderSet {
  readonly files: readonly FirstRenderFile[];
  readonly bytes: number;
  readonly gzip: number;
  readonly brotli: number;
}

/** What the first render of the SPA, and of `/courseware` in particular, downloads. */
export interface FirstRenderFigures {
  /** The entry chunk and every chunk it imports statically (what every page loads first). */
  readonly entry: FirstRenderSet;
  /** The entry's set plus the `/courseware` route module and its static imports. */
  readonly courseware: FirstRenderSet;
}

/**
 * Reads the manifest of the build in `distDir` and measures the static-import
 * closure of the entry, and of the entry plus the `/courseware` list route.
 * Throws when the manifest, its entry or the route is missing.
 */
export function firstRenderJavaScript(distDir: string): FirstRenderFigures {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  if (!manifest[COURSEWARE_LIST_ROUTE]) throw new Error(`no ${COURSEWARE_LIST_ROUTE} in the manifest`);

  const closure = (roots: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return [...seen];
  };
  const measured = new Map<string, FirstRenderFile>();
  const measure = (key: string): FirstRenderFile => {
    let figures = measured.get(key);
    if (!figures) {
      const file = manifest[key]?.file ?? '';
      const body = readFileSync(path.join(distDir, file));
      figures = { file, key, bytes: body.length, gzip: gzipSync(body).length, brotli: brotliCompressSync(body).length };
      measured.set(key, figures);
    }
    return figures;
  };
  const setOf = (keys: readonly string[]): FirstRenderSet => {
    const files = keys.map(measure).filter((figures) => figures.file.endsWith('.js'));
    const sum = (pick: (figures: FirstRenderFile) => number) => files.reduce((total, f) => total + pick(f), 0);
    return { files, bytes: sum((f) => f.bytes), gzip: sum((f) => f.gzip), brotli: sum((f) => f.brotli) };
  };
  return {
    entry: setOf(closure([entryKey])),
    courseware: setOf(closure([entryKey, COURSEWARE_LIST_ROUTE])),
  };
}
