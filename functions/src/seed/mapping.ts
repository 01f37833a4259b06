import path from 'node:path';
import type { ContentCategory, ContentStatus, EducationLevel, ExperienceLevel, StatementKind } from '#shared/enums';

/**
 * The mapping rules of the seed import (decision record 004). Each is a named
 * constant; the import report cites the name of every rule it applied, with the
 * items it applied to, so no change to the source data is silent.
 */

/** A mapped value plus tags that keep what the mapping could not express. */
export interface MappedWithTags<T> {
  readonly value: T;
  readonly tags: readonly string[];
}

/**
 * Catalog `category` → content categories (+ tags). `lab` is not a category of spec §3:
 * a lab is an `exercise` with the tag `lab` (a "known other tag", with its own icon).
 */
export const CATEGORY_MAP: Readonly<Record<string, MappedWithTags<readonly ContentCategory[]>>> = {
  course: { value: ['course'], tags: [] },
  module: { value: ['module'], tags: [] },
  lesson: { value: ['lesson'], tags: [] },
  exercise: { value: ['exercise'], tags: [] },
  lab: { value: ['exercise'], tags: ['lab'] },
};

/**
 * Catalog education level → enumerated level (+ tags). `middle school` has no level of
 * its own: the nearest, `highschool`, plus the tag `middle school`, so the original
 * level is kept and searchable.
 */
export const EDUCATION_LEVEL_MAP: Readonly<Record<string, MappedWithTags<EducationLevel>>> = {
  undergraduate: { value: 'universityundergraduate', tags: [] },
  graduate: { value: 'graduatestudent', tags: [] },
  'middle school': { value: 'highschool', tags: ['middle school'] },
  /** courseware-extra (issue 24 item 0) writes the level with a space. */
  'high school': { value: 'highschool', tags: [] },
};

/** Catalog experience level → enumerated level (the catalog uses the codes themselves). */
export const EXPERIENCE_LEVEL_MAP: Readonly<Record<string, ExperienceLevel>> = {
  beginner: 'beginner',
  beginnerplus: 'beginnerplus',
  intermediate: 'intermediate',
  intermediateplus: 'intermediateplus',
  advanced: 'advanced',
};

/** NICE statement id's first letter → statement kind (`K0001` is knowledge, `T0006` a task). */
export const STATEMENT_KIND_BY_ID_LETTER: Readonly<Record<string, StatementKind>> = {
  K: 'knowledge',
  S: 'skill',
  A: 'ability',
  T: 'task',
};

/** Status of every imported content item. */
export const SEED_STATUS: ContentStatus = 'published';

/** Last-curated date of the imported courseware: the day the catalog was gathered (SOURCES.md). */
export const SEED_LAST_CURATED = { courseware: '2026-11-21' } as const;

/**
 * Created and modified instant of a catalog item that courseware/dates.json does not
 * date (decision record 036): the day the catalog was gathered (SOURCES.md), the day
 * the item entered the portal — a real date, never the day of the import.
 */
export const SEED_UNDATED_TIMESTAMP = '2026-11-21T00:00:00.000Z';

/**
 * Created and modified instant of a courseware-extra item (issue 24 item 0), which has
 * no dates.json: the date of the source repository's snapshot commit, which its
 * `sourceUrl` names and its SOURCES.md dates. No file of the item can have changed
 * after it, so "New or updated" never shows an item its source did not change lately;
 * it is a real date, never the day of the import (decision record 036).
 */
export const SNAPSHOT_COMMIT_DATES: Readonly<Record<string, string>> = {
  '2e6e0f30cd6914594640191a5bdd14c6914ebeab': '2025-11-18T00:00:00.000Z', // microsoft/Security-101
  '38405ec5f6e1d316d086d01aac994a94a12b171a': '2023-08-19T00:00:00.000Z', // bkimminich/it-security-lecture
  '8ea0a106a1eee1f22d46c6613f09f533678d2ed1': '2022-12-27T00:00:00.000Z', // jaanos/kirv
  '66ebc4798d2ca72973967a20264bdeb70dcf0a13': '2026-08-05T00:00:00.000Z', // OWASP/Top10
};

/** The snapshot commit a `https://github.com/<owner>/<repo>/tree/<commit>[/…]` source address names, or null. */
export function snapshotCommitOf(sourceUrl: string | null): string | null {
  return sourceUrl?.match(/\/tree\/([0-9a-f]{40})(?:\/|$)/)?.[1] ?? null;
}

