import path from 'node:path';
import { Content, type IndexedRef, type KnowledgeRef } from '#shared/contracts/content';
import { type Contributor, contributorDisplayName } from '#shared/contracts/contributor';
import { Knowledge } from '#shared/contracts/knowledge';
import type { KnowledgeType } from '#shared/enums';
import type { ContentRecord } from '../data/items.ts';
import { contentFileObjectKey } from '../data/keys.ts';
import { aliasFromName, childAlias } from '../domain/alias.ts';
import { categoryCommaList } from '../domain/categories.ts';
import { seedId } from '../domain/ids.ts';
import { summaryText } from '../domain/summary.ts';
import { normaliseTags } from '../domain/tags.ts';
import {
  CATEGORY_MAP,
  checkedMediaType,
  descriptionHtml,
  EDUCATION_LEVEL_MAP,
  EXPERIENCE_LEVEL_MAP,
  fileDisplayName,
  includeOf,
  ORGANISATION_AUTHOR_LAST_NAME,
  SEED_LAST_CURATED,
  SEED_STATUS,
  SEED_UNDATED_TIMESTAMP,
  SNAPSHOT_COMMIT_DATES,
  STATEMENT_KIND_BY_ID_LETTER,
  snapshotCommitOf,
  timeRequiredInclude,
} from './mapping.ts';
import type { CatalogContributor, CatalogFile, CatalogItem, SeedSources, SourceDates, Statement } from './sources.ts';
import { planWorkRoles, type WorkRolePlan } from './work-roles.ts';

/** One mapping rule applied during planning: which rule, what became what, and to which items. */
export interface MappingNote {
  /** Name of the rule's constant or function in mapping.ts / domain (e.g. `CATEGORY_MAP`). */
  readonly rule: string;
  readonly from: string;
  readonly to: string;
  /** How many items it applied to. */
  readonly count: number;
  /** Titles of the content items it applied to (empty for knowledge rules, which apply by the thousand). */
  readonly items: readonly string[];
}

/** A file to upload and record: bytes at `sourcePath`, object at `objectKey` of the private bucket. */
export interface PlannedFile {
  readonly id: string;
  readonly contentId: string;
  /** The collection folder (`courseware`, `courseware-extra`) `relativePath` is relative to. */
  readonly collection: CatalogFile['collection'];
  readonly relativePath: string;
  readonly sourcePath: string;
  readonly name: string;
  readonly filename: string;
  readonly type: string;
  readonly objectKey: string;
}

/** Everything the import writes, decided before anything is written. */
export interface SeedPlan {
  readonly knowledge: Knowledge[];
  /** NICE work roles of both generations and the v2.1.0 competency areas (issue 27 item 1). */
  readonly workRoles: WorkRolePlan['workRoles'];
  readonly competencyAreas: WorkRolePlan['competencyAreas'];
  /** The crosswalk between the NICE generations (issue 27 item 5). */
  readonly crosswalk: WorkRolePlan['crosswalk'];
  readonly contributors: Omit<Contributor, 'version'>[];
  /** Parents before their children. */
  readonly content: ContentRecord[];
  readonly files: PlannedFile[];
  readonly mappings: MappingNote[];
}

/** Id kinds of {@link seedId}: the namespace of each source key. */
export const SEED_ID_KINDS = { content: 'content', contributor: 'contributor', file: 'file' } as const;

/**
 * Source key of a file: its path relative to `courseware/` for the first catalog (the
 * ids of the first seed stay as they were), else `<collection>/<path>`.
 */
export function fileSourceKey(file: Pick<CatalogFile, 'collection' | 'path'>): string {
  return file.collection === 'courseware' ? file.path : `${file.collection}/${file.path}`;
}

/** Source key of a contributor: the same person at the same school is one contributor. */
export function contributorSourceKey(contributor: CatalogContributor): string {
  return `${contributor.firstName}|${contributor.lastName}|${contributor.school ?? ''}`;
}

class MappingNotes {
  private readonly notes = new Map<
    string,
    { rule: string; from: string; to: string; count: number; items: string[] }
  >();

  add(rule: string, from: string, to: string, item?: string): void {
    const key = `${rule}\u0000${from}\u0000${to}`;
    const note = this.notes.get(key) ?? { rule, from, to, count: 0, items: [] };
    note.count += 1;
    if (item !== undefined && !note.items.includes(item)) note.items.push(item);
    this.notes.set(key, note);
  }

  list(): MappingNote[] {
    return [...this.notes.values()];
  }
}

