import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lesson, type UpdateLessonRequest } from '#shared/contracts/lesson';
import { apiPut } from '../../../lib/api-client.ts';
import { lessonsQueryKey } from './list-lessons.ts';
import { lessonsApiUrl } from './paths.ts';

/**
 * Replaces a lesson (`PUT /api/v1/lessons/{id}`): every field and the `version` last
 * read. Answers the saved `Lesson`. Throws `ApiError`: 400 with field messages, 409
 * `LESSON_STALE_MESSAGE` when someone saved it meanwhile.
 */
export function updateLesson({ id, body }: { id: string; body: UpdateLessonRequest }) {
  return apiPut(lessonsApiUrl('updateLesson', { id }), body, Lesson);
}

/** The PUT as a mutation that marks the lessons of the content item stale; a 400 or 409 is the form's to show. */
export function useUpdateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLesson,
    meta: { handledStatuses: [400, 409] },
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: lessonsQueryKey(saved.contentId) }),
  });
}
