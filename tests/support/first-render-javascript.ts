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
 * record 040 was written (231,649 bytes for `/courseware`) with a little room, and
 * since decision record 043 the page's own entry and Vite's preload helper as files of
 * their own (234,374 bytes measured). Issue 23 raised it by 100 bytes (235,019 measured,
 * from 234,959): the shell's slots that keep features out of `components/` (decision
 * record 044) and the zod code of the forms' schemas, which lands in the zod chunk every
 * page loads (58 bytes of it won back with `formValue`, decision record 047). Issue 24
 * kept it: previews took the download button out of the list's chunk (1,469 bytes less,
 * decision record 058), which pays for the content card now shared with the related
 * courseware and the contributor page, the contributor route, and the card's thumbnail
 * (decision records 056, 057, 060; 234,553 measured). Issue 24's items 3, 4 and 8 raised it
 * by 600 bytes (235,612 measured, from 234,570): the landing list's order, page size and
 * numbered pages (decision record 062; the shared search address now a chunk of its
 * own, 1,215 bytes, against 589 less in the list's chunk) and the saved searches' two
 * routes, lazy menu item and route paths in the entry (418 bytes; decision record 061);
 * to be won back first. Issue 25 raised it by 500 bytes (236,130 measured, from 235,612):
 * twenty new operations in the API client's path table (`web/src/lib/api-paths.ts`, which
 * names every operation: drafts and revisions, bulk actions, update notices, submissions;
 * decision records 064–069), the names of new lazily loaded chunks in the entry's preload
 * map (the rich text editor, submissions; "My submissions" is a section of the call for
 * courseware page, not a route) and the list summary's `version` and `publishAt` (bulk
 * actions, schedules); the path table is the first thing to win back (it could be split
 * per feature, loaded with the feature). The rest of issue 25 raised it by 400 bytes
 * (236,539 measured on 2026-11-28, from 236,231 measured the same day on the build the
 * session started from): the entry's share (259 bytes) — two more operations in the path
 * table (a message's dismiss, a submission file's download URL), the session store's
 * message setter, the `htmlImage` upload kind — and the load error's Cancel (31). The path
 * table is still the first thing to win back. Issue 26 item 3 (ratings and reviews, decision
 * record 070) raised it by 450 bytes (236,997 measured on 2026-11-28): nine more operations
 * in the path table, the hit's `rating` in the list summary, the "Highest rated" sort and
 * the card's average and count (text only, no icon); the path table is still the first
 * thing to win back. Issue 26 items 1 and 4 (My library, content usage; decision records
 * 071, 072) raised it by 650 bytes (237,654 measured on 2026-11-28 on the merge of items 1,
 * 3 and 4): six more operations in the path table, the cards' "Save to my library" part (its
 * button is loaded only for signed-in readers), the library's path and account-menu link.
 * Issue 26 items 2 and 5 (collections, personal data; decision records 073–075) raised it by
 * 350 bytes (237,993 measured on 2026-11-29): twelve more operations in the path table, two
 * lazy routes (a collection's page, "Your data") and the account menu's "Your data" item.
 * The path table is now the first thing to win back, before anything else is added.
 * Issue 27 (decision records 078–081) raised it by 850 bytes all the same (238,824 measured
 * on 2026-11-29, from 237,963 on the build the session started from, after winning back
 * 669 of the first 1,277: the work-role schemas, the worksheet's blob download and a
 * refinement of the content contract left the start chunk): five more operations in the
 * path table, four lazy routes (two coverage screens, the printable worksheet, the work
 * roles), the search address's and request's work-role filter and crosswalk expansions,
 * and the content contract's `kuOutcomes`. Splitting the path table per feature (each
 * lazily loaded feature bringing its own operations) is overdue: it comes before any
 * other addition. Otherwise it only goes down, towards {@link FIRST_RENDER_GOAL_BYTES}; what still stands between the
 * two is in decision record 040. A server-rendered page loads none of it before its first use
 * ({@link PAGE_ENTRY_BUDGET_BYTES}).
 */
// Issue 28 raised it by 200 bytes (239,057 measured on 2026-11-29, from 238,824): the API
// client's Idempotency-Key and its bounded retry of a write (item 2, decision record 084,
// 143 bytes), and the reads' wait on a busy portal's Retry-After (item 4, decision record 085,
// 36 bytes). Both are in every request's path, so they cannot load later; the path-table split
// above is still owed first, and the next session of issue 28 does it before anything else.
// 2026-11-29, issue 28: the path table is split per feature (decision record 040), lowered by
// 1,200 bytes (237,886 measured, from 239,057 on the build before the split): the first render
// keeps the 8 operations it calls (`FIRST_RENDER_API_PATHS`), the other 136 load with their
// features' chunks (`web/src/features/<feature>/api/paths.ts`); the start chunk lost 1,221 bytes,
// the list route's preload map gained 41 (the names of the lazy features' path chunks).
// 2026-11-29, issue 28: lowered by 400 bytes (237,418 measured, from 237,907). A change in a
// lazy chunk alone (the PDF viewer's) had taken the first render 21 bytes over the 14 left
// under the budget: the chunks before the first render name lazy chunks, and so their
// content hashes, in their preload maps. The lessons panel's lazy part moved out of the
// module the courseware list imports (`routes/courseware/lessons-panel-part.ts`), taking its
// preload map (about 20 names) out of the first render. Keep some 80 bytes under the budget
// for such hash changes.
export const FIRST_RENDER_BUDGET_BYTES = 237_500;

/**
 * The budget of a server-rendered page's JavaScript before its visitor's first use,
 * gzip bytes (decision record 043): the page's entry, which decides when the SPA
 * starts, and Vite's preload helper; 1,741 bytes (3.3 KB uncompressed) when the record was written.
 */
export const PAGE_ENTRY_BUDGET_BYTES = 5_000;

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

/** The manifest key of the SPA's own entry, which the page's entry imports dynamically (decision record 043). */
export const SPA_START_MODULE = 'src/start.tsx';

/** What a page loads before its first use, and what the first render of the SPA, and of `/courseware` in particular, downloads. */
export interface FirstRenderFigures {
  /**
   * The page's entry (`index.html`'s script) and its static imports: all the JavaScript
   * a server-rendered page loads before its visitor's first use (decision record 043).
   */
  readonly page: FirstRenderSet;
  /** The page's set plus the SPA's entry (`src/start.tsx`) and its static imports: what the SPA's first render needs. */
  readonly entry: FirstRenderSet;
  /** The entry's set plus the `/courseware` route module and its static imports. */
  readonly courseware: FirstRenderSet;
}

/**
 * Reads the manifest of the build in `distDir` and measures the static-import
 * closure of the page's entry, of it plus the SPA's entry, and of both plus the
 * `/courseware` list route.
 * Throws when the manifest, its entry or the route is missing.
 */
export function firstRenderJavaScript(distDir: string): FirstRenderFigures {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = 'index.html';
  if (!manifest[entryKey]?.isEntry) throw new Error('no index.html entry chunk in the manifest');
  if (!manifest[SPA_START_MODULE]) throw new Error(`no ${SPA_START_MODULE} in the manifest`);
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
    page: setOf(closure([entryKey])),
    entry: setOf(closure([entryKey, SPA_START_MODULE])),
    courseware: setOf(closure([entryKey, SPA_START_MODULE, COURSEWARE_LIST_ROUTE])),
  };
}
