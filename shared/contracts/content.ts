import * as z from 'zod';
import { CONTENT_CATEGORIES, CONTENT_STATUSES, CURATED_LABELS, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '../enums.ts';
import { LIMITS, PAGE } from '../limits.ts';
import { booleanParam, EntityId, IdOrAlias, IsoDate, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { Contributor } from './contributor.ts';
import { withImageAlt } from './html-images.ts';
import { KnowledgeId } from './knowledge.ts';
import { urlField } from './url.ts';

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

/**
 * Most outcome indexes one `kuOutcomes` entry holds (issue 27 item 4; the seeded CAE
 * KUs have at most a dozen outcomes each).
 */
export const KU_OUTCOMES_MAX = 100;

/**
 * The outcomes of one of the item's knowledge units that the item addresses, as an
 * editor marked them (issue 27 item 4, decision record 081, an addition to spec §3):
 * `kuId` names a KU of the item's `kus`, `outcomes` 0-based indexes into that KU's
 * `outcomes` (the knowledge item's list, `#shared/contracts/knowledge`), ascending.
 */
export const KuOutcomes = z.object({
  kuId: KnowledgeId,
  outcomes: z.array(z.number().int().min(0)).max(KU_OUTCOMES_MAX),
});
export type KuOutcomes = z.infer<typeof KuOutcomes>;

/**
 * `kuOutcomes` as an editor sends them (issue 27 item 4): entries of {@link KuOutcomes}.
 * The server checks the rest (`kuOutcomeErrors` in the content domain): one entry per
 * KU, each index once, each KU among the item's `kus` and each index an outcome of it
 * (else 400 at `kuOutcomes.i.kuId` or `kuOutcomes.i.outcomes.j`). No refinement here:
 * this contract is in the SPA's first render (decision record 081).
 */
export const KuOutcomesInput = z.array(KuOutcomes).max(1000);

/** A file attached to content (spec §3 Content `files`). `type` is the media type. */
export const ContentFile = z
  .object({ id: EntityId, name: z.string(), type: z.string(), filename: z.string() })
  .meta({ id: 'ContentFile' });
export type ContentFile = z.infer<typeof ContentFile>;

/**
 * The picture a card shows for a content item (issue 24 item 2, decision record 060):
 * `url` is a portal-relative address under `/public/` (the first page of the item's
 * first PDF file, rendered once at write time into the public bucket) and `alt` its
 * text alternative ("First page of <file name>"). Absent or null: no thumbnail (yet).
 */
export const ContentThumbnail = z.object({ url: z.string(), alt: z.string() });
export type ContentThumbnail = z.infer<typeof ContentThumbnail>;

/**
 * The readable first page of one PDF file of a content item, shown to readers without
 * file rights (visitors included; issue 24 item 1, decision record 059): `fileId` names
 * the file of `files`, `url` is a portal-relative address under `/public/` (a PNG
 * 1,200 px wide, rendered once at write time into the public bucket, only for a
 * published item whose licence allows redistribution) and `alt` its text alternative
 * ("First page of <file name>"). The private file itself is never exposed.
 */
export const ContentFirstPage = z.object({ fileId: EntityId, url: z.string(), alt: z.string() });
export type ContentFirstPage = z.infer<typeof ContentFirstPage>;

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
 * item's own licence requires (CC BY-NC-SA 4.0 by default, decision record 006;
 * others such as CC BY-SA, CC0 and MIT, `#shared/licences`, issue 24 item 0). Lessons are not a
 * field: they are entities of their own, listed by `contentId` (`#shared/contracts/lesson`,
 * decision record 021).
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
    ksas: z.array(KnowledgeRef),
    kus: z.array(KnowledgeRef),
    tkss: z.array(KnowledgeRef),
    /**
     * The outcomes of its KUs the item addresses (issue 27 item 4, decision record 081):
     * one entry per KU of `kus` with at least one outcome marked, in `kus` order;
     * absent: none marked.
     */
    kuOutcomes: z.array(KuOutcomes).optional(),
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
    thumbnail: ContentThumbnail.nullable().optional(),
    /** First pages of its PDF files for readers without file rights (absent: none yet). */
    firstPages: z.array(ContentFirstPage).optional(),
    /**
     * When the scheduled-publishing job publishes this unpublished item (ISO 8601 UTC;
     * issue 25 item 7, decision record 068); null or absent: not scheduled.
     */
    publishAt: IsoDateTime.nullable().optional(),
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
  thumbnail: true,
  publishAt: true,
})
  .extend({
    summary: z.string(),
    author: z.string().nullable(),
    /** The item's version, for bulk actions from lists (issue 25 item 8); absent in search hits. */
    version: z.number().int().min(1).optional(),
    /**
     * The average (two decimals) and count of the item's shown ratings when the search
     * index was built (issue 26 item 3; decision record 070); search hits only, absent
     * without ratings.
     */
    rating: z.object({ average: z.number().min(1).max(5), count: z.number().int().min(1) }).optional(),
  })
  .meta({ id: 'ContentSummary' });
