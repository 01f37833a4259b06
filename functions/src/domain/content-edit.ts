import type { FieldError } from '#shared/contracts/common';
import {
  type ContentFields,
  type ContentSection,
  type IndexedRef,
  type KnowledgeRef,
  type KuOutcomes,
  PUBLISH_AT_PAST_MESSAGE,
  PUBLISH_AT_STATUS_MESSAGE,
} from '#shared/contracts/content';
import type { ContentStatus, KnowledgeType } from '#shared/enums';
import { DEFAULT_LICENCE_SHORT } from '#shared/licences';
import { newItemAlias, normaliseAlias } from './alias.ts';
import { categoryCommaList } from './categories.ts';
import { sanitizeContentDescription, sanitizeDescription } from './html.ts';
import { newId } from './ids.ts';
import type { ContentRecord } from './records.ts';
import { parseSearchTags } from './search-tags.ts';
import { summaryText } from './summary.ts';

/**
 * Building the stored record of content from what an editor sent (spec §3 Content,
 * §4 "Content status", "Saving content", §5 "Content editing"; decision record 015).
 * Pure: the references (contributor names, knowledge names) are read beforehand.
 */

/** The licence of new content unless the editor names another (decision record 006). */
export const DEFAULT_LICENCE = DEFAULT_LICENCE_SHORT;
/** Status of new content, child or not (spec §4 "New child content defaults to Unpublished"). */
export const NEW_CONTENT_STATUS: ContentStatus = 'unpublished';

/** Knowledge lists of content and the knowledge type each references. */
export const KNOWLEDGE_LISTS = { ksas: 'KSA', kus: 'KU', tkss: 'TKS' } as const satisfies Record<
  'ksas' | 'kus' | 'tkss',
  KnowledgeType
>;

/** Key of a knowledge item in {@link ContentReferences.knowledgeNames}. */
export function knowledgeRefKey(type: KnowledgeType, id: string): string {
  return `${type}#${id}`;
}

/**
 * What the references of an edit resolve to: display names by id (missing ones are
 * absent), and the outcomes (texts, in order) of the KUs its `kuOutcomes` name, by KU
 * id (issue 27 item 4; absent map or id: no outcomes known).
 */
export interface ContentReferences {
  readonly contributorNames: ReadonlyMap<string, string>;
  readonly knowledgeNames: ReadonlyMap<string, string>;
  readonly kuOutcomes?: ReadonlyMap<string, readonly string[]>;
}

/** Message of the 400 for a `kuOutcomes` entry whose KU is not among the item's `kus` after the write. */
export const KU_NOT_MAPPED_MESSAGE = "Is not one of the item's knowledge units.";

/** Message of the 400 for a KU or an outcome index named twice in `kuOutcomes`. */
export const LISTED_TWICE_MESSAGE = 'Listed twice.';

/** Message of the 400 for an outcome index the KU does not have (`count`: how many it has). */
export function outcomeMissingMessage(kuId: string, count: number): string {
  return count === 0 ? `${kuId} has no outcomes.` : `${kuId} has no such outcome (it has ${count}: 0 to ${count - 1}).`;
}

/**
 * Field errors of an edit's `kuOutcomes` (issue 27 item 4, decision record 081) against
 * the record it leaves (`after`): each `kuId` must be among `after.kus` (else
 * `<prefix>kuOutcomes.i.kuId`) and each index name an outcome of that KU as
 * `refs.kuOutcomes` holds it (else `<prefix>kuOutcomes.i.outcomes.j`), and a KU or an
 * index named twice is refused at its second place ({@link LISTED_TWICE_MESSAGE}).
 * `prefix` is where the fields sit in the body:
 * `body.` (PUT, PATCH, POST) or `body.fields.` (the save). Pure; none without `kuOutcomes`.
 */
