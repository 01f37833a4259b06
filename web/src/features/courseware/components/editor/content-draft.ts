import type { FieldError } from '#shared/contracts/common';
import {
  type ChildContent,
  type Content,
  type ContentDetail,
  CURATED_DATE_IN_FUTURE_MESSAGE,
  normaliseKeywords,
  sanitiseKeyword,
  todayUtc,
} from '#shared/contracts/content';
import type { SaveContentRequest } from '#shared/contracts/content-save';
import { contributorDisplayName } from '#shared/contracts/contributor';
import { IMAGE_ALT_MISSING_MESSAGE, imagesWithoutAlt } from '#shared/contracts/html-images';
import {
  type ContentCategory,
  type ContentStatus,
  CURATED_LABELS,
  type CuratedLabel,
  type EducationLevel,
  type ExperienceLevel,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import {
  type ContributorDraft,
  type ContributorFieldsDraft,
  contributorDraftOf,
} from '../../../../lib/contributor-draft.ts';

/** The statuses an editor picks from in edit mode; archived is reached by archiving (spec §4). */
export const EDITABLE_STATUSES = ['published', 'unlisted', 'unpublished'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/**
 * A child of the item in the editor (spec §3 ChildContent): a stored one, which may
 * be renamed (`savedName` is its stored name), or one this save creates (spec §4 step 3).
 */
export type ChildDraft =
  | {
      readonly kind: 'stored';
      readonly id: string;
      readonly name: string;
      readonly savedName: string;
      /** The child's version when it was read: a rename names it (stale → 409). */
      readonly version: number;
      readonly status: ContentStatus;
      /** The stored comma list of categories. */
      readonly category: string;
    }
  | {
      readonly kind: 'new';
      readonly key: string;
      readonly name: string;
      readonly status: EditableStatus;
      readonly categories: readonly ContentCategory[];
    };

/** A section of the item (spec §3 Section): `id` once stored, `key` its group name, `draftKey` its key on screen. */
export interface SectionDraft {
  readonly draftKey: string;
  readonly id?: string | undefined;
  readonly key: string | null;
  readonly name: string;
  /** HTML. */
  readonly description: string;
}

/** A file of the item (spec §3 Content `files`): an attached one, or a new one chosen in this edit (spec §4 step 5). */
export type FileDraft =
  | {
      readonly kind: 'stored';
      readonly id: string;
      readonly name: string;
      readonly type: string;
      readonly filename: string;
    }
  | { readonly kind: 'new'; readonly key: string; readonly file: File; readonly name: string };

/** What the edit and create forms hold: every field the save sends, as typed. */
export interface ContentDraft {
  readonly name: string;
  readonly urlAlias: string;
  readonly status: EditableStatus;
  /** The description HTML without its hidden search-tags block. */
  readonly description: string;
  readonly searchKeywords: readonly string[];
  readonly categories: readonly ContentCategory[];
  readonly educationLevels: readonly EducationLevel[];
  readonly experienceLevels: readonly ExperienceLevel[];
  /** Every tag: the known other tags the form toggles (spec §3) and any other kept as stored. */
  readonly tags: readonly string[];
  readonly contributors: readonly ContributorDraft[];
  /** Knowledge ids, in order. */
  readonly ksas: readonly string[];
  readonly kus: readonly string[];
  /**
   * The outcomes of each KU the item addresses (issue 27 item 4): KU id → 0-based
   * indexes into its outcomes. Entries of KUs no longer in `kus` are left out of a save.
   */
  readonly kuOutcomes: Readonly<Record<string, readonly number[]>>;
  readonly tkss: readonly string[];
  readonly children: readonly ChildDraft[];
  readonly sections: readonly SectionDraft[];
  readonly files: readonly FileDraft[];
  readonly includes: readonly string[];
  readonly lastCurated: Readonly<Record<CuratedLabel, string>>;
}

/**
 * The form's fields in screen order: the first invalid one gets the focus. The
 * `sections`, `children` and `files` entries stand for their rows
 * (see {@link fieldOrder}).
 */
export const DRAFT_FIELDS = [
  'name',
  'urlAlias',
  'status',
  'description',
  'learningObjectives',
  'sections',
  'categories',
  'educationLevels',
  'experienceLevels',
  'tags',
  'searchKeywords',
  'contributors',
  'ksas',
  'kus',
  'kuOutcomes',
  'tkss',
  'children',
  'files',
  'lastCurated.courseware',
  'lastCurated.environment',
] as const;

/** A field of the form: a fixed one, or a field of one row of sections, children or files. */
export type DraftField =
  | (typeof DRAFT_FIELDS)[number]
  | `sections.${number}.name`
  | `sections.${number}.description`
  | `children.${number}.name`
  | `files.${number}`
  | `files.${number}.name`;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The id of a field's element (an input, or a group holding it), for labels and focus. */
export function draftFieldId(field: DraftField): string {
  return `content-edit-${field.replaceAll('.', '-')}`;
}

/** Every field of `draft` in screen order, rows expanded. */
export function fieldOrder(draft: Pick<ContentDraft, 'sections' | 'children' | 'files'>): DraftField[] {
  return DRAFT_FIELDS.flatMap((field): DraftField[] => {
    if (field === 'sections')
      return draft.sections.flatMap((_, index) => [
        `sections.${index}.name` as const,
        `sections.${index}.description` as const,
      ]);
    if (field === 'children') return draft.children.map((_, index) => `children.${index}.name` as const);
    if (field === 'files')
      return draft.files.flatMap((_, index) => [`files.${index}` as const, `files.${index}.name` as const]);
    return [field];
  });
}

const SEARCH_TAGS_BLOCK = /^\s*<!--search-tags:([\s\S]*?)-->/;

/** Splits the hidden search-tags block (decision record 007) off a description. */
export function splitSearchTags(description: string): { keywords: string[]; html: string } {
  const match = SEARCH_TAGS_BLOCK.exec(description);
  if (!match) return { keywords: [], html: description };
  const keywords = (match[1] ?? '')
    .split('|')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
  return { keywords, html: description.slice(match[0].length) };
}

let sectionCounter = 0;
/** A fresh on-screen key for a section row. */
export function newSectionKey(): string {
  sectionCounter += 1;
  return `section-${sectionCounter}`;
}

/** The draft of a stored child. */
export function childDraftOf(child: ChildContent): ChildDraft {
  return {
    kind: 'stored',
    id: child.id,
    name: child.name,
    savedName: child.name,
    version: child.version,
    status: child.status,
    category: child.category,
  };
}

/**
 * The draft of the last saved copy (spec §4 "Cancel restores the last saved copy"):
 * the item, its contributors' profiles (in index order, as `ContentDetail` carries
 * them) and its children, every page loaded.
 */
export function draftOf(
  detail: Pick<ContentDetail, 'content' | 'contributors'>,
  children: readonly ChildContent[] = [],
): ContentDraft {
  const { content } = detail;
  const { keywords, html } = splitSearchTags(content.description);
  const status = (EDITABLE_STATUSES as readonly string[]).includes(content.status)
    ? (content.status as EditableStatus)
    : 'unpublished';
  const ids = (refs: Content['ksas']) => [...refs].sort((a, b) => a.index - b.index).map((ref) => ref.id);
  return {
    name: content.name,
    urlAlias: content.urlAlias,
    status,
    description: html,
    searchKeywords: keywords,
    categories: content.categories,
    educationLevels: content.educationLevels,
    experienceLevels: content.experienceLevels,
    tags: content.tags,
    contributors: detail.contributors.map(contributorDraftOf),
    ksas: ids(content.ksas),
    kus: ids(content.kus),
    kuOutcomes: kuOutcomesDraftOf(content.kuOutcomes),
    tkss: ids(content.tkss),
    children: [...children].sort((a, b) => a.index - b.index).map(childDraftOf),
    sections: [...content.sections]
      .sort((a, b) => a.index - b.index)
      .map((section) => ({
        draftKey: `section-${section.id}`,
        id: section.id,
        key: section.key,
        name: section.name,
        description: section.description,
      })),
    files: content.files.map((file) => ({ kind: 'stored', ...file })),
    includes: content.includes,
    lastCurated: {
      courseware: content.lastCuratedTimestamps.courseware ?? '',
      environment: content.lastCuratedTimestamps.environment ?? '',
    },
  };
}

const REQUIRED = 'Is required.';
const atMost = (max: number) => `Must be at most ${max} characters.`;

/**
 * The rules of spec §5 "Content editing" the form checks before sending: name and
 * HTML required, HTML at most 100000 characters, name and child names at most 1000
 * (decision record 015), file names required and at most 120, section names at most
 * 1000 and section HTML at most 100000 (the save's contract), every image of the HTML
 * with an `alt` attribute (WCAG 1.1.1, issue 21 item 15), no last-curated date
 * after today (UTC, as the server counts it; `today` is `YYYY-MM-DD`).
 */
export function validateDraft(draft: ContentDraft, today: string = todayUtc()): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = REQUIRED;
  else if (draft.name.trim().length > LIMITS.childNameMaxChars) errors.name = atMost(LIMITS.childNameMaxChars);
  if (!draft.description.trim()) errors.description = REQUIRED;
  else if (draft.description.length > LIMITS.contentHtmlMaxChars)
    errors.description = atMost(LIMITS.contentHtmlMaxChars);
  else if (imagesWithoutAlt(draft.description) > 0) errors.description = IMAGE_ALT_MISSING_MESSAGE;
  draft.sections.forEach((section, index) => {
    if (section.name.length > LIMITS.childNameMaxChars)
      errors[`sections.${index}.name`] = atMost(LIMITS.childNameMaxChars);
    if (section.description.length > LIMITS.contentHtmlMaxChars)
      errors[`sections.${index}.description`] = atMost(LIMITS.contentHtmlMaxChars);
    else if (imagesWithoutAlt(section.description) > 0)
      errors[`sections.${index}.description`] = IMAGE_ALT_MISSING_MESSAGE;
  });
  draft.children.forEach((child, index) => {
    const name = child.name.trim();
    if (!name) errors[`children.${index}.name`] = REQUIRED;
    else if (name.length > LIMITS.childNameMaxChars)
      errors[`children.${index}.name`] = atMost(LIMITS.childNameMaxChars);
  });
  draft.files.forEach((file, index) => {
    const name = file.name.trim();
    if (!name) errors[`files.${index}.name`] = REQUIRED;
    else if (name.length > LIMITS.fileNameMaxChars) errors[`files.${index}.name`] = atMost(LIMITS.fileNameMaxChars);
  });
  for (const label of CURATED_LABELS) {
    const date = draft.lastCurated[label];
    if (date && date > today) errors[`lastCurated.${label}`] = CURATED_DATE_IN_FUTURE_MESSAGE;
  }
  return errors;
}

/** The first field with an error, in the screen order of `draft` (any other error last), if any. */
export function firstInvalid(
  errors: DraftErrors,
  draft?: Pick<ContentDraft, 'sections' | 'children' | 'files'>,
): DraftField | undefined {
  const order: readonly DraftField[] = draft ? fieldOrder(draft) : DRAFT_FIELDS;
  return (
    order.find((field) => errors[field] !== undefined) ??
    (Object.keys(errors) as DraftField[]).find((field) => errors[field] !== undefined)
  );
}

/** The ids the uploads of one save attempt got: new files and new portraits, by draft key. */
export interface UploadedIds {
  readonly files: Readonly<Record<string, string>>;
  readonly portraits: Readonly<Record<string, string>>;
}

/** How the body of a save is put together beyond the draft. */
export interface SaveOptions {
  /** The stored item, for an existing one; null when creating. */
  readonly base: Content | null;
  readonly uploads: UploadedIds;
  /** Creating mode's Learning Objectives, one per line (spec §4). */
  readonly learningObjectives?: string;
}

function contributorFieldsBody(fields: ContributorFieldsDraft) {
  return {
    prefix: fields.prefix,
    firstName: fields.firstName,
    middleName: fields.middleName,
    lastName: fields.lastName,
    suffix: fields.suffix,
    title: fields.title,
    school: fields.school,
    email: fields.email,
  };
}

function portraitIdOf(contributor: ContributorDraft, uploads: UploadedIds): string | null {
  return contributor.portrait.kind === 'stored'
    ? contributor.portrait.fileId
    : (uploads.portraits[contributor.key] ?? null);
}

function uploadedId(ids: Readonly<Record<string, string>>, key: string): string {
  const id = ids[key];
  if (!id) throw new Error(`No upload for ${key}.`);
  return id;
}

/**
 * The `POST /api/v1/content-saves` body for a draft (spec §4 "Saving content, in
 * order"; `#shared/contracts/content-save`). An existing item goes with its id and the
 * version read and keeps its licence, source and copyright; a new one gets the
 * Learning Objectives section first when it has lines, and leaves an empty alias to
 * the server. Contributors, children and files are listed in screen order: new
 * contributors and children by draft key, new files by the id their upload got.
 * Search keywords always go, so an emptied list clears the block; a child goes with
 * its name and version only when renamed.
 * @throws Error when a new file or portrait has no id in `uploads` (a caller's bug).
 */
export function saveRequestOf(draft: ContentDraft, options: SaveOptions): SaveContentRequest {
  const { base, uploads } = options;
  const alias = draft.urlAlias.trim();
  const objectives = base ? '' : learningObjectivesHtml(options.learningObjectives ?? '');
  const refs = (ids: readonly string[]) => ids.map((id, index) => ({ id, index }));
  return {
    ...(base ? { id: base.id, version: base.version } : {}),
    fields: {
      name: draft.name.trim(),
      description: draft.description,
      ...(base || alias ? { urlAlias: alias } : {}),
      status: draft.status,
      tags: [...draft.tags],
      searchKeywords: [...draft.searchKeywords],
      categories: [...draft.categories],
      educationLevels: [...draft.educationLevels],
      experienceLevels: [...draft.experienceLevels],
      ksas: refs(draft.ksas),
      kus: refs(draft.kus),
      kuOutcomes: kuOutcomesOf(draft),
      tkss: refs(draft.tkss),
      sections: [
        ...(objectives ? [{ key: LEARNING_OBJECTIVES_KEY, name: 'Learning Objectives', description: objectives }] : []),
        ...draft.sections.map((section) => ({
          ...(section.id ? { id: section.id } : {}),
          key: section.key,
          name: section.name,
          description: section.description,
        })),
      ],
      includes: [...draft.includes],
      lastCuratedTimestamps: { ...draft.lastCurated },
      ...(base ? { licence: base.licence, sourceUrl: base.sourceUrl, copyrightNotice: base.copyrightNotice } : {}),
    },
    contributors: draft.contributors.map((contributor) =>
      contributor.stored ? { id: contributor.stored.id } : { key: contributor.key },
    ),
    newContributors: draft.contributors
      .filter((contributor) => !contributor.stored)
      .map((contributor) => ({
        key: contributor.key,
        ...contributorFieldsBody(contributor.fields),
        portraitFileId: portraitIdOf(contributor, uploads),
      })),
    changedContributors: draft.contributors.flatMap((contributor) =>
      contributor.stored && contributor.changed
        ? [
            {
              id: contributor.stored.id,
              version: contributor.stored.version,
              ...contributorFieldsBody(contributor.fields),
              portraitFileId: portraitIdOf(contributor, uploads),
            },
          ]
        : [],
    ),
    children: draft.children.map((child) => {
      if (child.kind === 'new') {
        return { key: child.key, name: child.name.trim(), status: child.status, categories: [...child.categories] };
      }
      return isRenamed(child) ? { id: child.id, name: child.name.trim(), version: child.version } : { id: child.id };
    }),
    files: draft.files.map((file) => ({
      id: file.kind === 'stored' ? file.id : uploadedId(uploads.files, file.key),
      name: file.name.trim(),
    })),
  };
}

/** The draft's map of KU outcomes (issue 27 item 4) from the stored list (absent: none). */
export function kuOutcomesDraftOf(
  stored: readonly { readonly kuId: string; readonly outcomes: readonly number[] }[] | undefined,
): Record<string, readonly number[]> {
  return Object.fromEntries((stored ?? []).map((entry) => [entry.kuId, [...entry.outcomes]]));
}

/**
 * The `kuOutcomes` a save sends for a draft (issue 27 item 4): one entry per KU of
 * `kus` (in that order) with at least one outcome ticked, indexes ascending; a KU
 * removed from `kus` takes its outcomes with it.
 */
export function kuOutcomesOf(draft: Pick<ContentDraft, 'kus' | 'kuOutcomes'>): { kuId: string; outcomes: number[] }[] {
  return draft.kus.flatMap((kuId) => {
    const outcomes = [...new Set(draft.kuOutcomes[kuId] ?? [])].sort((a, b) => a - b);
    return outcomes.length > 0 ? [{ kuId, outcomes }] : [];
  });
}

/** True for a stored child whose name was changed in this edit. */
export function isRenamed(child: ChildDraft): boolean {
  return child.kind === 'stored' && child.name.trim() !== child.savedName;
}

const FIELD_LABELS: Record<string, string> = {
  prefix: 'prefix',
  firstName: 'first name',
  middleName: 'middle name',
  lastName: 'last name',
  suffix: 'suffix',
  title: 'title',
  school: 'school',
  email: 'email',
  portraitFileId: 'portrait',
};

/**
 * The server's 400 field messages by form field. Paths of the save
 * (`fields.name`, `fields.lastCuratedTimestamps.courseware`, `children.3.name`,
 * `files.1.name`, `newContributors.0.email`…) and of the older PATCH and POST
 * (`name`, `searchKeywords.3`) are both understood. Section paths count from
 * `sectionOffset` (1 when creating mode sent the Learning Objectives first; before it
 * they are the Learning Objectives). A contributor's message goes to the contributors
 * field, naming the contributor. Messages for fields the form does not show come back in `rest`.
 */
export function errorsFromServer(
  details: readonly FieldError[],
  { draft, sectionOffset = 0 }: { draft?: ContentDraft; sectionOffset?: number } = {},
): { errors: DraftErrors; rest: string[] } {
  const errors: DraftErrors = {};
  const rest: string[] = [];
  for (const { path, message } of details) {
    const parts = path.replace(/^(body\.)?(fields\.)?/, '').split('.');
    const [head = '', sub, leaf] = parts;
    const index = Number(sub);
    let field: DraftField | undefined;
    let text = message;
    if (head === 'lastCuratedTimestamps' && (sub === 'courseware' || sub === 'environment')) {
      field = `lastCurated.${sub}`;
    } else if (head === 'sections') {
      const row = Number.isInteger(index) ? index - sectionOffset : -1;
      if (row < 0) field = 'learningObjectives';
      else if (draft && row < draft.sections.length)
        field = `sections.${row}.${leaf === 'description' ? 'description' : 'name'}`;
    } else if (head === 'children' && Number.isInteger(index)) {
      field = `children.${index}.name`;
    } else if (head === 'files' && Number.isInteger(index)) {
      field = leaf === 'name' ? `files.${index}.name` : `files.${index}`;
    } else if (head === 'contributors' || head === 'newContributors' || head === 'changedContributors') {
      field = 'contributors';
      const who = draft && Number.isInteger(index) ? contributorOfPath(draft, head, index) : undefined;
      const what = leaf ? (FIELD_LABELS[leaf] ?? leaf) : undefined;
      text = [who, what].filter(Boolean).join(', ') + (who || what ? ': ' : '') + message;
    } else if (head === 'kuOutcomes') {
      field = 'kuOutcomes';
      const kuId = draft && Number.isInteger(index) ? kuOutcomesOf(draft)[index]?.kuId : undefined;
      text = kuId ? `${kuId}: ${message}` : message;
    } else if ((DRAFT_FIELDS as readonly string[]).includes(head)) {
      field = head as DraftField;
    }
    if (field) errors[field] ??= text;
    else rest.push(`${path}: ${message}`);
  }
  return { errors, rest };
}

function contributorOfPath(draft: ContentDraft, list: string, index: number): string | undefined {
  const pool =
    list === 'newContributors'
      ? draft.contributors.filter((contributor) => !contributor.stored)
      : list === 'changedContributors'
        ? draft.contributors.filter((contributor) => contributor.stored && contributor.changed)
        : draft.contributors;
  const contributor = pool[index];
  if (!contributor) return undefined;
  return contributorDisplayName(contributor.fields) || `Contributor ${draft.contributors.indexOf(contributor) + 1}`;
}

/** Why a keyword cannot be added, or null when it can (spec §5: at most 20, each at most 50). */
export type KeywordOutcome =
  | { readonly kind: 'added'; readonly keywords: string[] }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Adds a typed keyword (spec §5 "Content editing"): sanitised and trimmed; empty or a
 * case-insensitive duplicate is ignored; longer than 50 characters, or a 21st, is refused.
 */
export function addKeyword(keywords: readonly string[], raw: string): KeywordOutcome {
  const keyword = sanitiseKeyword(raw);
  if (!keyword) return { kind: 'ignored' };
  const folded = keyword.toLowerCase();
  if (keywords.some((existing) => existing.toLowerCase() === folded)) return { kind: 'ignored' };
  if (keyword.length > LIMITS.tagMaxChars)
    return { kind: 'refused', message: `A keyword may have at most ${LIMITS.tagMaxChars} characters.` };
  if (keywords.length >= LIMITS.tagMaxCount)
    return { kind: 'refused', message: `At most ${LIMITS.tagMaxCount} keywords.` };
  return { kind: 'added', keywords: normaliseKeywords([...keywords, keyword]) };
}

/**
 * A new item's alias while its alias has not been edited by hand (spec §4): the
 * lower-cased, trimmed name with each run of whitespace turned into one hyphen.
 * The server still normalises it (decision record 005).
 */
export function aliasFromName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The create form's draft: an empty item, Unpublished (spec §4 "New child content defaults to Unpublished"). */
export function emptyDraft(): ContentDraft {
  return {
    name: '',
    urlAlias: '',
    status: 'unpublished',
    description: '',
    searchKeywords: [],
    categories: [],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    contributors: [],
    ksas: [],
    kus: [],
    kuOutcomes: {},
    tkss: [],
    children: [],
    sections: [],
    files: [],
    includes: [],
    lastCurated: { courseware: '', environment: '' },
  };
}

/** The key of the Learning Objectives section that creating mode adds (spec §4). */
export const LEARNING_OBJECTIVES_KEY = 'learning-objectives';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One objective per non-empty line, as an HTML list (the section's description); '' when none. */
export function learningObjectivesHtml(text: string): string {
  const items = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<li>${escapeHtml(line)}</li>`);
  return items.length > 0 ? `<ul>${items.join('')}</ul>` : '';
}

/** Moves the entry at `from` to `to` (both in range), returning a new list. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Puts an editor's changes on top of the latest saved copy after a 409 (decision
 * record 019, "Reload"): a three-way merge of `original` (the copy the edit began
 * from), `mine` (the draft as typed) and `theirs` (the latest copy). A field the
 * editor did not touch takes the latest value, so Save never writes back a stale
 * value over someone else's change; a field the editor changed keeps the editor's
 * value. Children: untouched → the latest list; changed → the editor's list without
 * the stored children that are gone, plus the latest children not listed yet, each
 * kept child with its latest version. Pure.
 */
export function rebaseDraft(original: ContentDraft, mine: ContentDraft, theirs: ContentDraft): ContentDraft {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(mine) as (keyof ContentDraft)[]) {
    merged[key] = sameValue(mine[key], original[key]) ? theirs[key] : mine[key];
  }
  if (!sameValue(mine.children, original.children)) {
    const latest = new Map(
      theirs.children.flatMap((child) => (child.kind === 'stored' ? [[child.id, child] as const] : [])),
    );
    const kept = mine.children.flatMap((child): ChildDraft[] => {
      if (child.kind === 'new') return [child];
      const fresh = latest.get(child.id);
      return fresh ? [{ ...child, version: fresh.version, savedName: fresh.savedName }] : [];
    });
    const listed = new Set(kept.flatMap((child) => (child.kind === 'stored' ? [child.id] : [])));
    merged.children = [...kept, ...theirs.children.filter((child) => child.kind === 'stored' && !listed.has(child.id))];
  }
  return merged as unknown as ContentDraft;
}