export type ContentSummary = z.infer<typeof ContentSummary>;

/**
 * The `ContentSummary` fields only content lists fill (Courseware Info's bulk actions
 * and schedule, issue 25 items 7 and 8); search hits (catalog documents) leave them out.
 */
export const LIST_ONLY_SUMMARY_FIELDS = ['publishAt', 'version'] as const;

/**
 * A child of a content item: its summary plus its position (spec §3 ChildContent)
 * and its `version`, which a save that renames it names (decision record 020).
 */
export const ChildContent = ContentSummary.extend({
  index: z.number().int().min(0),
  version: z.number().int().min(1),
}).meta({ id: 'ChildContent' });
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

/** A page of `GET /api/v1/content?condense=true`: condensed items only (the SPA's "All courseware", the first HTML of `/courseware`). */
export const ContentSummaryPage = pageOf(ContentSummary);
export type ContentSummaryPage = z.infer<typeof ContentSummaryPage>;

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

// ---------------------------------------------------------------------------
// Writes (spec §7 "Create content", "Update content by id", "Delete content by id";
// §5 "Content editing"; decision record 015).

/** Message of the 409 for a save based on an older `version` (spec §4 "Saving content", issue 5). */
export const CONTENT_STALE_MESSAGE = 'Content was changed by someone else. Reload to see the changes.';
/** Message of the 400 for a `publishAt` that is not in the future (issue 25 item 7). */
export const PUBLISH_AT_PAST_MESSAGE = 'Must be a date and time in the future.';
/** Message of the 400 for scheduling an item that is not unpublished (issue 25 item 7). */
export const PUBLISH_AT_STATUS_MESSAGE = 'Only unpublished content can be scheduled for publishing.';
/**
 * Who the scheduled-publishing job acts as in audit events (issue 25 item 7, decision
 * record 068): a fixed system id that no account has, and the name the audit log shows.
 */
export const SCHEDULED_PUBLISHING_ACTOR = {
  id: '0000000000000000000000000s',
  displayName: 'Scheduled publishing',
} as const;
/** Message of the 409 for a URL alias that another item holds (decision record 005). */
export const ALIAS_TAKEN_MESSAGE = 'URL alias is already in use.';
/** Message of the 409 for deleting an item that still has children (decision record 015). */
export const CONTENT_HAS_CHILDREN_MESSAGE = 'Content has children. Delete its children first.';
/** Message of the 409 for deleting an item that still has lessons (decision record 021). */
export const CONTENT_HAS_LESSONS_MESSAGE = 'Content has lessons. Delete its lessons first.';
/** Message of the 400 for a last-curated date after today (spec §5 "Content editing"). */
export const CURATED_DATE_IN_FUTURE_MESSAGE = 'Cannot be after today.';
/** Most includes entries one item holds, and characters each (decision record 015; the spec sets none). */
export const INCLUDES_MAX = { count: 100, chars: 1000 } as const;

const required = (max: number) =>
  z.string({ error: 'Is required.' }).trim().min(1, 'Is required.').max(max, `Must be at most ${max} characters.`);

/**
 * A keyword (tag) sanitised for storage: HTML tags dropped, whitespace collapsed,
 * trimmed (spec §5 "Each is sanitised and trimmed"). Pure, shared with the SPA.
 */
export function sanitiseKeyword(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Keywords as spec §5 "Content editing" wants them: each sanitised and trimmed,
 * empties dropped, duplicates ignored case-insensitively (the first spelling wins).
 * Limits are checked after this, so a duplicate never counts against the 20.
 */
export function normaliseKeywords(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const keyword of raw.map(sanitiseKeyword)) {
    const folded = keyword.toLowerCase();
    if (keyword.length === 0 || seen.has(folded)) continue;
    seen.add(folded);
    out.push(keyword);
  }
  return out;
}

