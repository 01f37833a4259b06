import { Alert, Button, Dialog, Portal } from '@chakra-ui/react';
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
    <Dialog.Root
      open={lesson !== null}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={!pending}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete lesson?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              <Dialog.Description>
                “{lesson?.name}” and its artifact files will be deleted. This cannot be undone.
              </Dialog.Description>
              {message ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{message}</Alert.Title>
                </Alert.Root>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={pending}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
