import { ChildContent, Content, ContentLink, ContentSummary } from '#shared/contracts/content';
import { Contributor } from '#shared/contracts/contributor';
import type { BundleProgress } from '#shared/contracts/download';
import type { UploadKind } from '#shared/contracts/file';
import { Knowledge } from '#shared/contracts/knowledge';
import { Lesson } from '#shared/contracts/lesson';
import type { ContentCategory, FileOwnerType, FileStatus, FileVisibility } from '#shared/enums';
import type { EntityType, LESSON_ENTITY_TYPE, TableKey } from './keys.ts';

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

/**
 * A content item as the data layer receives it for writing: the `Content` contract
 * plus what reads need without another request. `index` is its position among its
 * parent's children (ChildContent, gsi2); `summary` is the description as plain text
 * without the search-tags block; `author` is the display name of the first
 * contributor; `ancestorIds` lists the ancestors from the top-level item down to the
 * parent.
 */
export interface ContentRecord extends Content {
  readonly index: number;
  readonly summary: string;
  readonly author: string | null;
  readonly ancestorIds: readonly string[];
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

/**
 * A file record (spec §3 File). `objectKey` is where the bytes are, in the private
 * or (visibility public) the public bucket, built from ids only; `size` is in bytes;
 * `sha256` is the hex digest of the bytes ('' until an upload is Ready).
 */
export interface FileRecord {
  readonly id: string;
  readonly name: string;
  readonly filename: string;
  readonly type: string;
  readonly size: number;
  readonly sha256: string;
  readonly status: FileStatus;
  readonly visibility: FileVisibility;
  readonly objectKey: string;
  readonly metadata: { readonly id: string; readonly type: FileOwnerType };
  readonly createdTimestamp: string;
  /** Uploads only (decision record 016): who asked for the upload (portal user id). */
  readonly createdBy?: string;
  /**
   * Uploads only: the upload kind asked for (`shared/contracts/file.ts` UPLOAD_KINDS).
   * Records made before it was stored have none; their kind is read back from their
   * visibility and owner type (`uploadKindOf`).
   */
  readonly uploadKind?: UploadKind;
  /**
   * Epoch seconds after which the record is garbage (the table's TTL attribute; the
   * upload sweeper then deletes its object): a Pending upload's expiry, a Ready but
   * unattached upload's day (decision record 020), or the moment a file was detached.
   * Absent on an attached file.
   */
  readonly expiresAt?: number;
  /** Bundles only (spec §4 "File bundle"; decision record 022): what the zip covers and how it stands. */
  readonly bundle?: BundleState;
  version: number;
}

/**
 * The bundle part of a bundle's file record (decision record 022). `scope` is what
 * was asked for; `includesLessonFiles` whether the requester could view lesson files
 * (their artifacts are then in the zip); `fingerprint` (hex SHA-256 of the manifest)
 * names the zip object once resolved; `progress` moves while zipping; `reason`
 * says, for people, why it Failed; `executionArn` is the workflow run; `uploadIds`
 * the multipart uploads its zip attempts started.
 */
export interface BundleState {
  readonly scope: { readonly contentId: string } | { readonly category: ContentCategory };
  readonly includesLessonFiles: boolean;
  readonly fingerprint?: string;
  readonly progress?: BundleProgress;
  readonly reason?: string;
  readonly executionArn?: string;
  /**
   * Every multipart upload a zip attempt of this bundle started (recorded before its
   * first part), so that the finish step can abort what a killed attempt left open
   * (decision record 022).
   */
  readonly uploadIds?: readonly string[];
}

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
