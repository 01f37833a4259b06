import { categoryBundleTitle } from '#shared/contracts/download';
import type { ContentCategory } from '#shared/enums';
import { PAGE } from '#shared/limits';
import { getContentById, getContentByIds, listChildren, listContentByStatus } from '../data/content.ts';
import { getFilesByIds } from '../data/files.ts';
import type { ContentItem, FileItem, LessonItem } from '../data/items.ts';
import { listLessons } from '../data/lessons.ts';
import type { BundleScopeRecord } from '../domain/records.ts';
import { CHILD_VISIBLE_STATUSES, PUBLIC_LIST_STATUS } from '../domain/visibility.ts';
import { assertSafeEntryPath, FolderNames, fileEntryName, LESSONS_FOLDER, sanitizeSegment } from './entry-paths.ts';
import { BundleError } from './errors.ts';
import type { ManifestEntry } from './manifest.ts';

/**
 * The resolve walk of a bundle (decision record 022; spec §4 "File bundle"): which
 * files a bundle holds and under which entry paths. Reads only; shared by the
 * workflow's resolve step and the bundle preview (`GET /api/v1/content-bundle`).
 *
 * - Content scope: the root item (visibility checked by the caller) and its
 *   descendants that are published or unlisted (`CHILD_VISIBLE_STATUSES`), children
 *   read {@link PAGE}.childrenMax per page in index order.
 * - Category scope: every published item whose `categories` include the category
 *   (gsi3 `STATUS#published`, no Scan), each with its descendants, under the folder
 *   `categoryBundleTitle(category)`; an item already inside another matching item's
 *   subtree appears once, there.
 * - Collection scope (issue 26 item 2; decision record 073): the items recorded at the
 *   request (those the requester could open), each with its descendants, under
 *   `<collection>/NN - <item name>/` in collection order; an item inside an earlier
 *   item's subtree appears once, there.
 * - Files: the item's `files`, as file records that are Ready, attached (no TTL),
 *   private and not bundles; with `includesLessonFiles`, the artifacts of the item's
 *   lessons (`urls`, then each page's `urls`) under `Lessons/<lesson name>/`.
 *   A file appears once, at its first place in walk order.
 */

/** What a bundle covers: one content item with its descendants, a category, or a collection's items. */
export type BundleScopeInput = BundleScopeRecord;

/** Options of {@link resolveBundle}. */
export interface ResolveOptions {
  readonly scope: BundleScopeInput;
  /** Whether lesson artifacts go in (the requester may view lesson files). */
  readonly includesLessonFiles: boolean;
  /** The root item when the caller already read it (saves a read). */
  readonly root?: ContentItem;
}

/** The result of a resolve walk. */
export interface ResolvedBundle {
  /** What the bundle is named after: the root item's name, or `categoryBundleTitle(category)`. */
  readonly title: string;
  /** Files in zip order. */
  readonly entries: ManifestEntry[];
  /** The content items with at least one file (or lesson artifact) in the zip, in walk order. */
  readonly contentIds: string[];
  readonly fileCount: number;
  /** Bytes. */
  readonly totalBytes: number;
  /**
   * Every content item of the walk in walk order (depth first, parents before children)
   * with its parent in the walk (null: a top item) and the indexes in `entries` of its
   * files and lesson artifacts: the tree a Common Cartridge mirrors (issue 27 item 6).
   */
  readonly items: readonly ResolvedItem[];
}

/** One content item of a resolve walk (see {@link ResolvedBundle.items}). */
export interface ResolvedItem {
  readonly item: ContentItem;
  readonly parentId: string | null;
  readonly entryIndexes: readonly number[];
}

/** Lessons read per page while walking (a content item has at most 100). */
const LESSONS_PAGE = 100;

/** One content item in the walk: its folder path and the items under it. */
interface PlacedItem {
  readonly item: ContentItem;
  /** The folder's path segments, root first. */
  readonly folder: readonly string[];
  /** The folder's namespace (files, sub-folders, the Lessons folder). */
  readonly names: FolderNames;
  /** The entry name of each of `item.files`, in order. */
  readonly fileNames: readonly string[];
  /** The item it was placed under in the walk; null for a top item. */
  readonly parentId: string | null;
}

