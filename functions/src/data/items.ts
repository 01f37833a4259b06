import { ChildContent, Content, ContentLink, ContentSummary } from '#shared/contracts/content';
import { Contributor } from '#shared/contracts/contributor';
import { Knowledge } from '#shared/contracts/knowledge';
import { Lesson } from '#shared/contracts/lesson';
import type { ContentRecord, FileRecord } from '../domain/records.ts';
import type { EntityType, LESSON_ENTITY_TYPE, TableKey } from './keys.ts';

export type { BundleState, ContentRecord, FileRecord } from '../domain/records.ts';

/**
 * Shapes of the stored items and the mappers back to the API contracts. A mapper
 * copies exactly the fields of its contract, so key attributes and denormalised
 * fields never leak into a response.
 */

/** Attributes every item carries besides its table key. */
interface ItemBase extends TableKey {
  readonly entityType: EntityType;
  version: number;
}

/** A stored content item: a {@link ContentRecord} with its table and index keys. */
export interface ContentItem extends ContentRecord, ItemBase {
  readonly gsi1pk: string;
  readonly gsi1sk: string;
  readonly gsi2pk: string;
  readonly gsi2sk: string;
  readonly gsi3pk: string;
  readonly gsi3sk: string;
}

/** A stored contributor: the contract plus its name-index key. */
export interface ContributorItem extends Contributor, ItemBase {
  readonly gsi1pk: string;
  readonly gsi1sk: string;
}

/** A stored knowledge item (version 1, reference data). */
export type KnowledgeItem = Knowledge & ItemBase;

/** A stored file record (version 1 on create). */
export type FileItem = FileRecord & ItemBase;

function pick<T>(shape: Record<string, unknown>, item: object): T {
  const source = item as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(shape)) if (name in source) out[name] = source[name];
  return out as T;
}

/** The `Content` contract of a stored item. */
export function toContent(item: ContentItem): Content {
  return pick<Content>(Content.shape, item);
}

/** The condensed `ContentSummary` of a stored item (lists, cards). */
export function toContentSummary(item: ContentItem): ContentSummary {
  return pick<ContentSummary>(ContentSummary.shape, item);
}

/** The `ChildContent` of a stored item: its summary plus its index. */
export function toChildContent(item: ContentItem): ChildContent {
  return pick<ChildContent>(ChildContent.shape, item);
}

/** A breadcrumb link to a stored item. */
export function toContentLink(item: ContentLink): ContentLink {
  return pick<ContentLink>(ContentLink.shape, item);
}

/** The `Contributor` contract of a stored contributor. */
export function toContributor(item: ContributorItem): Contributor {
  return pick<Contributor>(Contributor.shape, item);
}

/** The `Knowledge` contract of a stored knowledge item. */
export function toKnowledge(item: KnowledgeItem): Knowledge {
  return pick<Knowledge>(Knowledge.shape, item);
}

/**
 * A stored lesson (decision record 021): the `Lesson` contract plus its table key
 * (`LESSON#<id>`) and its place among its content item's lessons (gsi2
 * `LESSONS#<contentId>` / `<index>#<id>`). Its artifacts are file records whose
 * `metadata.id` is the lesson id.
 */
export interface LessonItem extends Lesson, TableKey {
  readonly entityType: typeof LESSON_ENTITY_TYPE;
  readonly gsi2pk: string;
  readonly gsi2sk: string;
}

/** The `Lesson` contract of a stored lesson (key attributes dropped). */
export function toLesson(item: LessonItem): Lesson {
  return pick<Lesson>(Lesson.shape, item);
}
