import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import {
  DEFAULT_PAGE_LAYOUT,
  DEFAULT_SECTION_LAYOUT,
  PAGE_LAYOUTS,
  PAGE_STATUSES,
  Page,
  PageHref,
  SectionInput,
} from '#shared/contracts/page';
import { createPage } from '../data/pages.ts';
import { seedId } from '../domain/ids.ts';
import { createdUnlessConflict } from './created-unless-conflict.ts';
import type { SeedCounts } from './import.ts';

/**
 * The seeded CMS pages (decision record 026): one JSON file per page in
 * `seed-data/pages/` — team, resources, terms of use and privacy — authored by the
 * project (SOURCES.md "Pages"). Each file is a page without ids or timestamps; ids
 * are derived from the href (`seedId`), sections take their file order as index.
 */

/** Folder of the page files, under the seed-data root. */
export const PAGES_FOLDER = 'pages';

/**
 * One section as written in a page file. Its widgets follow the rules of a section
 * write (`SectionInput.widgets`: several widgets only when all are giantIconButton),
 * so a seeded section can be edited and saved as it is.
 */
const SeedSection = z.strictObject({
  name: z.string().default(''),
  key: z.string().default(''),
  description: z.string().default(''),
  widgets: SectionInput.shape.widgets,
});

/**
 * One page file: the page's fields without id, timestamps or section ids; the
 * parent, if any, is named by its href (`parentHref`, a page seeded from another
 * file: its id is {@link seededPageId} of that href).
 */
export const SeedPageFile = z.strictObject({
  title: z.string(),
  href: PageHref,
  parentHref: PageHref.optional(),
  status: z.enum(PAGE_STATUSES),
  meta: z.strictObject({ description: z.string(), images: z.array(z.string()).default([]) }),
  layout: z
    .strictObject({ name: z.enum(PAGE_LAYOUTS), parameters: z.record(z.string(), z.string()).default({}) })
    .default({ name: DEFAULT_PAGE_LAYOUT, parameters: {} }),
  sections: z.array(SeedSection),
});
export type SeedPageFile = z.infer<typeof SeedPageFile>;

/** The id of the seeded page at `href`. */
export function seededPageId(href: string): string {
  return seedId('page', href);
}

/**
 * The page a file describes, complete: id and section ids from the href and the
 * section's position, `parentId` the seeded page at `parentHref` (else null), both
 * timestamps `now`. Checked against the
 * `Page` contract.
 * @throws ZodError when the result breaks the contract.
 */
export function pageFromSeedFile(file: SeedPageFile, now: Date): Page {
  const timestamp = now.toISOString();
  return Page.parse({
    id: seededPageId(file.href),
    title: file.title,
    href: file.href,
    parentId: file.parentHref === undefined ? null : seededPageId(file.parentHref),
    status: file.status,
    meta: file.meta,
    layout: file.layout,
    sections: file.sections.map((section, index) => ({
      id: seedId('page-section', `${file.href}#${index}`),
      index,
      key: section.key,
      name: section.name,
      description: section.description,
      widgets: section.widgets,
      layout: { name: DEFAULT_SECTION_LAYOUT },
    })),
    createdTimestamp: timestamp,
    modifiedTimestamp: timestamp,
  });
}

/**
 * Reads every `*.json` of `<dataRoot>/pages/`, in name order, as complete pages.
 * @throws Error naming the file when one is not valid JSON or breaks the format, or
 *   when a page's `parentHref` names no seeded page.
 */
export async function readSeedPages(dataRoot: string, now: Date): Promise<Page[]> {
  const folder = path.join(dataRoot, PAGES_FOLDER);
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const pages: Page[] = [];
  for (const name of names) {
    try {
      const file = SeedPageFile.parse(JSON.parse(await readFile(path.join(folder, name), 'utf8')));
      pages.push(pageFromSeedFile(file, now));
    } catch (error) {
      throw new Error(`${PAGES_FOLDER}/${name}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  const hrefs = new Set(pages.map((page) => page.href));
  const orphan = pages.find((page) => page.parentId !== null && !pages.some((other) => other.id === page.parentId));
  if (orphan)
    throw new Error(`${PAGES_FOLDER}: the parent of ${orphan.href} is not a seeded page (${[...hrefs].join(', ')})`);
  return pages;
}

/**
 * Writes the seeded pages that are absent (decision record 026): each page with
 * its href guard and sections in one conditional transaction, its HTML through the
 * server's sanitiser (`createPage`). A page whose id or href exists already — an
 * earlier import, or a page an editor created at that address — is left alone and
 * counted as present, so editors' changes survive every later `npm start`.
 * @throws Error when a page file is invalid or a write fails otherwise.
 */
export async function seedPages(dataRoot: string, now: Date): Promise<SeedCounts> {
  const counts: SeedCounts = { created: 0, alreadyPresent: 0 };
  for (const page of await readSeedPages(dataRoot, now)) {
    if (await createdUnlessConflict(() => createPage(page))) counts.created += 1;
    else counts.alreadyPresent += 1;
  }
  return counts;
}
