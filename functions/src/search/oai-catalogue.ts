import { contributorDisplayName } from '#shared/contracts/contributor';
import type { ContentItem, ContributorItem } from '../data/items.ts';
import {
  type HarvestItem,
  type HarvestSubject,
  type OaiCatalogue,
  type OaiHeader,
  oaiDatestamp,
} from '../domain/oai-pmh.ts';
import type { ContentRecord } from '../domain/records.ts';
import { type IndexParts, statusCode, summaryOf } from './index-parts.ts';
import type { CatalogIndex } from './port.ts';
import { InMemoryCatalogIndex } from './searcher.ts';

/**
 * The OAI-PMH repository's catalogue (issue 24 item 7; decision record 054): the
 * headers of the published items come from the search's in-memory catalog index
 * (so a list page costs no table read), the records of a page from the content
 * items themselves (their licence, contributors and NICE/CAE mappings are not in the
 * index).
 */

const headersOf = new WeakMap<IndexParts, readonly OaiHeader[]>();

/**
 * The header of every published item of `index`, ascending by id, computed once per
 * loaded index (each row is parsed once, here; a harvest then reads only this array).
 * @throws Error for an index not made by `buildCatalogIndex` or `loadCatalogIndex`.
 */
export function publishedHeaders(index: CatalogIndex): readonly OaiHeader[] {
  if (!(index instanceof InMemoryCatalogIndex)) {
    throw new Error('The OAI-PMH catalogue needs an index made by buildCatalogIndex or loadCatalogIndex.');
  }
  const parts = index.snapshotParts();
  const cached = headersOf.get(parts);
  if (cached) return cached;
  const published = statusCode('published');
  const headers: OaiHeader[] = [];
  for (let doc = 0; doc < parts.statuses.length; doc += 1) {
    if (parts.statuses[doc] !== published) continue;
    const summary = summaryOf(parts.rows, doc);
    headers.push({ id: summary.id, datestamp: oaiDatestamp(summary.modifiedTimestamp), sets: summary.categories });
  }
  headers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  headersOf.set(parts, headers);
  return headers;
}

/** A loader of harvest records by id: published items only, missing ones absent. */
export type HarvestRecordLoader = (ids: readonly string[]) => Promise<readonly HarvestItem[]>;

/** The catalogue of `index` with records from `records`. @throws Error as {@link publishedHeaders}. */
export function oaiCatalogue(index: CatalogIndex, records: HarvestRecordLoader): OaiCatalogue {
  return { headers: publishedHeaders(index), records };
}

/**
 * The harvest record of a content record: contributors named from `contributors`
 * (by id; an unknown one is left out), NICE KSAs and TKS statements and CAE knowledge
 * units as subjects in their index order, the files' media types without duplicates.
 */
export function harvestItemOf(
  record: ContentRecord,
  contributors: ReadonlyMap<
    string,
    Pick<ContributorItem, 'prefix' | 'firstName' | 'middleName' | 'lastName' | 'suffix'>
  >,
): HarvestItem {
  const ordered = <T extends { index: number }>(refs: readonly T[]) => [...refs].sort((a, b) => a.index - b.index);
  const subjects: HarvestSubject[] = [
    ...ordered(record.ksas).map((ref) => ({ scheme: 'NICE' as const, id: ref.id, name: ref.name })),
    ...ordered(record.tkss).map((ref) => ({ scheme: 'NICE' as const, id: ref.id, name: ref.name })),
    ...ordered(record.kus).map((ref) => ({ scheme: 'CAE' as const, id: ref.id, name: ref.name })),
  ];
  const creators = ordered(record.contributors).flatMap((ref) => {
    const contributor = contributors.get(ref.id);
    const name = contributor ? contributorDisplayName(contributor) : '';
    return name ? [name] : [];
  });
  return {
    id: record.id,
    name: record.name,
    urlAlias: record.urlAlias,
    categories: [...record.categories],
    tags: [...record.tags],
    description: record.summary,
    creators,
    subjects,
    createdTimestamp: record.createdTimestamp,
    modifiedTimestamp: record.modifiedTimestamp,
    licence: record.licence,
    sourceUrl: record.sourceUrl,
    copyrightNotice: record.copyrightNotice,
    formats: [...new Set(record.files.map((file) => file.type))],
  };
}

/**
 * A {@link HarvestRecordLoader} over two batch reads: the content items by id, then
 * their contributors by id (`getContent`, `getContributors`: BatchGetItem each, split
 * by 100 keys). Only items whose stored status is `published` are returned (the index
 * may be a second behind the table).
 */
export function tableRecordLoader(reads: {
  readonly getContent: (ids: readonly string[]) => Promise<readonly ContentItem[]>;
  readonly getContributors: (ids: readonly string[]) => Promise<readonly ContributorItem[]>;
}): HarvestRecordLoader {
  return async (ids) => {
    if (ids.length === 0) return [];
    const items = (await reads.getContent(ids)).filter((item) => item.status === 'published');
    const contributorIds = [...new Set(items.flatMap((item) => item.contributors.map((ref) => ref.id)))];
    const contributors = contributorIds.length === 0 ? [] : await reads.getContributors(contributorIds);
    const byId = new Map(contributors.map((contributor) => [contributor.id, contributor]));
    return items.map((item) => harvestItemOf(item, byId));
  };
}