/**
 * A keyword list (tags, or search keywords): normalised by {@link normaliseKeywords},
 * then at most 20 entries of at most 50 characters (spec §5, §9 "Content tags").
 */
export const KeywordList = z
  .array(z.string().max(1000, 'Must be at most 1000 characters.'))
  .max(200, 'Too many entries.')
  .transform((raw) => normaliseKeywords(raw))
  .pipe(
    z
      .array(z.string().max(LIMITS.tagMaxChars, `Must be at most ${LIMITS.tagMaxChars} characters.`))
      .max(LIMITS.tagMaxCount, `Must be at most ${LIMITS.tagMaxCount} entries.`),
  );

/** Today's calendar date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Last-curated dates as an editor sends them (spec §4 "Saved last-curated dates are
 * cut to YYYY-MM-DD. Empty ones are removed."; §5 "cannot be after today", UTC):
 * a date or date-time per label, or '' / null for none. Output: only the labels with
 * a date, each `YYYY-MM-DD`.
 */
export const LastCuratedInput = z
  .partialRecord(z.enum(CURATED_LABELS), z.union([z.literal(''), z.null(), IsoDate, z.iso.datetime({ offset: true })]))
  .transform((input) => {
    const out: Partial<Record<(typeof CURATED_LABELS)[number], string>> = {};
    for (const [label, value] of Object.entries(input)) {
      if (value) out[label as (typeof CURATED_LABELS)[number]] = value.slice(0, 10);
    }
    return out;
  })
  .superRefine((dates, context) => {
    const today = todayUtc();
    for (const [label, date] of Object.entries(dates)) {
      if (date > today) context.addIssue({ code: 'custom', path: [label], message: CURATED_DATE_IN_FUTURE_MESSAGE });
    }
  });

/** An ordered reference to a knowledge item of the type the list names (`ksas` → KSA, …). */
export const KnowledgeIndexRef = z.object({ id: KnowledgeId, index: z.number().int().min(0) });

/** A section as an editor sends it: a new one has no id yet (spec §3 Section). */
export const ContentSectionInput = z.object({
  id: EntityId.optional(),
  key: z.string().max(1000).nullable().optional(),
  name: z.string().max(LIMITS.childNameMaxChars, `Must be at most ${LIMITS.childNameMaxChars} characters.`),
  description: withImageAlt(
    z.string().max(LIMITS.contentHtmlMaxChars, `Must be at most ${LIMITS.contentHtmlMaxChars} characters.`),
  ),
});
export type ContentSectionInput = z.infer<typeof ContentSectionInput>;

/**
 * The editable fields of content (spec §3 Content, §5 "Content editing"). `name`
 * (1…1000) and `description` (HTML, 1…100000) are required; the rest is optional.
 * `searchKeywords` are written into the hidden search-tags block of the description
 * (decision record 007). `urlAlias` is normalised (decision record 005); without one
 * a new item's alias comes from its name. Knowledge references carry ids only: the
 * server fills in the names.
 */
export const ContentFields = z.object({
  name: required(LIMITS.childNameMaxChars),
  description: withImageAlt(
    z
      .string({ error: 'Is required.' })
      .min(1, 'Is required.')
      .max(LIMITS.contentHtmlMaxChars, `Must be at most ${LIMITS.contentHtmlMaxChars} characters.`),
  ),
  urlAlias: z.string().max(LIMITS.idOrAliasMaxChars).optional(),
  status: ContentStatus.optional(),
  tags: KeywordList.optional(),
  searchKeywords: KeywordList.optional(),
  categories: z.array(ContentCategory).max(CONTENT_CATEGORIES.length).optional(),
  educationLevels: z.array(EducationLevel).max(EDUCATION_LEVELS.length).optional(),
  experienceLevels: z.array(ExperienceLevel).max(EXPERIENCE_LEVELS.length).optional(),
  contributors: z.array(IndexedRef).max(100).optional(),
  ksas: z.array(KnowledgeIndexRef).max(1000).optional(),
  kus: z.array(KnowledgeIndexRef).max(1000).optional(),
  tkss: z.array(KnowledgeIndexRef).max(1000).optional(),
  /**
   * The outcomes of the item's KUs it addresses (issue 27 item 4): each `kuId` must be
   * among `kus` after the write and each index an outcome of that KU (else 400 at
   * `kuOutcomes.i.kuId` / `kuOutcomes.i.outcomes.j`). Absent: a patch keeps the stored
   * ones (less those of KUs it removes), a replace empties them.
   */
  kuOutcomes: KuOutcomesInput.optional(),
  sections: z.array(ContentSectionInput).max(100).optional(),
  includes: z
    .array(z.string().trim().max(INCLUDES_MAX.chars, `Must be at most ${INCLUDES_MAX.chars} characters.`))
    .max(INCLUDES_MAX.count)
    .optional(),
  lastCuratedTimestamps: LastCuratedInput.optional(),
  licence: z.string().trim().max(1000).optional(),
  /** The original source: an absolute http(s) address (the one URL rule, decision record 033). */
  sourceUrl: urlField({ max: 2048 }).nullable().optional(),
  copyrightNotice: z.string().trim().max(1000).nullable().optional(),
});
export type ContentFields = z.infer<typeof ContentFields>;

