import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteLesson } from '../api/delete-lesson.ts';

/**
 * The confirmation before a lesson is deleted (role alertdialog): the lesson and its
 * artifact files go for good. A failure shows in the dialog, which stays open.
 */
export function DeleteLessonDialog({
  lesson,
  onClose,
}: {
  lesson: { id: string; contentId: string; name: string } | null;
  onClose: () => void;
}) {
  const mutation = useDeleteLesson();
  const pending = mutation.isPending;
  const close = () => {
    if (pending) return;
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (!lesson) return;
    mutation.mutate(
      { id: lesson.id, contentId: lesson.contentId },
      {
        onSuccess: () => {
          announce(`Lesson ${lesson.name} deleted.`);
          mutation.reset();
          onClose();
        },
      },
    );
  };
  const error = mutation.error;
  const message = error ? (error instanceof ApiError ? error.message : 'The lesson was not deleted.') : null;
  return (
    <ConfirmDialog
      open={lesson !== null}
      title="Delete lesson?"
      description={`“${lesson?.name ?? ''}” and its artifact files will be deleted. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      pending={pending}
      error={message}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
