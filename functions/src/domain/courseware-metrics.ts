import type { CoursewareMetrics } from '#shared/contracts/statistics';
import { CONTENT_CATEGORIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '#shared/enums';

/**
 * What each courseware metric counts (spec §3 "Courseware metrics"), over the
 * published content items: `totalCourseware` every item; `categoryCounts` an item
 * once in each of its `categories`; `experienceLevelCounts` / `educationLevelCounts`
 * once per level it lists; `assignmentCount` items tagged `homework`; `quizCount`
 * items tagged `quizzes` or `exams` (once, even with both); `linkagesCount` the
 * knowledge mappings, KSA + KU + TKS references together. Tags compare without case.
 */

/** The parts of a content item the metrics read. */
export interface MetricsContent {
  readonly categories: readonly string[];
  readonly experienceLevels: readonly string[];
  readonly educationLevels: readonly string[];
  readonly tags: readonly string[];
  readonly ksas: readonly unknown[];
  readonly kus: readonly unknown[];
  readonly tkss: readonly unknown[];
}

/** The tag of an assignment. */
export const ASSIGNMENT_TAG = 'homework';
/** The tags of a quiz. */
export const QUIZ_TAGS: readonly string[] = ['quizzes', 'exams'];

function zeroCounts<T extends readonly string[]>(values: T): Record<T[number], number> {
  return Object.fromEntries(values.map((value) => [value, 0])) as Record<T[number], number>;
}

/** Metrics with every count zero. */
export function emptyCoursewareMetrics(): CoursewareMetrics {
  return {
    assignmentCount: 0,
    linkagesCount: 0,
    quizCount: 0,
    totalCourseware: 0,
    categoryCounts: zeroCounts(CONTENT_CATEGORIES),
    experienceLevelCounts: zeroCounts(EXPERIENCE_LEVELS),
    educationLevelCounts: zeroCounts(EDUCATION_LEVELS),
  };
}

/** Adds one to `counts[value]` for each distinct known value (unknown values are not counted). */
function countEach(counts: Record<string, number>, values: readonly string[]): void {
  for (const value of new Set(values)) {
    if (Object.hasOwn(counts, value)) counts[value] = (counts[value] ?? 0) + 1;
  }
}

/** Adds one content item to `metrics` (mutates and returns it). */
export function addToCoursewareMetrics(metrics: CoursewareMetrics, content: MetricsContent): CoursewareMetrics {
  const tags = new Set(content.tags.map((tag) => tag.trim().toLowerCase()));
  metrics.totalCourseware += 1;
  countEach(metrics.categoryCounts, content.categories);
  countEach(metrics.experienceLevelCounts, content.experienceLevels);
  countEach(metrics.educationLevelCounts, content.educationLevels);
  if (tags.has(ASSIGNMENT_TAG)) metrics.assignmentCount += 1;
  if (QUIZ_TAGS.some((tag) => tags.has(tag))) metrics.quizCount += 1;
  metrics.linkagesCount += content.ksas.length + content.kus.length + content.tkss.length;
  return metrics;
}

/** The metrics of a set of (published) content items. */
export function coursewareMetricsOf(contents: Iterable<MetricsContent>): CoursewareMetrics {
  const metrics = emptyCoursewareMetrics();
  for (const content of contents) addToCoursewareMetrics(metrics, content);
  return metrics;
}