/**
 * Media type of a courseware file by its extension. Where a catalog states a type
 * (courseware-extra does), it must agree with this rule, parameters aside
 * ({@link checkedMediaType}); the rule's value, with its charset, is what is stored.
 */
export const MEDIA_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ipynb': 'application/x-ipynb+json',
  '.py': 'text/x-python; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The `includes` entry a shipped file adds (spec §3 Content `includes`): by exact
 * file name first, then by extension. SEED labs ship their manual as PDF and text;
 * GenCyber lessons ship an overview (README) and a lesson plan.
 */
export const INCLUDES_BY_FILE_NAME: Readonly<Record<string, string>> = {
  'README.md': 'Lesson overview (Markdown)',
  'lesson-plan.md': 'Lesson plan (Markdown)',
};
/** The `includes` entry of a file without a rule by name, by its extension. */
export const INCLUDES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': 'Lab manual (PDF)',
  '.txt': 'Lab manual (plain text)',
};

/**
 * The `includes` entry of a courseware-extra file, by extension only (issue 24 item 0):
 * its PDFs are slide decks and documents, not lab manuals, and its READMEs are course
 * and notebook overviews, so the first catalog's rules by name do not apply.
 */
export const EXTRA_INCLUDES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.md': 'Text (Markdown)',
  '.pdf': 'Document (PDF)',
  '.ipynb': 'Jupyter notebook',
  '.py': 'Source code (Python)',
  '.csv': 'Data (CSV)',
  '.json': 'Data (JSON)',
  '.pptx': 'Slides (PowerPoint)',
  '.docx': 'Document (Word)',
  '.xlsx': 'Workbook (Excel)',
};

/**
 * Contributor last name by which courseware-extra marks an organisation author
 * (`firstName` = the organisation, `school` = null; its SOURCES.md). Kept verbatim:
 * the contributor shows as "Microsoft (organization)", which says what it is.
 */
export const ORGANISATION_AUTHOR_LAST_NAME = '(organization)';

/** The `includes` entry of a catalog `timeRequired`. */
export function timeRequiredInclude(timeRequired: string): string {
  return `Time required: ${timeRequired}`;
}

/**
 * A file's display name: its base name without the extension (`filename` keeps the
 * full base name), e.g. `files/seed-labs/web/Web_XSS_Elgg.pdf` → `Web_XSS_Elgg`.
 */
export function fileDisplayName(relativePath: string): string {
  return path.basename(relativePath, path.extname(relativePath));
}

/** The media type of a file; throws for an extension without a rule, so new kinds of file are noticed. */
export function mediaTypeOf(relativePath: string): string {
  const type = MEDIA_TYPE_BY_EXTENSION[path.extname(relativePath).toLowerCase()];
  if (!type) throw new Error(`No media type rule for ${relativePath}.`);
  return type;
}

/**
 * The media type of a file ({@link mediaTypeOf}), checked against the type its catalog
 * states (null: none stated); parameters such as `charset` are ignored in the comparison.
 * @throws Error when the extension has no rule or the stated type disagrees.
 */
export function checkedMediaType(relativePath: string, stated: string | null): string {
  const type = mediaTypeOf(relativePath);
  const bare = (value: string) => value.split(';')[0]?.trim().toLowerCase();
  if (stated !== null && bare(stated) !== bare(type)) {
    throw new Error(`${relativePath} is stated as ${stated}, but its extension says ${type}.`);
  }
  return type;
}

/**
 * The `includes` entry of a file of the first catalog (by name, then by extension) or
 * of courseware-extra ({@link EXTRA_INCLUDES_BY_EXTENSION}); throws for a file without a rule.
 */
export function includeOf(relativePath: string, collection: 'courseware' | 'courseware-extra' = 'courseware'): string {
  const name = path.basename(relativePath);
  const extension = path.extname(name).toLowerCase();
  const include =
    collection === 'courseware'
      ? (INCLUDES_BY_FILE_NAME[name] ?? INCLUDES_BY_EXTENSION[extension])
      : EXTRA_INCLUDES_BY_EXTENSION[extension];
  if (!include) throw new Error(`No includes rule for ${relativePath}.`);
  return include;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The catalog's plain-text description as the HTML `description` of content: escaped, in one paragraph. */
export function descriptionHtml(text: string): string {
  return `<p>${escapeHtml(text.trim())}</p>`;
}
