import { detachFileStep, discardFiles, getFilesByIds } from '../../data/files.ts';
import { deleteLesson as deleteLessonItem, runFileSteps, TRANSACTION_MAX_ITEMS } from '../../data/lessons.ts';
import { bucketOf } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';
import { assertWritable, visibleLesson } from './lesson-access.ts';
import { artifactFileIds } from './lesson-rules.ts';

/**
 * `DELETE /api/v1/lessons/{id}` (decision record 021): deletes the lesson and detaches
 * its artifact files in the same transaction (the first 99; any beyond right after),
 * then deletes the files and their objects. Detached files carry a TTL, so a failed
 * delete of one is finished by the TTL and the upload sweeper. 404 for a lesson of
 * content the caller may not see; 409 on archived content. Answers `{ id, contentId }`.
 */
export const deleteLesson = defineRoute('deleteLesson', async ({ path, caller }) => {
  const { lesson, content } = await visibleLesson(path.id, caller);
  assertWritable(content);
  const files = (await getFilesByIds(artifactFileIds(lesson))).filter((file) => file.metadata.id === lesson.id);
  const now = new Date();
  const steps = files.map((file) => detachFileStep(file.id, lesson.id, now));
  await deleteLessonItem(lesson.id, steps.slice(0, TRANSACTION_MAX_ITEMS - 1));
  await runFileSteps(steps.slice(TRANSACTION_MAX_ITEMS - 1));
  await discardFiles(files, bucketOf);
  return { id: lesson.id, contentId: lesson.contentId };
});
