import type { Content } from '#shared/contracts/content';
import type { BundleProgress } from '#shared/contracts/download';
import type { UploadKind } from '#shared/contracts/file';
import type { ContentCategory, FileOwnerType, FileStatus, FileVisibility } from '#shared/enums';

/*
 * The records the domain rules read and the data layer stores (issue 23 item 2):
 * defined here so that domain/ depends on no data/ module; data/items.ts adds the
 * table keys (ContentItem, FileItem) and re-exports these.
 */

/**
 * A content item as the data layer receives it for writing: the `Content` contract
 * plus what reads need without another request. `index` is its position among its
 * parent's children (ChildContent, gsi2); `summary` is the description as plain text
 * without the search-tags block; `author` is the display name of the first
 * contributor; `ancestorIds` lists the ancestors from the top-level item down to the
 * parent. The publish fields (issue 25 item 4; decision record 065) are set by every
 * write that leaves the item published (`services/content-publish.ts`) and by the seed.
 */
export interface ContentRecord extends Content {
  readonly index: number;
  readonly summary: string;
  readonly author: string | null;
  readonly ancestorIds: readonly string[];
  /** When the item was first published (ISO 8601); absent: never published since issue 25 nor seeded so. */
  readonly firstPublishedTimestamp?: string;
  /** When the item was last published (ISO 8601): what "new or updated" reads. */
  readonly lastPublishedTimestamp?: string;
  /** The public change log: the notes of its revisions, newest first, at most 20. */
  readonly changeLog?: readonly { readonly date: string; readonly note: string }[];
}

/**
 * The instant that counts for "new or updated" (spec §9 "Updated tag"; issue 25 item
 * 4): the last publish, or `modifiedTimestamp` for an item never published since
 * publish dates exist (seeded items carry their seeded dates).
 */
export function updatedTimestampOf(
  record: Pick<ContentRecord, 'lastPublishedTimestamp' | 'modifiedTimestamp'>,
): string {
  return record.lastPublishedTimestamp ?? record.modifiedTimestamp;
}

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
 * What a bundle covers, as recorded at the request: one content item, a category, or a
 * collection (issue 26 item 2; decision record 073) with its name, its description (plain
 * text, for a cartridge's LOM; absent in records made before issue 27) and the ids of its
 * items the requester could open then, in collection order.
 */
export type BundleScopeRecord =
  | { readonly contentId: string }
  | { readonly category: ContentCategory }
  | {
      readonly collectionId: string;
      readonly title: string;
      readonly description?: string;
      readonly contentIds: readonly string[];
    };

/**
 * The bundle part of a bundle's file record (decision record 022). `scope` is what
 * was asked for; `includesLessonFiles` whether the requester could view lesson files
 * (their artifacts are then in the zip); `fingerprint` (hex SHA-256 of the manifest)
 * names the zip object once resolved; `progress` moves while zipping; `reason`
 * says, for people, why it Failed; `executionArn` is the workflow run; `uploadIds`
 * the multipart uploads its zip attempts started.
 */
export interface BundleState {
  readonly scope: BundleScopeRecord;
  readonly includesLessonFiles: boolean;
  /**
   * The output format when it is a Common Cartridge (issue 27 item 6; decision record
   * 078); absent: a zip (every bundle recorded before it).
   */
  readonly format?: 'imscc' | 'imscc-thin';
  /** A cartridge's site origin (`https://host`, as the sitemap builds links): its web links point there. */
  readonly siteOrigin?: string;
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
  /**
   * The content items whose files (or lesson artifacts) are in the zip, recorded when
   * the files are resolved: a download of the bundle counts as a download of each, for
   * update notices (issue 25 item 5; decision record 066).
   */
  readonly contentIds?: readonly string[];
}
