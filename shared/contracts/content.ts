import { z } from 'zod';
import { CONTENT_CATEGORIES, CONTENT_STATUSES, CURATED_LABELS, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '../enums.ts';
import { PAGE } from '../limits.ts';
import { booleanParam, EntityId, IdOrAlias, IsoDate, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { Contributor } from './contributor.ts';
import { KnowledgeId } from './knowledge.ts';

/**
 * Content: courses, modules, lessons, exercises and environments of the courseware
 * repository (spec §3 Content, ChildContent, Section; §7 Content).
 */

export const ContentStatus = z.enum(CONTENT_STATUSES);
export const ContentCategory = z.enum(CONTENT_CATEGORIES);
export const EducationLevel = z.enum(EDUCATION_LEVELS);
export const ExperienceLevel = z.enum(EXPERIENCE_LEVELS);

/** An ordered reference: `{ id, index }` (spec §3: contributors, children are sent as id and index pairs). */
export const IndexedRef = z.object({ id: EntityId, index: z.number().int().min(0) });
export type IndexedRef = z.infer<typeof IndexedRef>;

/** A knowledge reference on content: id, display name and position (spec §3 Content `ksas, kus, tkss`). */
export const KnowledgeRef = z.object({ id: KnowledgeId, name: z.string(), index: z.number().int().min(0) });
export type KnowledgeRef = z.infer<typeof KnowledgeRef>;

/** A file attached to content (spec §3 Content `files`). `type` is the media type. */
export const ContentFile = z
  .object({ id: EntityId, name: z.string(), type: z.string(), filename: z.string() })
  .meta({ id: 'ContentFile' });
export type ContentFile = z.infer<typeof ContentFile>;

/** A section of a content item (spec §3 Section: no category, no tags). `description` is HTML. */
export const ContentSection = z
  .object({
    id: EntityId,
    index: z.number().int().min(0),
    key: z.string().nullable(),
    name: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ContentSection' });
export type ContentSection = z.infer<typeof ContentSection>;

/** Last-curated dates by label (spec §3 `lastCuratedTimestamps`), each `YYYY-MM-DD`. */
export const LastCuratedTimestamps = z.partialRecord(z.enum(CURATED_LABELS), IsoDate);

/**
 * A whole content item as stored and served (spec §3 Content). `category` is the
 * comma list of `categories` (spec: "may be a comma list"); `description` is HTML
 * that may begin with the hidden search-tags block (decision record 007).
 * `licence`, `sourceUrl` and `copyrightNotice` carry the attribution that the
 * courseware's CC BY-NC-SA licence requires (decision record 006).
 */
export const Content = z
  .object({
    id: EntityId,
    name: z.string(),
    description: z.string(),
    urlAlias: z.string(),
    status: ContentStatus,
    category: z.string(),
    categories: z.array(ContentCategory),
    educationLevels: z.array(EducationLevel),
    experienceLevels: z.array(ExperienceLevel),
    tags: z.array(z.string()),
    contributors: z.array(IndexedRef),
    children: z.array(IndexedRef),
    sections: z.array(ContentSection),
    files: z.array(ContentFile),
    lessons: z.array(IndexedRef),
    ksas: z.array(KnowledgeRef),
    kus: z.array(KnowledgeRef),
    tkss: z.array(KnowledgeRef),
    parentId: EntityId.nullable(),
    lastCuratedTimestamps: LastCuratedTimestamps,
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
    image: z.string().nullable(),
    includes: z.array(z.string()),
    licence: z.string(),
    sourceUrl: z.string().nullable(),
    copyrightNotice: z.string().nullable(),
    version: z.number().int().min(1),
  })
  .meta({ id: 'Content' });
export type Content = z.infer<typeof Content>;

/**
 * The condensed form of content for lists, cards and admin tables. `summary` is the
 * description as plain text without the search-tags block; `author` is the display
 * name of the first contributor (spec §2.7 "Author" column).
 */
export const ContentSummary = Content.pick({
  id: true,
  name: true,
  urlAlias: true,
  status: true,
  category: true,
  categories: true,
  educationLevels: true,
  experienceLevels: true,
  tags: true,
  parentId: true,
  image: true,
  createdTimestamp: true,
  modifiedTimestamp: true,
})
  .extend({ summary: z.string(), author: z.string().nullable() })
  .meta({ id: 'ContentSummary' });
export type ContentSummary = z.infer<typeof ContentSummary>;

/** A child of a content item: its summary plus its position (spec §3 ChildContent). */
export const ChildContent = ContentSummary.extend({ index: z.number().int().min(0) }).meta({ id: 'ChildContent' });
export type ChildContent = z.infer<typeof ChildContent>;

/** A link to an ancestor, for breadcrumbs (spec §2.6). */
export const ContentLink = z
  .object({ id: EntityId, name: z.string(), urlAlias: z.string(), status: ContentStatus })
  .meta({ id: 'ContentLink' });
export type ContentLink = z.infer<typeof ContentLink>;

/**
 * `GET /api/v1/content/{idOrAlias}`: the item, its ancestors from the top-level
 * item down to its parent, and its contributors' profiles in index order.
 */
export const ContentDetail = z
  .object({ content: Content, ancestors: z.array(ContentLink), contributors: z.array(Contributor) })
  .meta({ id: 'ContentDetail' });
export type ContentDetail = z.infer<typeof ContentDetail>;

/**
 * `GET /api/v1/content` query (spec §7 "Get content list": page token, limit ≤ 300,
 * filter condense / archived). `newOrUpdated` keeps items changed within the last
 * 90 days (spec §9 "Updated tag"). Items come most recently modified first.
 */
export const ListContentQuery = z.object({
  limit: limitParam(PAGE.contentListMax, PAGE.contentListMax),
  pageToken: PageToken.optional(),
  condense: booleanParam(false),
  archived: booleanParam(false),
  newOrUpdated: booleanParam(false),
});
export type ListContentQuery = z.infer<typeof ListContentQuery>;

export const ContentPage = pageOf(z.union([Content, ContentSummary])).meta({ id: 'ContentPage' });
export type ContentPage = z.infer<typeof ContentPage>;

/** `GET /api/v1/content/{idOrAlias}` path. */
export const GetContentPath = z.object({ idOrAlias: IdOrAlias });

/** `GET /api/v1/content-children/{id}` path and query (300 per page, spec §9). */
export const ListChildrenPath = z.object({ id: IdOrAlias.pipe(EntityId) });
export const ListChildrenQuery = z.object({
  limit: limitParam(PAGE.childrenMax, PAGE.childrenMax),
  pageToken: PageToken.optional(),
});
export type ListChildrenQuery = z.infer<typeof ListChildrenQuery>;

export const ChildContentPage = pageOf(ChildContent).meta({ id: 'ChildContentPage' });
export type ChildContentPage = z.infer<typeof ChildContentPage>;

/** The not-found message the SPA silences and answers by returning to the list (spec §8). */
export const CONTENT_NOT_FOUND_MESSAGE = 'Content does not exist.';
