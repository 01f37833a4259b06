import type { Content, ContentFile, ContentFirstPage, ContentThumbnail } from '#shared/contracts/content';
import { licenceAllowsRedistribution } from '#shared/licences';
import { PUBLIC_FILES_PATH } from '#shared/public-files';

/**
 * Which thumbnail a content item should have (issue 24 item 2, decision record 060).
 * Pure: the thumbnail renderer (functions/src/thumbnails/) acts on the answer.
 */

/** Media type of the files a thumbnail is rendered from. */
export const THUMBNAIL_SOURCE_TYPE = 'application/pdf';

/**
 * Licences whose courseware may be shown publicly as a thumbnail: the open licences
 * of the catalogue (CC BY, BY-SA, BY-NC, BY-NC-SA in any version, CC0, MIT, Apache,
 * BSD, public domain). No-derivatives licences (…-ND) are left out: a reduced first
 * page is a derivative.
 */
const OPEN_LICENCE = /^(CC[ -]?BY\b|CC0\b|MIT\b|Apache\b|BSD\b|Public domain\b)/i;

/** Whether a licence lets a thumbnail of the item be public (see {@link OPEN_LICENCE}). */
export function licenceAllowsThumbnail(licence: string): boolean {
  return OPEN_LICENCE.test(licence.trim()) && !/-ND\b/i.test(licence);
}

/** The file a thumbnail is made from, and what the item then records. */
export interface WantedThumbnail {
  readonly file: ContentFile;
  /** The public object key's file part: the source file id. */
  readonly fileId: string;
  readonly thumbnail: ContentThumbnail;
}

/**
 * The thumbnail `content` should carry, given the public address builder `urlOf(fileId)`:
 * the first PDF of its `files`, when the item is published and its licence open
 * ({@link licenceAllowsThumbnail}); otherwise null (an unpublished item shows nothing
 * publicly, so its thumbnail is removed). `alt` is "First page of <file name>".
 */
export function wantedThumbnail(
  content: Pick<Content, 'status' | 'licence' | 'files'>,
  urlOf: (fileId: string) => string,
): WantedThumbnail | null {
  if (content.status !== 'published' || !licenceAllowsThumbnail(content.licence)) return null;
  const file = content.files.find((candidate) => candidate.type === THUMBNAIL_SOURCE_TYPE);
  if (!file) return null;
  return {
    file,
    fileId: file.id,
    thumbnail: { url: urlOf(file.id), alt: `First page of ${file.name || file.filename}` },
  };
}

/** Most PDF files of one item given a readable first page (bounds one item's render time). */
export const FIRST_PAGE_MAX_FILES = 10;

/**
 * The readable first pages `content` should carry for readers without file rights
 * (issue 24 item 1, decision record 059), given the public address builder
 * `urlOf(fileId)`: one per PDF of its `files` (the first {@link FIRST_PAGE_MAX_FILES},
 * in `files` order), when the item is published and its licence allows redistribution
 * (`licenceAllowsRedistribution`: the Creative Commons licences, CC0 and MIT; an
 * unknown licence does not); otherwise none. `alt` is "First page of <file name>".
 */
export function wantedFirstPages(
  content: Pick<Content, 'status' | 'licence' | 'files'>,
  urlOf: (fileId: string) => string,
): ContentFirstPage[] {
  if (content.status !== 'published' || !licenceAllowsRedistribution(content.licence)) return [];
  return content.files
    .filter((file) => file.type === THUMBNAIL_SOURCE_TYPE)
    .slice(0, FIRST_PAGE_MAX_FILES)
    .map((file) => ({ fileId: file.id, url: urlOf(file.id), alt: `First page of ${file.name || file.filename}` }));
}

/** The portal address of a public object key: `/public/<key>` (decision record 031). */
export function publicObjectUrl(key: string): string {
  return `${PUBLIC_FILES_PATH}/${key}`;
}