/**
 * `POST /api/v1/content` body (spec §7 "Create content"): the fields, plus the
 * parent of a child item and its position (default: after the last child). Status
 * defaults to unpublished (spec §4 "New child content defaults to Unpublished").
 */
export const CreateContentRequest = ContentFields.extend({
  parentId: EntityId.nullable().optional(),
  index: z.number().int().min(0).max(999_999).optional(),
}).meta({ id: 'CreateContentRequest' });
export type CreateContentRequest = z.infer<typeof CreateContentRequest>;

/** `POST /api/v1/content` answer (201): the new item's id (spec §7 "Returns the id"). */
export const CreatedId = z.object({ id: EntityId }).meta({ id: 'CreatedId' });
export type CreatedId = z.infer<typeof CreatedId>;

/** The `version` a client last read; a save based on another one is a 409 (optimistic locking). */
const ExpectedVersion = z.number({ error: 'Is required.' }).int().min(1);

/**
 * `PUT /api/v1/content-items/{id}` body: the whole editable item (absent lists are
 * emptied) and the `version` it was based on. The parent and the children are not
 * edited here (decision record 015).
 */
export const ReplaceContentRequest = ContentFields.extend({ version: ExpectedVersion }).meta({
  id: 'ReplaceContentRequest',
});
export type ReplaceContentRequest = z.infer<typeof ReplaceContentRequest>;

/**
 * `PATCH /api/v1/content-items/{id}` body: only the fields to change (e.g. `status`
 * to archive or restore, spec §4) and the `version` it was based on. `publishAt`
 * schedules an unpublished item's publishing (a future ISO date-time, else 400) and
 * null cancels it (issue 25 item 7, decision record 068).
 */
export const PatchContentRequest = ContentFields.partial()
  .extend({ version: ExpectedVersion, publishAt: IsoDateTime.nullable().optional() })
  .meta({ id: 'PatchContentRequest' });
export type PatchContentRequest = z.infer<typeof PatchContentRequest>;

/** Path of the write routes: `/api/v1/content-items/{id}` (id only, never an alias; decision record 015). */
export const ContentItemPath = z.object({ id: IdOrAlias.pipe(EntityId) });

/** `DELETE /api/v1/content-items/{id}` answer: the deleted id and its parent, where the SPA goes next (spec §2.6). */
export const DeletedContent = z.object({ id: EntityId, parentId: EntityId.nullable() }).meta({ id: 'DeletedContent' });
export type DeletedContent = z.infer<typeof DeletedContent>;

/**
 * One entry of an item's public change log (issue 25 item 4; decision record 065): the
 * publish day (YYYY-MM-DD, UTC) and the revision note, shown as text. Here rather than
 * with the drafts' contracts because the public page reads it.
 */
export const ChangeLogEntry = z.object({ date: z.string(), note: z.string() });
export type ChangeLogEntry = z.infer<typeof ChangeLogEntry>;

/**
 * `GET /api/v1/content/{idOrAlias+}` answer (issue 25 item 4): `ContentDetail` with
 * the public change log (revisions with a note, newest first, at most
 * `CHANGE_LOG_MAX_ENTRIES` of the drafts contract) and the real publish dates (null: never published
 * since revisions exist and not seeded).
 */
export const PublicContentDetail = ContentDetail.extend({
  changeLog: z.array(ChangeLogEntry),
  firstPublishedTimestamp: IsoDateTime.nullable(),
  lastPublishedTimestamp: IsoDateTime.nullable(),
}).meta({ id: 'PublicContentDetail' });
export type PublicContentDetail = z.infer<typeof PublicContentDetail>;
