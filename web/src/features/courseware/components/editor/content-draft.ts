import type { FieldError } from '#shared/contracts/common';
import {
  type Content,
  CURATED_DATE_IN_FUTURE_MESSAGE,
  normaliseKeywords,
  sanitiseKeyword,
  todayUtc,
} from '#shared/contracts/content';
import {
  type ContentCategory,
  CURATED_LABELS,
  type CuratedLabel,
  type EducationLevel,
  type ExperienceLevel,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import type { CreateContentInput } from '../../api/create-content.ts';
import type { PatchContentInput } from '../../api/patch-content.ts';

/** The statuses an editor picks from in edit mode; archived is reached by archiving (spec §4). */
export const EDITABLE_STATUSES = ['published', 'unlisted', 'unpublished'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** What the edit form holds: the editable fields of an existing item, as typed. */
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
  readonly lastCurated: Readonly<Record<CuratedLabel, string>>;
}

/** The form's fields in screen order: the first invalid one gets the focus. */
export const DRAFT_FIELDS = [
  'name',
  'urlAlias',
  'status',
  'description',
  'learningObjectives',
  'categories',
  'educationLevels',
  'experienceLevels',
  'searchKeywords',
  'lastCurated.courseware',
  'lastCurated.environment',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The id of a field's input (the first checkbox of a group), for labels and focus. */
export function draftFieldId(field: DraftField): string {
  return `content-edit-${field.replace('.', '-')}`;
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

/** The draft of the last saved copy (spec §4 "Cancel restores the last saved copy"). */
export function draftOf(content: Content): ContentDraft {
  const { keywords, html } = splitSearchTags(content.description);
  const status = (EDITABLE_STATUSES as readonly string[]).includes(content.status)
    ? (content.status as EditableStatus)
    : 'unpublished';
  return {
    name: content.name,
    urlAlias: content.urlAlias,
    status,
    description: html,
    searchKeywords: keywords,
    categories: content.categories,
    educationLevels: content.educationLevels,
    experienceLevels: content.experienceLevels,
    lastCurated: {
      courseware: content.lastCuratedTimestamps.courseware ?? '',
      environment: content.lastCuratedTimestamps.environment ?? '',
    },
  };
}

const REQUIRED = 'Is required.';

/**
 * The rules of spec §5 "Content editing" the form checks before sending: name and
 * HTML required, HTML at most 100000 characters, name at most 1000 (decision record
 * 015), no last-curated date after today (UTC, as the server counts it).
 */
export function validateDraft(draft: ContentDraft, today: string = todayUtc()): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = REQUIRED;
  else if (draft.name.trim().length > LIMITS.childNameMaxChars)
    errors.name = `Must be at most ${LIMITS.childNameMaxChars} characters.`;
  if (!draft.description.trim()) errors.description = REQUIRED;
  else if (draft.description.length > LIMITS.contentHtmlMaxChars)
    errors.description = `Must be at most ${LIMITS.contentHtmlMaxChars} characters.`;
  for (const label of CURATED_LABELS) {
    const date = draft.lastCurated[label];
    if (date && date > today) errors[`lastCurated.${label}`] = CURATED_DATE_IN_FUTURE_MESSAGE;
  }
  return errors;
}

/** The first field in screen order that has an error, if any. */
export function firstInvalid(errors: DraftErrors): DraftField | undefined {
  return DRAFT_FIELDS.find((field) => errors[field] !== undefined);
}

/** The PATCH body for a draft, based on `version`; search keywords always go, so an emptied list clears the block. */
export function patchOf(draft: ContentDraft, version: number): PatchContentInput {
  return {
    version,
    ...commonBodyOf(draft),
    urlAlias: draft.urlAlias.trim(),
    lastCuratedTimestamps: { ...draft.lastCurated },
  };
}

/** The fields the PATCH and POST bodies share: the trimmed name, status, description and fresh copies of the lists. */
function commonBodyOf(draft: ContentDraft) {
  return {
    name: draft.name.trim(),
    status: draft.status,
    description: draft.description,
    searchKeywords: [...draft.searchKeywords],
    categories: [...draft.categories],
    educationLevels: [...draft.educationLevels],
    experienceLevels: [...draft.experienceLevels],
  };
}

/**
 * The server's 400 field messages (`lastCuratedTimestamps.courseware`,
 * `searchKeywords.3`, …) by form field; messages for fields the form does not show
 * come back in `rest`.
 */
export function errorsFromServer(details: readonly FieldError[]): { errors: DraftErrors; rest: string[] } {
  const errors: DraftErrors = {};
  const rest: string[] = [];
  for (const { path, message } of details) {
    const [head, sub] = path.split('.');
    const field = (
      head === 'lastCuratedTimestamps' ? `lastCurated.${sub}` : head === 'sections' ? 'learningObjectives' : head
    ) as DraftField;
    if ((DRAFT_FIELDS as readonly string[]).includes(field)) errors[field] ??= message;
    else rest.push(`${path}: ${message}`);
  }
  return { errors, rest };
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

/**
 * The POST body for a new item: the draft's fields, an empty alias left to the server
 * (which derives it from the name), and the Learning Objectives section when it has lines.
 */
export function createOf(draft: ContentDraft, learningObjectives: string): CreateContentInput {
  const alias = draft.urlAlias.trim();
  const objectives = learningObjectivesHtml(learningObjectives);
  return {
    ...commonBodyOf(draft),
    ...(alias ? { urlAlias: alias } : {}),
    ...(objectives
      ? { sections: [{ key: LEARNING_OBJECTIVES_KEY, name: 'Learning Objectives', description: objectives }] }
      : {}),
  };
}
