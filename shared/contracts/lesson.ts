import * as z from 'zod';
import { LIMITS } from '../limits.ts';
import { EntityId, limitParam, PageToken, pageOf } from './common.ts';

/**
 * Lessons of a content item and their artifacts (spec §3 Lesson: alternateId, urls
 * (fileId, type), pages (id, urls); "Lists are filtered by contentId"; §6 "List
 * lessons", "View lesson files"; §7 "List lessons by contentId, then get each by id";
 * decision record 021). A lesson belongs to one content item; its artifacts are
 * private files (upload kind `content`, owner the content item) named by id.
 */

/** What an artifact is to the lesson (decision record 021; the spec names the field `type` only). */
export const LESSON_ARTIFACT_TYPES = ['slides', 'lesson-plan', 'handout', 'worksheet', 'answer-key', 'other'] as const;
export type LessonArtifactType = (typeof LESSON_ARTIFACT_TYPES)[number];
/** Labels of {@link LESSON_ARTIFACT_TYPES} for the SPA. */
export const LESSON_ARTIFACT_TYPE_LABELS: Record<LessonArtifactType, string> = {
  slides: 'Slides',
  'lesson-plan': 'Lesson plan',
  handout: 'Handout',
  worksheet: 'Worksheet',
  'answer-key': 'Answer key',
  other: 'Other',
};

/** One artifact: a file of the lesson (or of one of its pages) and what it is. */
export const LessonUrl = z.object({ fileId: EntityId, type: z.enum(LESSON_ARTIFACT_TYPES) }).meta({ id: 'LessonUrl' });
export type LessonUrl = z.infer<typeof LessonUrl>;

/** A page of a lesson (e.g. one class period) with its own artifacts. */
export const LessonPage = z
  .object({ id: EntityId, name: z.string(), urls: z.array(LessonUrl) })
  .meta({ id: 'LessonPage' });
export type LessonPage = z.infer<typeof LessonPage>;

/**
 * A lesson as stored and served. `alternateId` is the lesson's id elsewhere (e.g. in
 * the exercise area), `index` its place among the content's lessons.
 */
export const Lesson = z
  .object({
    id: EntityId,
    contentId: EntityId,
    alternateId: z.string().nullable(),
    name: z.string(),
    index: z.number().int().min(0),
    urls: z.array(LessonUrl),
    pages: z.array(LessonPage),
    createdTimestamp: z.iso.datetime(),
    modifiedTimestamp: z.iso.datetime(),
    version: z.number().int().min(1),
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof Lesson>;

/** Most artifacts per lesson or page, pages per lesson, and lessons per content item. */
export const LESSON_LIMITS = { urls: 50, pages: 50, lessonsPerContent: 100 } as const;

/** Message of the 404 for an unknown lesson (or one of content the caller cannot see). */
export const LESSON_NOT_FOUND_MESSAGE = 'Lesson does not exist.';
/** Message of the 409 for a lesson save based on an older `version`. */
export const LESSON_STALE_MESSAGE = 'Lesson was changed by someone else. Reload to see the changes.';
/** Message of the 409 for a lesson write on archived content (decision record 015: archived is read-only). */
export const LESSON_ARCHIVED_MESSAGE = 'Archived content cannot be edited. Restore it first.';
/** Field message (at `body.contentId`) when the content item already has {@link LESSON_LIMITS}.lessonsPerContent lessons. */
export const LESSON_LIMIT_MESSAGE = `A content item has at most ${LESSON_LIMITS.lessonsPerContent} lessons.`;
/**
 * Field message (at `body.urls.N.fileId` / `body.pages.N.urls.M.fileId`) for a file
 * that is neither an artifact of this lesson nor a Ready, unattached content upload
 * of the caller's.
 */
export const LESSON_FILE_NOT_ALLOWED_MESSAGE =
  'Is not a file of this lesson or a completed upload of yours. Upload the file again.';
/** Field message (at `body.pages.N.id`) for a page id the lesson does not have, or one given twice. */
export const LESSON_PAGE_UNKNOWN_MESSAGE = 'Is not a page of this lesson.';

const name = z
  .string({ error: 'Is required.' })
  .trim()
  .min(1, 'Is required.')
  .max(LIMITS.childNameMaxChars, `Must be at most ${LIMITS.childNameMaxChars} characters.`);

/** A page as an editor sends it: a new one has no id yet. */
export const LessonPageInput = z.object({
  id: EntityId.optional(),
  name,
  urls: z.array(LessonUrl).max(LESSON_LIMITS.urls),
});

/**
 * The editable fields of a lesson. Every `fileId` must name a Ready private file of
 * the lesson's content item, or a new upload of it whose bytes are in S3 (the save
 * checks and attaches it, as the content save does). Files the save leaves out are
 * deleted after it commits.
 */
export const LessonFields = z.object({
  alternateId: z.string().trim().max(200, 'Must be at most 200 characters.').nullable().optional(),
  name,
  urls: z.array(LessonUrl).max(LESSON_LIMITS.urls).default([]),
  pages: z.array(LessonPageInput).max(LESSON_LIMITS.pages).default([]),
});

/** `GET /api/v1/lessons?contentId=` query (spec §7 "List lessons by contentId"). */
export const ListLessonsQuery = z.object({
  contentId: EntityId,
  limit: limitParam(LESSON_LIMITS.lessonsPerContent, LESSON_LIMITS.lessonsPerContent),
  pageToken: PageToken.optional(),
});
export type ListLessonsQuery = z.infer<typeof ListLessonsQuery>;

/** A page of lessons in index order. */
export const LessonList = pageOf(Lesson).meta({ id: 'LessonList' });
export type LessonList = z.infer<typeof LessonList>;

/** `/api/v1/lessons/{id}` path. */
export const LessonPath = z.object({ id: EntityId });

/** `POST /api/v1/lessons` body: the content item, the fields, and the place (default last). Answers 201 `{ id }`. */
export const CreateLessonRequest = LessonFields.extend({
  contentId: EntityId,
  index: z.number().int().min(0).max(999_999).optional(),
}).meta({ id: 'CreateLessonRequest' });
export type CreateLessonRequest = z.input<typeof CreateLessonRequest>;

/** `PUT /api/v1/lessons/{id}` body: every field, the place, and the `version` last read (stale → 409). */
export const UpdateLessonRequest = LessonFields.extend({
  index: z.number().int().min(0).max(999_999).optional(),
  version: z.number({ error: 'Is required.' }).int().min(1),
}).meta({ id: 'UpdateLessonRequest' });
export type UpdateLessonRequest = z.input<typeof UpdateLessonRequest>;

/** `DELETE /api/v1/lessons/{id}` answer. */
export const DeletedLesson = z.object({ id: EntityId, contentId: EntityId }).meta({ id: 'DeletedLesson' });
export type DeletedLesson = z.infer<typeof DeletedLesson>;
