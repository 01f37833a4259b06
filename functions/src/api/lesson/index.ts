import { LESSON_ROUTES } from '#shared/routes/lesson';
import { createGroupHandler } from '../../lib/group.ts';
import { createLesson } from './create-lesson.ts';
import { deleteLesson } from './delete-lesson.ts';
import { getLesson } from './get-lesson.ts';
import { listLessons } from './list-lessons.ts';
import { updateLesson } from './update-lesson.ts';

/** Lambda entry of the `lesson` client group (spec §7 "Lessons and search"; decision record 021). */
export const handler = createGroupHandler(LESSON_ROUTES, {
  listLessons,
  getLesson,
  createLesson,
  updateLesson,
  deleteLesson,
});
