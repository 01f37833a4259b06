import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Heading,
  List,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RevisionDiff, RevisionSummary } from '#shared/contracts/content-draft';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import {
  getContentDraft,
  restoreContentRevision,
  useContentRevisions,
  useRevisionDiff,
} from '../../api/content-drafts.ts';

/** A revision's moment as the editor reads it (local date and time). */
function when(revision: RevisionSummary): string {
  return new Date(revision.publishedTimestamp).toLocaleString();
}

/** The two revisions chosen for comparison, older first (by publish time). */
function ordered(chosen: readonly RevisionSummary[]): [string, string] | null {
  if (chosen.length !== 2) return null;
  const [a, b] = [...chosen].sort((x, y) => x.publishedTimestamp.localeCompare(y.publishedTimestamp));
  return a && b ? [a.id, b.id] : null;
}

/**
 * The revisions of a content item (issue 25 item 3; decision record 065) in a dialog:
 * newest first (who, when, the note), a page at a time; ticking two shows their diff
 * ({@link DiffView}); "Restore as draft" (confirmed) makes a revision the item's
 * draft — replacing a draft that exists, which the confirmation says — and hands over
 * to the editor (`onRestored`). Loading, empty and error states.
 */
export function RevisionsDialog({
  contentId,
  open,
  onClose,
  onRestored,
}: {
  contentId: string;
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const queryClient = useQueryClient();
  const revisions = useContentRevisions(contentId, open);
  const [chosen, setChosen] = useState<RevisionSummary[]>([]);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pair = ordered(chosen);
  const diff = useRevisionDiff(contentId, pair?.[0] ?? null, pair?.[1] ?? null);
  const items = revisions.data?.pages.flatMap((page) => page.items) ?? [];

  const restore = useMutation({
    meta: { handledStatuses: [404, 409] },
    mutationFn: async (revision: RevisionSummary) => {
      const existing = await getContentDraft(contentId);
      return restoreContentRevision(contentId, revision.id, existing?.draftVersion);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['content', 'draft', contentId] });
      setRestoring(null);
      announce('The revision is now the draft.');
      onRestored();
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.message : 'The revision could not be restored.'),
  });

  const toggle = (revision: RevisionSummary, on: boolean) =>
    setChosen((current) =>
      on
        ? [...current.filter((item) => item.id !== revision.id), revision].slice(-2)
        : current.filter((item) => item.id !== revision.id),
    );

  return (
    <Dialog.Root
      open={open}
      size="xl"
      scrollBehavior="inside"
      onOpenChange={(details) => (details.open ? null : onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Revisions</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="5">
              <Dialog.Description>
                Each publish stores a revision. Tick two to compare them; restore one to continue from it as a draft.
              </Dialog.Description>
              {revisions.isPending ? (
                <Stack role="status" aria-label="Loading revisions" gap="2">
                  <Skeleton height="8" />
                  <Skeleton height="8" />
                </Stack>
              ) : revisions.isError ? (
                <LoadError title="The revisions could not be loaded." onRetry={() => revisions.refetch()} />
              ) : items.length === 0 ? (
                <Text>No revisions yet: one is stored each time this item is published.</Text>
              ) : (
                <Table.Root size="sm">
                  <Table.Caption srOnly>Revisions, newest first</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Compare</Table.ColumnHeader>
                      <Table.ColumnHeader>Published</Table.ColumnHeader>
                      <Table.ColumnHeader>By</Table.ColumnHeader>
                      <Table.ColumnHeader>Note</Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Box srOnly>Actions</Box>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {items.map((revision) => (
                      <Table.Row key={revision.id}>
                        <Table.Cell>
                          <Checkbox.Root
                            checked={chosen.some((item) => item.id === revision.id)}
                            onCheckedChange={(details) => toggle(revision, details.checked === true)}
                          >
                            <Checkbox.HiddenInput aria-label={`Compare the revision of ${when(revision)}`} />
                            <Checkbox.Control />
                          </Checkbox.Root>
                        </Table.Cell>
                        <Table.Cell>{when(revision)}</Table.Cell>
                        <Table.Cell>{revision.publishedBy.name}</Table.Cell>
                        <Table.Cell>{revision.note ?? '—'}</Table.Cell>
                        <Table.Cell>
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => {
                              setError(null);
                              setRestoring(revision);
                            }}
                          >
                            Restore as draft
                            <Box srOnly>{`: the revision of ${when(revision)}`}</Box>
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
              {revisions.hasNextPage ? (
                <Button
                  size="sm"
                  variant="outline"
                  alignSelf="start"
                  loading={revisions.isFetchingNextPage}
                  onClick={() => void revisions.fetchNextPage()}
                >
                  Load older revisions
                </Button>
              ) : null}
              {pair ? (
                <Box as="section" aria-labelledby="revision-diff-heading">
                  <Heading as="h3" id="revision-diff-heading" size="md" mb="3">
                    Changes between the two revisions
                  </Heading>
                  {diff.isPending ? (
                    <Skeleton height="24" role="status" aria-label="Loading the changes" />
                  ) : diff.isError ? (
                    <LoadError title="The changes could not be loaded." onRetry={() => diff.refetch()} />
                  ) : (
                    <DiffView diff={diff.data} />
                  )}
                </Box>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close revisions" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this revision as the draft"
        description={`The revision of ${restoring ? when(restoring) : ''} becomes the item's draft, replacing any draft it has now. Visitors keep seeing the published version until you publish.`}
        confirmLabel="Restore as draft"
        pending={restore.isPending}
        error={error}
        onConfirm={() => (restoring ? restore.mutate(restoring) : undefined)}
        onClose={() => setRestoring(null)}
      />
    </Dialog.Root>
  );
}

/**
 * A readable diff of two revisions (issue 25 item 3): the description's text with
 * added words marked as insertions and removed words as deletions (`<ins>`/`<del>`,
 * which screen readers announce and which are underlined and struck through, not
 * colour alone), then changed fields (before → after) and added/removed list members.
 */
export function DiffView({ diff }: { diff: RevisionDiff }) {
  const lists = Object.entries(diff.lists);
  const descriptionChanged = diff.description.some((part) => part.kind !== 'same');
  if (!descriptionChanged && diff.fields.length === 0 && lists.length === 0) {
    return <Text>No differences.</Text>;
  }
  return (
    <Stack gap="5">
      {descriptionChanged ? (
        <Box>
          <Heading as="h4" size="sm" mb="2">
            Description
          </Heading>
          <Text whiteSpace="pre-wrap" lineHeight="tall">
            {diff.description.map((part, index) =>
              part.kind === 'added' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their order
                <Box as="ins" key={index} bg="green.subtle" textDecoration="underline">
                  {part.text}
                </Box>
              ) : part.kind === 'removed' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their order
                <Box as="del" key={index} bg="red.subtle" textDecoration="line-through">
                  {part.text}
                </Box>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their order
                <span key={index}>{part.text}</span>
              ),
            )}
          </Text>
        </Box>
      ) : null}
      {diff.fields.length > 0 ? (
        <Table.Root size="sm">
          <Table.Caption>Changed fields</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Field</Table.ColumnHeader>
              <Table.ColumnHeader>Before</Table.ColumnHeader>
              <Table.ColumnHeader>After</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {diff.fields.map((field) => (
              <Table.Row key={field.field}>
                <Table.Cell>{field.field}</Table.Cell>
                <Table.Cell>{field.before || '—'}</Table.Cell>
                <Table.Cell>{field.after || '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {lists.map(([name, change]) => (
        <Box key={name}>
          <Heading as="h4" size="sm" mb="2">
            {name}
          </Heading>
          <List.Root ps="5" gap="1">
            {change.added.map((item) => (
              <List.Item key={`added-${item}`}>Added: {item}</List.Item>
            ))}
            {change.removed.map((item) => (
              <List.Item key={`removed-${item}`}>Removed: {item}</List.Item>
            ))}
          </List.Root>
        </Box>
      ))}
    </Stack>
  );
}