/**
 * Walks a bundle's scope and lists its files with their entry paths.
 * @throws BundleError `BundleContentGone` when the root content item does not exist;
 *   the data layer's errors otherwise (callers map transient faults).
 */
export async function resolveBundle(options: ResolveOptions): Promise<ResolvedBundle> {
  const placed: PlacedItem[] = [];
  const included = new Set<string>();
  let title: string;

  if ('contentId' in options.scope) {
    const root = options.root ?? (await getContentById(options.scope.contentId));
    if (!root) throw new BundleError('BundleContentGone', 'The content of this bundle no longer exists.');
    title = root.name;
    await walk(root, [sanitizeSegment(root.name, 'Content')], placed, included, null);
  } else if ('collectionId' in options.scope) {
    // A collection (issue 26 item 2): each item the requester could open at the request (checked
    // then, as a content scope's root is), with its descendants, under `NN - <name>` in
    // collection order; an item deleted since is skipped.
    title = options.scope.title;
    const top = [sanitizeSegment(title, 'Collection')];
    const topNames = new FolderNames();
    const items = await getContentByIds(options.scope.contentIds);
    const byId = new Map(items.map((item) => [item.id, item]));
    let position = 0;
    for (const contentId of options.scope.contentIds) {
      const item = byId.get(contentId);
      if (!item || included.has(item.id)) continue;
      position += 1;
      const folderName = `${String(position).padStart(2, '0')} - ${sanitizeSegment(item.name, 'Content')}`;
      await walk(item, [...top, topNames.claim(sanitizeSegment(folderName, 'Content'), false)], placed, included, null);
    }
  } else {
    title = categoryBundleTitle(options.scope.category);
    const top = [sanitizeSegment(title, 'Courseware')];
    const topNames = new FolderNames();
    const matching = await publishedInCategory(options.scope.category);
    for (const item of matching) {
      if (included.has(item.id)) continue;
      const folder = [...top, topNames.claim(sanitizeSegment(item.name, 'Content'), false)];
      await walk(item, folder, placed, included, null);
    }
  }

  const contentIds: string[] = [];
  const owners: string[] = [];
  const entries = await filesOf(placed, options.includesLessonFiles, contentIds, owners);
  const indexes = new Map<string, number[]>();
  owners.forEach((ownerId, index) => {
    const list = indexes.get(ownerId) ?? [];
    list.push(index);
    indexes.set(ownerId, list);
  });
  return {
    title,
    entries,
    contentIds,
    fileCount: entries.length,
    totalBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    items: placed.map(({ item, parentId }) => ({ item, parentId, entryIndexes: indexes.get(item.id) ?? [] })),
  };
}

/**
 * Published items of a category, ancestors before descendants (fewer ancestors
 * first), then by name and id, so that the walk and the names are deterministic.
 */
