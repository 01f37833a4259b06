import * as lessons from '../../services/lessons.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/lessons/{id}` (decision record 021): deletes the lesson and detaches
 * its artifact files in the same transaction (the first 99; any beyond right after),
 * then deletes the files and their objects. Detached files carry a TTL, so a failed
 * delete of one is finished by the TTL and the upload sweeper. 404 for a lesson of
 * content the caller may not see; 409 on archived content. Answers `{ id, contentId }`.
 */
export const deleteLesson = defineRoute('deleteLesson', ({ path, caller }) => lessons.deleteLesson(path.id, caller));
