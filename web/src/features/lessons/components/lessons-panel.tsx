import { Alert, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { PlusIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { can } from '#shared/capabilities';
import type { Lesson } from '#shared/contracts/lesson';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useLessons } from '../api/list-lessons.ts';
import { DeleteLessonDialog } from './delete-lesson-dialog.tsx';
import { LessonFormDialog } from './lesson-form.tsx';
import { type ArtifactActionComponent, LessonItem } from './lesson-item.tsx';

// The lesson stays put while the dialog closes, so its exit animation still shows it.
type Editing = { lesson: Lesson | null; open: boolean };

/**
 * The lessons of a content item on its page (spec §2.6 "Files and lesson artifacts",
 * §3 Lesson). Shown only to readers with the list-lessons capability (spec §6: it
 * controls whether lessons load); to anyone else it renders nothing and asks nothing.
 * File names are fetched for editors and readers who may view lesson files; others
 * see the artifact types. With `canEdit`: Add lesson, and Edit and Delete per lesson.
 * `FileAction`, given by the route, is the download button of each artifact.
 */
export function LessonsPanel({
  contentId,
  canEdit,
  FileAction,
}: {
  contentId: string;
  canEdit: boolean;
  FileAction?: ArtifactActionComponent | undefined;
}) {
  const { principal } = useSession();
  const mayList = can(principal, 'listLessons');
  const showNames = canEdit || can(principal, 'viewLessonFiles');
  const query = useLessons({ contentId, enabled: mayList });
  const [editing, setEditing] = useState<Editing>({ lesson: null, open: false });
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  if (!mayList) return null;

  return (
    <Box as="section" aria-labelledby="lessons-heading">
      <HStack justify="space-between" mb="3" wrap="wrap" gap="2">
        <Heading as="h2" id="lessons-heading" size="lg">
          Lessons
        </Heading>
        {canEdit ? (
          <Button size="sm" colorPalette="brand" onClick={() => setEditing({ lesson: null, open: true })}>
            <PlusIcon aria-hidden="true" />
            Add lesson
          </Button>
        ) : null}
      </HStack>
      {query.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading lessons">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </Stack>
      ) : query.isError ? (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The lessons could not be loaded.</Alert.Title>
          </Alert.Content>
          <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RotateCwIcon aria-hidden="true" />
            Retry
          </Button>
        </Alert.Root>
      ) : query.data.length === 0 ? (
        <Text color="fg.muted">No lessons yet.</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-labelledby="lessons-heading">
          {query.data.map((lesson) => (
            <LessonItem
              key={lesson.id}
              lesson={lesson}
              showNames={showNames}
              FileAction={FileAction}
              onEdit={canEdit ? () => setEditing({ lesson, open: true }) : undefined}
              onDelete={canEdit ? () => setDeleting(lesson) : undefined}
            />
          ))}
        </Stack>
      )}
      {canEdit ? (
        <>
          <LessonFormDialog
            contentId={contentId}
            lesson={editing.lesson}
            open={editing.open}
            onClose={() => setEditing((current) => ({ ...current, open: false }))}
          />
          <DeleteLessonDialog lesson={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </Box>
  );
}
