import {
  CONTENT_CATEGORY_LABELS,
  type ContentCategory,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  OTHER_TAGS,
  type OtherTag,
} from '#shared/enums';

/** Headings of grouped children, by main category. */
export const CATEGORY_GROUP_HEADINGS: Record<ContentCategory, string> = {
  course: 'Courses',
  module: 'Modules',
  lesson: 'Lessons',
  exercise: 'Exercises',
  environment: 'Environments',
};

export { mainCategory } from '../../../lib/categories.ts';

export function categoryLabel(category: ContentCategory): string {
  return CONTENT_CATEGORY_LABELS[category];
}

const NOT_OTHER = new Set<string>([
  ...Object.keys(CONTENT_CATEGORY_LABELS),
  ...Object.values(CONTENT_CATEGORY_LABELS).map((label) => label.toLowerCase()),
  ...EDUCATION_LEVELS,
  ...Object.values(EDUCATION_LEVEL_LABELS).map((label) => label.toLowerCase()),
  ...EXPERIENCE_LEVELS,
  ...Object.values(EXPERIENCE_LEVEL_LABELS).map((label) => label.toLowerCase()),
]);

/** Tags that are neither a category nor a level (spec §3 "other tags"), duplicates dropped. */
export function otherTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.trim().toLowerCase();
    if (!key || NOT_OTHER.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function isKnownOtherTag(tag: string): tag is OtherTag {
  return (OTHER_TAGS as readonly string[]).includes(tag.trim().toLowerCase());
}

export function isUncurated(tags: readonly string[]): boolean {
  return tags.some((tag) => tag.trim().toLowerCase() === 'uncurated');
}