export function kuOutcomeErrors(
  after: Pick<ContentRecord, 'kus'>,
  changes: Pick<ContentChanges, 'kuOutcomes'>,
  refs: ContentReferences,
  prefix: string,
): FieldError[] {
  const errors: FieldError[] = [];
  const mapped = new Set(after.kus.map((ref) => ref.id));
  const named = new Set<string>();
  for (const [i, entry] of (changes.kuOutcomes ?? []).entries()) {
    if (named.has(entry.kuId)) {
      errors.push({ path: `${prefix}kuOutcomes.${i}.kuId`, message: LISTED_TWICE_MESSAGE });
      continue;
    }
    named.add(entry.kuId);
    const seen = new Set<number>();
    for (const [j, outcome] of entry.outcomes.entries()) {
      if (seen.has(outcome)) {
        errors.push({ path: `${prefix}kuOutcomes.${i}.outcomes.${j}`, message: LISTED_TWICE_MESSAGE });
      }
      seen.add(outcome);
    }
    if (!mapped.has(entry.kuId)) {
      errors.push({ path: `${prefix}kuOutcomes.${i}.kuId`, message: KU_NOT_MAPPED_MESSAGE });
      continue;
    }
    const count = refs.kuOutcomes?.get(entry.kuId)?.length ?? 0;
    for (const [j, outcome] of entry.outcomes.entries()) {
      if (outcome >= count && entry.outcomes.indexOf(outcome) === j) {
        errors.push({
          path: `${prefix}kuOutcomes.${i}.outcomes.${j}`,
          message: outcomeMissingMessage(entry.kuId, count),
        });
      }
    }
  }
  return errors;
}

/**
 * The `kuOutcomes` a write leaves (decision record 081): the edit's when it sends
 * them, else the stored ones; in both cases only entries of KUs still in `kus` (so
 * removing a KU drops its outcomes), each index once and ascending, entries without
 * an index left out, in `kus` order. Invalid entries of an edit are refused before
 * (`kuOutcomeErrors`); this only normalises.
 */
export function kuOutcomesAfter(
  kus: readonly KnowledgeRef[],
  outcomes: readonly KuOutcomes[] | undefined,
): KuOutcomes[] {
  const byKu = new Map<string, Set<number>>();
  for (const entry of outcomes ?? []) {
    const set = byKu.get(entry.kuId) ?? new Set<number>();
    for (const index of entry.outcomes) set.add(index);
    byKu.set(entry.kuId, set);
  }
  return byIndex(kus).flatMap((ref) => {
    const set = byKu.get(ref.id);
    return set && set.size > 0 ? [{ kuId: ref.id, outcomes: [...set].sort((a, b) => a - b) }] : [];
  });
}

/**
 * The fields of an edit; absent fields are left as they are (patch) or emptied (replace).
 * `publishAt` (PATCH only) schedules publishing, null cancels it; absent keeps it in both modes.
 */
export type ContentChanges = Partial<ContentFields> & { readonly publishAt?: string | null | undefined };

/**
 * Field errors of a schedule (issue 25 item 7, decision record 068): a `publishAt`
 * must lie after `now` and the item must stay unpublished. Cancelling (null) is always allowed.
 */
export function scheduleErrors(
  current: Pick<ContentRecord, 'status'>,
  changes: ContentChanges,
  now: Date,
): FieldError[] {
  if (changes.publishAt === undefined || changes.publishAt === null) return [];
  if (Date.parse(changes.publishAt) <= now.getTime()) {
    return [{ path: 'body.publishAt', message: PUBLISH_AT_PAST_MESSAGE }];
  }
  if ((changes.status ?? current.status) !== 'unpublished') {
    return [{ path: 'body.publishAt', message: PUBLISH_AT_STATUS_MESSAGE }];
  }
  return [];
}

/**
 * The schedule an edit leaves (decision record 068): cleared when the item is no longer
 * unpublished (publishing by hand, archiving), else the edit's (normalised to
 * `toISOString()` so that index order is time order) or the stored one.
 */
function publishAtAfter(current: ContentRecord, edit: ContentChanges, status: ContentStatus): string | null {
  if (status !== 'unpublished') return null;
  // A schedule left on an item archived with its parent (subtree writes) does not come back on restore.
  if (edit.publishAt === undefined) return current.status === 'unpublished' ? (current.publishAt ?? null) : null;
  return edit.publishAt === null ? null : new Date(edit.publishAt).toISOString();
}

