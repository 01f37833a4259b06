import * as z from 'zod';
import { EntityId, limitParam } from './common.ts';
import { ContentSummary } from './content.ts';

/** Related items a content page shows when the caller names no `limit` (issue 24 item 5). */
export const RELATED_DEFAULT_LIMIT = 6;
/** The most related items one request returns (issue 24 item 5). */
export const RELATED_MAX_LIMIT = 24;

/** `GET /api/v1/search/related/{id}` path: the content item's id (issue 24 item 5). */
export const RelatedContentPath = z.object({ id: EntityId });
export type RelatedContentPath = z.infer<typeof RelatedContentPath>;

/** `GET /api/v1/search/related/{id}` query: how many items, 1..24, default 6. */
export const RelatedContentQuery = z.object({ limit: limitParam(RELATED_MAX_LIMIT, RELATED_DEFAULT_LIMIT) });
export type RelatedContentQuery = z.infer<typeof RelatedContentQuery>;

/**
 * The related courseware of one content item (issue 24 item 5; decision record 056):
 * condensed items, most related first. Empty when nothing the caller may see shares
 * a knowledge item or a tag with it.
 */
export const RelatedContentPage = z.object({ items: z.array(ContentSummary) }).meta({ id: 'RelatedContentPage' });
export type RelatedContentPage = z.infer<typeof RelatedContentPage>;
