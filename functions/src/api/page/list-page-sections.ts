import { decideAccess } from '#shared/capabilities';
import { PAGE_NOT_FOUND_MESSAGE, type PageSection, type PageSectionList } from '#shared/contracts/page';
import { getPageById } from '../../data/pages.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { decodePageToken, encodePageToken, INVALID_PAGE_TOKEN_MESSAGE } from '../../lib/page-token.ts';
import { defineRoute } from './define-route.ts';

/**
 * What a token of this route holds: the page it belongs to and the place of the last
 * section answered (its `index` and id). The token is bound to its page (a token of
 * another page is a 400), and resumes after that place rather than at an offset, so
 * a section deleted between two requests does not make the next one skip a section.
 */
const SECTION_TOKEN = { keyAttributes: ['pageId', 'index', 'sectionId'], partitionKey: 'pageId' } as const;

/** Sections in the order of `toPage` (data/pages.ts): by `index`, ties by id. */
function compareSections(a: Pick<PageSection, 'index' | 'id'>, b: Pick<PageSection, 'index' | 'id'>): number {
  return a.index - b.index || a.id.localeCompare(b.id);
}

/**
 * The place to resume after, from a `pageToken` of page `pageId`, or null for the first
 * page (no token).
 * @throws ValidationError (400 at `query.pageToken`, "Invalid page token.") for a
 *   forged token, one of another page, or one whose index is not a whole number.
 */
function resumeAfter(pageToken: string | undefined, pageId: string): Pick<PageSection, 'index' | 'id'> | null {
  const key = decodePageToken(pageToken, { ...SECTION_TOKEN, partitions: [pageId] });
  if (!key) return null;
  const index = key.index ?? '';
  if (!/^(0|[1-9]\d{0,8})$/.test(index)) {
    throw new ValidationError([{ path: 'query.pageToken', message: INVALID_PAGE_TOKEN_MESSAGE }]);
  }
  return { index: Number(index), id: key.sectionId ?? '' };
}

/**
 * One answer of the route, pure: the `limit` sections of `sections` (already in
 * index order) that come after `after` (from the start when null), and the token of
 * the next answer when sections remain (else null).
 */
export function sectionPage(
  pageId: string,
  sections: readonly PageSection[],
  after: Pick<PageSection, 'index' | 'id'> | null,
  limit: number,
): PageSectionList {
  const start = after === null ? 0 : sections.findIndex((section) => compareSections(section, after) > 0);
  const rest = start < 0 ? [] : sections.slice(start);
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  const nextPageToken =
    rest.length > limit && last ? encodePageToken({ pageId, index: String(last.index), sectionId: last.id }) : null;
  return { items, nextPageToken };
}

/**
 * `GET /api/v1/pages/{id}/sections?limit&pageToken` (spec §7 "Pages": "List page
 * sections"; decision record 026): a page's sections in `index` order, `limit` (1–50,
 * default 50) at a time, `nextPageToken` to go on. A page has at most
 * `PAGE_LIMITS.sectionsMax` (50) sections, so every request reads the whole page
 * with one strongly consistent Query of its partition (`getPageById`) and pages in
 * memory. Access as `getPage`: a published page is public; an unpublished one is
 * seen only by callers with `updateContent`, and for anyone else answers exactly
 * like a missing one: 404 "Page does not exist.". Never cached.
 * @throws ValidationError (400 at `query.pageToken`) for a forged token or one of
 *   another page; NotFoundError (404) for a missing or hidden page.
 */
export const listPageSections = defineRoute('listPageSections', async ({ path, query, caller }) => {
  const after = resumeAfter(query.pageToken, path.id);
  const editor = decideAccess(caller?.principal ?? null, 'updateContent') === 'allowed';
  const page = await getPageById(path.id);
  if (!page || (page.status !== 'published' && !editor)) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return sectionPage(page.id, page.sections, after, query.limit);
});