async function publishedInCategory(category: ContentCategory): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listContentByStatus({
      statuses: [PUBLIC_LIST_STATUS],
      limit: PAGE.contentListMax,
      pageToken,
    });
    for (const item of page.items) if (item.categories.includes(category)) items.push(item);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return items.sort(
    (a, b) =>
      a.ancestorIds.length - b.ancestorIds.length ||
      a.name.localeCompare(b.name, 'en') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Every child of `parentId` visible in a bundle, in index order, page by page. */
export async function listAllChildren(parentId: string): Promise<ContentItem[]> {
  const children: ContentItem[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listChildren({
      parentId,
      statuses: CHILD_VISIBLE_STATUSES,
      limit: PAGE.childrenMax,
      pageToken,
    });
    children.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return children;
}

/** Places `item` at `folder` and, depth first in index order, its visible descendants. */
async function walk(
  item: ContentItem,
  folder: readonly string[],
  placed: PlacedItem[],
  included: Set<string>,
  parentId: string | null,
): Promise<void> {
  if (included.has(item.id)) return; // a cycle or a second path to the same item
  included.add(item.id);
  const names = new FolderNames();
  // File names are claimed first, so a file keeps its name over a sub-folder of the same name.
  const fileNames = item.files.map((ref) => names.claim(fileEntryName(ref.name, ref.filename), true));
  placed.push({ item, folder, names, fileNames, parentId });
  for (const child of await listAllChildren(item.id)) {
    if (included.has(child.id)) continue;
    await walk(
      child,
      [...folder, names.claim(sanitizeSegment(child.name, 'Content'), false)],
      placed,
      included,
      item.id,
    );
  }
}

/**
 * The manifest entries of the placed items: their files, then (optionally) their
 * lessons' artifacts; appends to `contentIds` each item that contributed an entry,
 * and to `owners` the item of each entry (same index).
 */
async function filesOf(
  placed: readonly PlacedItem[],
  includesLessonFiles: boolean,
  contentIds: string[],
  owners: string[],
): Promise<ManifestEntry[]> {
  const lessonsByItem = new Map<string, LessonItem[]>();
  if (includesLessonFiles) {
    for (const { item } of placed) lessonsByItem.set(item.id, await allLessons(item.id));
  }
  const wanted = new Set<string>();
  for (const { item } of placed) {
    for (const ref of item.files) wanted.add(ref.id);
    for (const lesson of lessonsByItem.get(item.id) ?? []) for (const id of artifactIds(lesson)) wanted.add(id);
  }
  const records = new Map((await getFilesByIds([...wanted])).map((file) => [file.id, file]));

  const entries: ManifestEntry[] = [];
  const seen = new Set<string>();
  const add = (file: FileItem | undefined, path: string, ownerId: string) => {
    if (!file || seen.has(file.id) || !isBundleable(file)) return;
    seen.add(file.id);
    if (!contentIds.includes(ownerId)) contentIds.push(ownerId);
    assertSafeEntryPath(path);
    owners.push(ownerId);
    entries.push({
      path,
      fileId: file.id,
      objectKey: file.objectKey,
      size: file.size,
      sha256: file.sha256,
      type: file.type,
      mtime: file.createdTimestamp,
    });
  };

  for (const { item, folder, names, fileNames } of placed) {
    for (const [position, ref] of item.files.entries()) {
      add(records.get(ref.id), [...folder, fileNames[position] ?? ref.id].join('/'), item.id);
    }
    const lessons = lessonsByItem.get(item.id) ?? [];
    if (lessons.length === 0) continue;
    const lessonsFolder = [...folder, names.claim(LESSONS_FOLDER, false)];
    const lessonNames = new FolderNames();
    for (const lesson of lessons) {
      const lessonFolder = [...lessonsFolder, lessonNames.claim(sanitizeSegment(lesson.name, 'Lesson'), false)];
      const artifactNames = new FolderNames();
      for (const id of artifactIds(lesson)) {
        const file = records.get(id);
        if (!file || seen.has(file.id) || !isBundleable(file)) continue;
        add(
          file,
          [...lessonFolder, artifactNames.claim(fileEntryName(file.name, file.filename), true)].join('/'),
          item.id,
        );
      }
    }
  }
  return entries;
}

/** A file record that may go into a bundle: Ready, attached (no TTL), private, not itself a bundle. */
export function isBundleable(file: FileItem): boolean {
  return (
    file.status === 'Ready' &&
    file.expiresAt === undefined &&
    file.bundle === undefined &&
    file.visibility === 'private' &&
    file.objectKey !== ''
  );
}

/** The artifact file ids of a lesson: its own, then each page's, each once. */
function artifactIds(lesson: LessonItem): string[] {
  const ids = [
    ...lesson.urls.map((url) => url.fileId),
    ...lesson.pages.flatMap((page) => page.urls.map((u) => u.fileId)),
  ];
  return [...new Set(ids)];
}

async function allLessons(contentId: string): Promise<LessonItem[]> {
  const lessons: LessonItem[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listLessons({ contentId, limit: LESSONS_PAGE, pageToken });
    lessons.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return lessons;
}
