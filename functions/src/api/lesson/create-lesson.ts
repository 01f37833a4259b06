import * as lessons from '../../services/lessons.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/lessons` (spec §3 Lesson; decision record 021): creates a lesson of a
 * content item the caller may see (404 otherwise; 409 when it is archived), at the
 * index asked for or after the last lesson, at most
 * `LESSON_LIMITS.lessonsPerContent` per content item (400 at `body.contentId`). Its
 * new artifact uploads are attached in the same transaction; on any failure they are
 * deleted. Answers 201 `{ id }`.
 */
export const createLesson = defineRoute('createLesson', ({ body, caller }) => lessons.createLesson(body, caller));