/** Field errors (`body.contributors.0.id`, …) for references that name nothing. */
export function missingReferences(changes: ContentChanges, refs: ContentReferences): FieldError[] {
  const errors: FieldError[] = [];
  for (const [position, ref] of (changes.contributors ?? []).entries()) {
    if (!refs.contributorNames.has(ref.id)) {
      errors.push({ path: `body.contributors.${position}.id`, message: 'No contributor has this id.' });
    }
  }
  for (const [list, type] of Object.entries(KNOWLEDGE_LISTS) as [keyof typeof KNOWLEDGE_LISTS, KnowledgeType][]) {
    for (const [position, ref] of (changes[list] ?? []).entries()) {
      if (!refs.knowledgeNames.has(knowledgeRefKey(type, ref.id))) {
        errors.push({ path: `body.${list}.${position}.id`, message: `No ${type} item has this id.` });
      }
    }
  }
  return errors;
}

function byIndex<T extends { index: number }>(refs: readonly T[]): T[] {
  return [...refs].sort((a, b) => a.index - b.index);
}

function uniqueRefs(refs: readonly IndexedRef[]): IndexedRef[] {
  const seen = new Set<string>();
  return byIndex(refs).filter((ref) => !seen.has(ref.id) && Boolean(seen.add(ref.id)));
}

function knowledgeRefs(
  type: KnowledgeType,
  refs: readonly { id: string; index: number }[],
  names: ReadonlyMap<string, string>,
): KnowledgeRef[] {
  const seen = new Set<string>();
  return byIndex(refs)
    .filter((ref) => !seen.has(ref.id) && Boolean(seen.add(ref.id)))
    .map((ref) => ({ id: ref.id, index: ref.index, name: names.get(knowledgeRefKey(type, ref.id)) ?? ref.id }));
}

function sectionsOf(sections: NonNullable<ContentChanges['sections']>): ContentSection[] {
  return sections.map((section, index) => ({
    id: section.id ?? newId(),
    index,
    key: section.key ?? null,
    name: section.name,
    description: sanitizeDescription(section.description),
  }));
}

/**
 * The description to store: the editor's HTML through the server's allow-list
 * (`sanitizeContentDescription`, issue 9), with the hidden search-tags block for
 * `searchKeywords` (decision record 007). Without `searchKeywords` the keywords are
 * those of the block the new description carries, else of the stored description.
 * A stored description kept by a patch is sanitised again (the allow-list is
 * idempotent), so no write leaves unsafe HTML behind.
 */
export function describedWithKeywords(
  stored: string,
  description: string | undefined,
  searchKeywords: readonly string[] | undefined,
): string {
  const html = description ?? stored;
  return sanitizeContentDescription(html, searchKeywords ?? parseSearchTags(html));
}

/**
 * Applies an edit to a stored record. `patch` keeps every absent field; `replace`
 * (PUT, a full object) empties absent lists and optional fields but keeps the status,
 * the alias, the licence and what the edit API does not own (parent, children,
 * files, image; lessons are entities of their own, decision record 021). Recomputes
 * the derived fields: `category`, `summary`, `author` (first contributor's display
 * name), `modifiedTimestamp` (= `now`). The description and the sections' descriptions
 * go through the server's HTML allow-list (`functions/src/domain/html.ts`).
 * An alias that normalises to nothing keeps the stored one.
 */