/**
 * Plans the whole import from the parsed sources (pure apart from path arithmetic):
 * knowledge items, deduplicated contributors, the content tree with denormalised
 * fields, and the files. Each item is created and modified when its source was
 * (courseware/dates.json: the first and last commit of its source path; issue 21
 * item 27), or, undated, on the day the catalog was gathered
 * (`SEED_UNDATED_TIMESTAMP`); never on the day of the import. Items changed by the
 * same commit share its second; their milliseconds (999 − catalog index) keep the
 * catalog's own order as the most-recent-first order, so ties do not fall back to hash ids.
 * @throws Error on a source inconsistency: unknown parent, category, level, file kind
 *   or knowledge id, a duplicate title or dated title, a dated title the catalog
 *   lacks, or a record the Content contract rejects.
 */
export function planSeed(sources: SeedSources): SeedPlan {
  const notes = new MappingNotes();
  const knowledge = planKnowledge(sources, notes);
  const knowledgeNames = new Map(knowledge.map((item) => [`${item.type}#${item.id}`, item.name]));

  const contributors = new Map<string, Omit<Contributor, 'version'>>();
  for (const item of sources.catalog) {
    for (const person of item.contributors) {
      const key = contributorSourceKey(person);
      if (person.lastName === ORGANISATION_AUTHOR_LAST_NAME) {
        notes.add(
          'ORGANISATION_AUTHOR_LAST_NAME',
          `${person.firstName} ${person.lastName}`,
          'contributor kept verbatim (an organisation, no school)',
          item.title,
        );
      }
      if (contributors.has(key)) continue;
      contributors.set(key, {
        id: seedId(SEED_ID_KINDS.contributor, key),
        prefix: null,
        firstName: person.firstName,
        middleName: null,
        lastName: person.lastName,
        suffix: null,
        title: null,
        school: person.school,
        email: null,
        portraitFileId: null,
      });
    }
  }

  const byTitle = new Map<string, CatalogItem>();
  for (const item of sources.catalog) {
    if (byTitle.has(item.title)) throw new Error(`Catalog title "${item.title}" appears twice.`);
    byTitle.set(item.title, item);
  }
  const mappings = new Map(sources.mappings.map((mapping) => [mapping.title, mapping]));
  const siblings = new Map<string | null, CatalogItem[]>();
  for (const item of sources.catalog) {
    if (item.parent !== null && !byTitle.has(item.parent)) {
      throw new Error(`Catalog item "${item.title}" names an unknown parent "${item.parent}".`);
    }
    siblings.set(item.parent, [...(siblings.get(item.parent) ?? []), item]);
  }

  const catalogIndex = new Map(sources.catalog.map((item, index) => [item.title, index]));
  const dates = new Map<string, SourceDates>();
  for (const dated of sources.dates) {
    if (dates.has(dated.title)) throw new Error(`dates.json dates "${dated.title}" twice.`);
    if (!byTitle.has(dated.title)) throw new Error(`dates.json names unknown title "${dated.title}".`);
    dates.set(dated.title, dated);
  }
  const timestampOf = (item: CatalogItem, which: 'created' | 'modified') => {
    const at = dates.get(item.title)?.[which].at ?? snapshotDateOf(item) ?? SEED_UNDATED_TIMESTAMP;
    // Commit times have whole seconds: the milliseconds order items of one commit, the catalog's first item last.
    return new Date(Date.parse(at) + Math.max(0, 999 - (catalogIndex.get(item.title) ?? 0))).toISOString();
  };
  const snapshotDateOf = (item: CatalogItem): string | undefined =>
    item.collection === 'courseware' ? undefined : SNAPSHOT_COMMIT_DATES[snapshotCommitOf(item.sourceUrl) ?? ''];
  const planned = new Map<string, ContentRecord>();
  const files: PlannedFile[] = [];
  const content: ContentRecord[] = [];

  const plan = (item: CatalogItem, trail: readonly string[]): ContentRecord => {
    const done = planned.get(item.title);
    if (done) return done;
    if (trail.includes(item.title)) throw new Error(`Catalog parents form a cycle at "${item.title}".`);
    const parent = item.parent === null ? null : plan(byTitle.get(item.parent) as CatalogItem, [...trail, item.title]);
    const id = seedId(SEED_ID_KINDS.content, item.title);

    const category = CATEGORY_MAP[item.category];
    if (!category) throw new Error(`No category rule for "${item.category}" ("${item.title}").`);
    notes.add('CATEGORY_MAP', item.category, describeMapped(category.value.join(','), category.tags), item.title);

    const addedTags: string[] = [...category.tags];
    const educationLevels = unique(
      item.educationLevels.map((level) => {
        const mapped = EDUCATION_LEVEL_MAP[level];
        if (!mapped) throw new Error(`No education level rule for "${level}" ("${item.title}").`);
        notes.add('EDUCATION_LEVEL_MAP', level, describeMapped(mapped.value, mapped.tags), item.title);
        addedTags.push(...mapped.tags);
        return mapped.value;
      }),
    );
    const experienceLevels = unique(
      item.experienceLevels.map((level) => {
        const mapped = EXPERIENCE_LEVEL_MAP[level];
        if (!mapped) throw new Error(`No experience level rule for "${level}" ("${item.title}").`);
        notes.add('EXPERIENCE_LEVEL_MAP', level, mapped, item.title);
        return mapped;
      }),
    );

    // Mapping tags go first so the 20-tag cap can never drop them.
    const { tags, notes: tagNotes } = normaliseTags([...addedTags, ...item.tags]);
    for (const note of tagNotes) {
      if (note.kind === 'split') notes.add('normaliseTags: split', note.tag, note.parts.join(' | '), item.title);
      if (note.kind === 'cut') notes.add('normaliseTags: cut at a word boundary', note.tag, note.result, item.title);
      if (note.kind === 'duplicate') notes.add('normaliseTags: duplicate dropped', note.tag, '(dropped)', item.title);
      if (note.kind === 'over-limit') notes.add('normaliseTags: over 20 tags', note.tag, '(dropped)', item.title);
    }

    if (item.collection !== 'courseware') {
      notes.add('SEED_COLLECTIONS', `${item.collection}/catalog.json`, 'content', item.title);
    }
    notes.add('licence (kept as given)', item.licence, 'licence', item.title);
    const itemFiles = item.files.map((file): PlannedFile => {
      const relativePath = file.path;
      const fileId = seedId(SEED_ID_KINDS.file, fileSourceKey(file));
      const filename = path.basename(relativePath);
      if (file.name !== null && file.name !== filename) {
        throw new Error(`"${item.title}" names ${relativePath} as "${file.name}".`);
      }
      const type = checkedMediaType(relativePath, file.type);
      if (file.collection !== 'courseware') {
        notes.add('MEDIA_TYPE_BY_EXTENSION', path.extname(relativePath).toLowerCase(), type, item.title);
      }
      return {
        id: fileId,
        contentId: id,
        collection: file.collection,
        relativePath,
        sourcePath: path.join(sources.root, file.collection, relativePath),
        name: fileDisplayName(relativePath),
        filename,
        type,
        objectKey: contentFileObjectKey(id, fileId),
      };
    });
    files.push(...itemFiles);
    const includes = unique(
      itemFiles.map((file) => {
        const include = includeOf(file.relativePath, file.collection);
        if (file.collection !== 'courseware') {
          notes.add('EXTRA_INCLUDES_BY_EXTENSION', path.extname(file.relativePath).toLowerCase(), include, item.title);
        }
        return include;
      }),
    );
    if (item.timeRequired) {
      includes.push(timeRequiredInclude(item.timeRequired));
      notes.add('timeRequiredInclude', 'timeRequired', 'includes "Time required: …"', item.title);
    }

    const mapping = mappings.get(item.title);
    if (!mapping)
      notes.add('mappings.json (estimated)', 'catalog item without a mapping', 'no knowledge references', item.title);
    const refs = (type: KnowledgeType, ids: readonly string[]): KnowledgeRef[] =>
      ids.map((knowledgeId, index) => {
        const name = knowledgeNames.get(`${type}#${knowledgeId}`);
        if (name === undefined) throw new Error(`"${item.title}" maps to unknown ${type} ${knowledgeId}.`);
        return { id: knowledgeId, name, index };
      });

    // Every catalog contributor was registered in the first pass above.
    const people = item.contributors.map(
      (person) => contributors.get(contributorSourceKey(person)) as Omit<Contributor, 'version'>,
    );
    const contributorRefs: IndexedRef[] = people.map((person, index) => ({ id: person.id, index }));
    const first = people[0];
    const description = descriptionHtml(item.description);
    const ownSiblings = siblings.get(item.parent) ?? [];
    const children = (siblings.get(item.title) ?? []).map((child, index) => ({
      id: seedId(SEED_ID_KINDS.content, child.title),
      index,
    }));

    const record: ContentRecord = {
      id,
      name: item.title,
      description,
      urlAlias: parent ? childAlias(parent.urlAlias, item.title) : aliasFromName(item.title),
      status: SEED_STATUS,
      category: categoryCommaList(category.value),
      categories: [...category.value],
      educationLevels,
      experienceLevels,
      tags,
      contributors: contributorRefs,
      children,
      sections: [],
      files: itemFiles.map((file) => ({ id: file.id, name: file.name, type: file.type, filename: file.filename })),
      ksas: refs('KSA', mapping?.ksas ?? []),
      kus: refs('KU', mapping?.kus ?? []),
      tkss: refs('TKS', mapping?.tkss ?? []),
      parentId: parent?.id ?? null,
      lastCuratedTimestamps: { ...SEED_LAST_CURATED },
      createdTimestamp: timestampOf(item, 'created'),
      modifiedTimestamp: timestampOf(item, 'modified'),
      // Seeded published items were published when created and last when modified (issue 25 item 4).
      ...(SEED_STATUS === 'published'
        ? {
            firstPublishedTimestamp: timestampOf(item, 'created'),
            lastPublishedTimestamp: timestampOf(item, 'modified'),
          }
        : {}),
      image: null,
      includes,
      licence: item.licence,
      sourceUrl: item.sourceUrl,
      copyrightNotice: item.copyrightNotice ?? null,
      version: 1,
      index: ownSiblings.indexOf(item),
      summary: summaryText(description),
      author: first ? contributorDisplayName(first) : null,
      ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
    };
    notes.add('SEED_STATUS', 'catalog item', `status ${SEED_STATUS}`, item.title);
    notes.add(
      'SEED_LAST_CURATED',
      'catalog item',
      `lastCuratedTimestamps ${JSON.stringify(SEED_LAST_CURATED)}`,
      item.title,
    );
    const dated = dates.get(item.title);
    const snapshot = dated ? undefined : snapshotDateOf(item);
    if (snapshot) {
      notes.add(
        'SNAPSHOT_COMMIT_DATES',
        `snapshot commit ${snapshotCommitOf(item.sourceUrl)}`,
        `createdTimestamp, modifiedTimestamp ${snapshot.slice(0, 10)}`,
        item.title,
      );
    } else
      notes.add(
        dated ? 'SOURCE_DATES' : 'SEED_UNDATED_TIMESTAMP',
        dated ? `git history of ${dated.repository} ${dated.path}` : 'catalog item without dates',
        dated ? 'createdTimestamp, modifiedTimestamp' : SEED_UNDATED_TIMESTAMP,
        item.title,
      );
    notes.add('descriptionHtml', 'plain-text description', 'escaped HTML in one <p>', item.title);
    const checked = Content.safeParse(record);
    if (!checked.success) throw new Error(`"${item.title}" does not make valid content: ${checked.error.message}`);
    planned.set(item.title, record);
    content.push(record);
    return record;
  };
  for (const item of sources.catalog) plan(item, []);

  const mapped = new Set<string>();
  for (const mapping of sources.mappings) {
    if (!byTitle.has(mapping.title)) throw new Error(`mappings.json names unknown title "${mapping.title}".`);
    if (mapped.has(mapping.title)) throw new Error(`mappings.json maps "${mapping.title}" twice.`);
    mapped.add(mapping.title);
    const collection = (byTitle.get(mapping.title) as CatalogItem).collection;
    notes.add('mappings.json (estimated)', `${collection}/mappings.json`, 'ksas, tkss, kus', mapping.title);
    // Content has no work-role field (spec §3); the references stay in the source file.
    for (const role of mapping.workRoles)
      notes.add('workRoles (not imported)', role, '(no Content field)', mapping.title);
  }

  const { workRoles, competencyAreas, crosswalk } = planWorkRoles(sources);
  return {
    knowledge,
    workRoles,
    crosswalk,
    competencyAreas,
    contributors: [...contributors.values()],
    content,
    files,
    mappings: notes.list(),
  };
}

function planKnowledge(sources: SeedSources, notes: MappingNotes): Knowledge[] {
  const statement = (type: 'KSA' | 'TKS', source: Statement): Knowledge => {
    const letter = source.id.charAt(0);
    const kind = STATEMENT_KIND_BY_ID_LETTER[letter];
    if (!kind) throw new Error(`No statement kind for ${type} ${source.id}.`);
    notes.add('STATEMENT_KIND_BY_ID_LETTER', `${type} ${letter}…`, kind);
    return Knowledge.parse({ id: source.id, type, name: source.text, kind });
  };
  return [
    ...sources.ksa.map((source) => statement('KSA', source)),
    ...sources.tks.map((source) => statement('TKS', source)),
    ...sources.knowledgeUnits.map((unit) =>
      Knowledge.parse({
        id: unit.id,
        type: 'KU',
        name: unit.name,
        description: unit.description,
        outcomes: unit.outcomes,
        program: unit.program,
        group: unit.group,
      }),
    ),
  ];
}

function describeMapped(value: string, tags: readonly string[]): string {
  return tags.length === 0 ? value : `${value} + tag ${tags.map((tag) => `"${tag}"`).join(', ')}`;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
