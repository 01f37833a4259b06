/**
 * Enumerations of the portal (spec §3 "Enumerations", §4 "Content status").
 *
 * Each enumeration is a readonly tuple of the stored codes plus a label map for
 * display. Codes are what the API sends and the table stores; labels are what
 * people read. Decision record 004 explains the codes the spec leaves open.
 */

/** Brands of the product (spec §1). Default USCR. */
export const BRANDS = ['USCR', 'VACR'] as const;
export type Brand = (typeof BRANDS)[number];

/**
 * Content status codes (spec §4 "Content status"). `unlisted` content is reachable
 * by its address but never listed; `unpublished` and `archived` are hidden from
 * visitors entirely.
 */
export const CONTENT_STATUSES = ['published', 'unpublished', 'unlisted', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  published: 'Published',
  unpublished: 'Unpublished',
  unlisted: 'Unlisted',
  archived: 'Archived',
};

/**
 * Content categories (spec §3 "Enumerations": the five seen in metrics). A lab is
 * an `exercise` carrying the `lab` tag (decision record 004).
 */
export const CONTENT_CATEGORIES = ['course', 'module', 'lesson', 'exercise', 'environment'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const CONTENT_CATEGORY_LABELS: Record<ContentCategory, string> = {
  course: 'Course',
  module: 'Module',
  lesson: 'Lesson',
  exercise: 'Exercise',
  environment: 'Environment',
};

/** Education levels (spec §3 "Enumerations", codes as in §3 "Courseware metrics"). */
export const EDUCATION_LEVELS = [
  'highschool',
  'communitycollege',
  'universityundergraduate',
  'graduatestudent',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  highschool: 'High school',
  communitycollege: 'Community college',
  universityundergraduate: 'University undergraduate',
  graduatestudent: 'Graduate student',
};

/** Experience levels (spec §3 "Enumerations", codes as in §3 "Courseware metrics"). */
export const EXPERIENCE_LEVELS = ['beginner', 'beginnerplus', 'intermediate', 'intermediateplus', 'advanced'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  beginner: 'Beginner',
  beginnerplus: 'Beginner plus',
  intermediate: 'Intermediate',
  intermediateplus: 'Intermediate plus',
  advanced: 'Advanced',
};

/**
 * The known "other tags" (spec §3 Content): tags that are neither a category nor a
 * level, each with its own icon on the detail page (spec §2.6).
 */
export const OTHER_TAGS = ['homework', 'lab', 'uncurated', 'exams', 'quizzes'] as const;
export type OtherTag = (typeof OTHER_TAGS)[number];

/** Knowledge item types (spec §3 Knowledge). */
export const KNOWLEDGE_TYPES = ['KSA', 'KU', 'TKS'] as const;
export type KnowledgeType = (typeof KNOWLEDGE_TYPES)[number];
export const KNOWLEDGE_TYPE_LABELS: Record<KnowledgeType, string> = {
  TKS: 'TKS statements',
  KSA: 'KSA statements',
  KU: 'Knowledge units',
};

/**
 * Kind of a NICE statement: the first letter of its id (K, S, A, T). Knowledge units
 * have no statement kind.
 */
export const STATEMENT_KINDS = ['task', 'knowledge', 'skill', 'ability'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** Labels of last-curated dates (spec §3 Content `lastCuratedTimestamps`). */
export const CURATED_LABELS = ['courseware', 'environment'] as const;
export type CuratedLabel = (typeof CURATED_LABELS)[number];

/** File visibility (spec §3 File). */
export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/** File status (spec §4 "File bundle": a bundle is polled until Ready). */
export const FILE_STATUSES = ['Pending', 'Ready', 'Failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** What a file belongs to (spec §3 File `metadata.type`). */
export const FILE_OWNER_TYPES = ['Portrait', 'Content', 'Page'] as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[number];

/**
 * Client groups (spec §7), one Lambda each. `meta` serves the API's own
 * description (OpenAPI document); decision record 003. `html` answers the first
 * HTML of the public pages with their main content (issue 22 item 2; decision
 * record 038). `library` serves a signed-in user's own library (issue 26; decision
 * record 072).
 */
export const CLIENT_GROUPS = [
  'authentication',
  'entitlement',
  'organization',
  'user',
  'content',
  'page',
  'search',
  'statistics',
  'business-unit',
  'file',
  'newsletter',
  'product-subscription',
  'lesson',
  'meta',
  'html',
  'library',
] as const;
export type ClientGroup = (typeof CLIENT_GROUPS)[number];
