import type { ContentRecord } from '../data/items.ts';
import { updatedTimestampOf } from '../domain/records.ts';
import { parseSearchTags } from '../domain/search-tags.ts';
import type { CatalogDocument } from './port.ts';

/**
 * The catalog document of a content record (or a stored `ContentItem`, which extends
 * it): the card fields of `ContentSummary` with `summary` the record's whole plain-text
 * description (the snapshot cuts it), the tags of the hidden search-tags block
 * (spec §3 Content, decision record 007), the thumbnail when the record has one
 * (issue 24 item 2), the knowledge ids of `ksas`, `kus` and
 * `tkss` in index order, and the contributor ids in index order; its `modifiedTimestamp`
 * is the last publish ({@link updatedTimestampOf}: an edit of an unpublished item or
 * a draft no longer makes an item "updated"; issue 25 item 4). Arrays are copies,
 * so the document does not change with the record.
 */
export function toCatalogDocument(record: ContentRecord): CatalogDocument {
  const ids = (refs: readonly { id: string; index: number }[]) =>
    [...refs].sort((a, b) => a.index - b.index).map((ref) => ref.id);
  return {
    id: record.id,
    name: record.name,
    urlAlias: record.urlAlias,
    status: record.status,
    category: record.category,
    categories: [...record.categories],
    educationLevels: [...record.educationLevels],
    experienceLevels: [...record.experienceLevels],
    tags: [...record.tags],
    parentId: record.parentId,
    image: record.image,
    createdTimestamp: record.createdTimestamp,
    // The real publish date orders and tags "new or updated" (issue 25 item 4; decision record 065).
    modifiedTimestamp: updatedTimestampOf(record),
    summary: record.summary,
    author: record.author,
    thumbnail: record.thumbnail ? { ...record.thumbnail } : null,
    searchTags: parseSearchTags(record.description),
    ksaIds: ids(record.ksas),
    kuIds: ids(record.kus),
    tksIds: ids(record.tkss),
    contributorIds: ids(record.contributors),
  };
}
