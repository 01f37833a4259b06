import { CreatedId } from '../contracts/content.ts';
import {
  CreateLessonRequest,
  DeletedLesson,
  Lesson,
  LessonList,
  LessonPath,
  ListLessonsQuery,
  UpdateLessonRequest,
} from '../contracts/lesson.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `lesson` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const LESSON_ROUTES = [
  {
    operationId: 'listLessons',
    method: 'GET',
    path: '/api/v1/lessons',
    group: 'lesson',
    access: 'listLessons',
    summary:
      'List the lessons of a content item in index order (spec §3 Lesson, §6 "List lessons", §7; decision record 021).',
    request: { query: ListLessonsQuery },
    response: LessonList,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getLesson',
    method: 'GET',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'listLessons',
    summary: 'Get one lesson by id with its artifacts and pages (spec §7 "then get each by id"; decision record 021).',
    request: { path: LessonPath },
    response: Lesson,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'createLesson',
    method: 'POST',
    path: '/api/v1/lessons',
    idempotent: true,
    group: 'lesson',
    access: 'updateContent',
    summary:
      'Create a lesson of a content item; new artifact uploads are checked and attached in the same write (spec §3 Lesson; decision record 021).',
    request: { body: CreateLessonRequest },
    response: CreatedId,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'updateLesson',
    method: 'PUT',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'updateContent',
    summary:
      'Replace a lesson; `version` must be the one last read, else 409; artifacts left out are deleted after the write (decision record 021).',
    request: { path: LessonPath, body: UpdateLessonRequest },
    response: Lesson,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'deleteLesson',
    method: 'DELETE',
    path: '/api/v1/lessons/{id}',
    group: 'lesson',
    access: 'updateContent',
    summary: 'Delete a lesson and its artifact files (decision record 021).',
    request: { path: LessonPath },
    response: DeletedLesson,
    errorStatuses: [401, 403, 404],
  },
] as const satisfies readonly GroupRouteDefinition<'lesson'>[];