export function applyContentChanges(
  current: ContentRecord,
  changes: ContentChanges,
  mode: 'patch' | 'replace',
  refs: ContentReferences,
  now: Date,
): ContentRecord {
  const edit: ContentChanges =
    mode === 'replace'
      ? {
          tags: [],
          categories: [],
          educationLevels: [],
          experienceLevels: [],
          contributors: [],
          ksas: [],
          kus: [],
          tkss: [],
          kuOutcomes: [],
          sections: [],
          includes: [],
          lastCuratedTimestamps: {},
          sourceUrl: null,
          copyrightNotice: null,
          ...changes,
        }
      : changes;
  const alias = edit.urlAlias === undefined ? '' : normaliseAlias(edit.urlAlias);
  const description = describedWithKeywords(current.description, edit.description, edit.searchKeywords);
  const contributors = edit.contributors ? uniqueRefs(edit.contributors) : current.contributors;
  const categories = edit.categories ? [...new Set(edit.categories)] : current.categories;
  const first = contributors[0];
  const status = edit.status ?? current.status;
  const kus = edit.kus ? knowledgeRefs('KU', edit.kus, refs.knowledgeNames) : current.kus;
  const kuOutcomes = kuOutcomesAfter(kus, edit.kuOutcomes ?? current.kuOutcomes);
  const { kuOutcomes: _stored, ...kept } = current;
  return {
    ...kept,
    ...(kuOutcomes.length > 0 ? { kuOutcomes } : {}),
    name: edit.name ?? current.name,
    description,
    summary: summaryText(description),
    urlAlias: alias || current.urlAlias,
    status,
    publishAt: publishAtAfter(current, edit, status),
    categories,
    category: categoryCommaList(categories),
    educationLevels: edit.educationLevels ? [...new Set(edit.educationLevels)] : current.educationLevels,
    experienceLevels: edit.experienceLevels ? [...new Set(edit.experienceLevels)] : current.experienceLevels,
    tags: edit.tags ?? current.tags,
    contributors,
    author: first ? (refs.contributorNames.get(first.id) ?? current.author) : null,
    ksas: edit.ksas ? knowledgeRefs('KSA', edit.ksas, refs.knowledgeNames) : current.ksas,
    kus,
    tkss: edit.tkss ? knowledgeRefs('TKS', edit.tkss, refs.knowledgeNames) : current.tkss,
    sections: edit.sections ? sectionsOf(edit.sections) : current.sections,
    includes: edit.includes ? edit.includes.filter((entry) => entry.length > 0) : current.includes,
    lastCuratedTimestamps: edit.lastCuratedTimestamps ?? current.lastCuratedTimestamps,
    licence: edit.licence || current.licence,
    sourceUrl: edit.sourceUrl === undefined ? current.sourceUrl : edit.sourceUrl,
    copyrightNotice: edit.copyrightNotice === undefined ? current.copyrightNotice : edit.copyrightNotice || null,
    modifiedTimestamp: now.toISOString(),
  };
}

/** The parent of a new child, as far as the new record needs it. */
export type ParentOfNew = Pick<ContentRecord, 'id' | 'urlAlias' | 'ancestorIds' | 'children'>;

/**
 * The record of a new item (spec §7 "Create content"): status unpublished unless
 * given, alias from {@link newItemAlias}, `ancestorIds` from the parent, `index`
 * as given or after the parent's last child (0 at the top level), version 1,
 * created and modified `now`.
 */
export function newContentRecord(input: {
  readonly id: string;
  readonly fields: ContentFields & { readonly index?: number | undefined };
  readonly parent: ParentOfNew | null;
  readonly refs: ContentReferences;
  readonly now: Date;
}): ContentRecord {
  const { id, fields, parent, refs, now } = input;
  const at = now.toISOString();
  const lastIndex = Math.max(-1, ...(parent?.children ?? []).map((child) => child.index));
  const empty: ContentRecord = {
    id,
    name: fields.name,
    description: '',
    urlAlias: newItemAlias({ id, name: fields.name, urlAlias: fields.urlAlias, parentAlias: parent?.urlAlias }),
    status: fields.status ?? NEW_CONTENT_STATUS,
    category: '',
    categories: [],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    contributors: [],
    children: [],
    sections: [],
    files: [],
    ksas: [],
    kus: [],
    tkss: [],
    parentId: parent?.id ?? null,
    lastCuratedTimestamps: {},
    createdTimestamp: at,
    modifiedTimestamp: at,
    image: null,
    includes: [],
    licence: DEFAULT_LICENCE,
    sourceUrl: null,
    copyrightNotice: null,
    version: 1,
    index: fields.index ?? (parent ? lastIndex + 1 : 0),
    summary: '',
    author: null,
    ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
  };
  const { urlAlias: _alias, ...rest } = fields;
  return applyContentChanges(empty, rest, 'replace', refs, now);
}
