import { Alert, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  CONTENT_BULK_ACTION_LABELS,
  type ContentBulkAction,
  type ContentBulkActionResponse,
} from '#shared/contracts/content-bulk';
import { AcknowledgedDeleteDialog } from '../../../components/ui/acknowledged-delete-dialog.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRunContentBulkAction } from '../api/run-content-bulk-action.ts';

/** A selected row as the bulk actions need it: id, the version read, and its title for the summary. */
export interface SelectedContent {
  readonly id: string;
  readonly version: number;
  readonly title: string;
}

/** Past-tense words of the summary ("2 archived"). */
const DONE_WORDS: Record<ContentBulkAction, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  archive: 'archived',
  restore: 'restored',
  delete: 'deleted',
};

/** The actions that ask first (issue 25 item 8: "a confirmation before destroying"). */
const CONFIRMED: readonly ContentBulkAction[] = ['archive', 'delete'];

const plural = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The bulk toolbar of Courseware Info (issue 25 item 8; decision record 069): "n
 * selected" (announced), one button per action in `actions` (disabled while nothing is
 * selected or a request runs), a confirmation before Archive and Delete (Delete with the
 * ticked acknowledgement of spec §5), then a summary of what happened — how many were
 * done and, for each failure, the item's title and the server's reason. `onDone` gets
 * the ids that were done, so the table can drop them from the selection.
 */
export function ContentBulkActions({
  selected,
  actions,
  onDone,
}: {
  selected: readonly SelectedContent[];
  actions: readonly ContentBulkAction[];
  onDone: (ids: readonly string[]) => void;
}) {
  const mutation = useRunContentBulkAction();
  const [confirming, setConfirming] = useState<ContentBulkAction | null>(null);
  const [summary, setSummary] = useState<{ answer: ContentBulkActionResponse; titles: Map<string, string> } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);

  const run = (action: ContentBulkAction) => {
    const titles = new Map(selected.map((item) => [item.id, item.title]));
    setProblem(null);
    mutation.mutate(
      { action, items: selected.map(({ id, version }) => ({ id, version })) },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          setSummary({ answer, titles });
          onDone(answer.results.filter((result) => result.outcome === 'done').map((result) => result.id));
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : 'The action could not be done.';
          if (confirming) setProblem(message);
          else {
            setSummary(null);
            setProblem(message);
          }
        },
      },
    );
  };

  const count = selected.length;
  const failures = summary?.answer.results.filter((result) => result.outcome === 'failed') ?? [];
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap" role="toolbar" aria-label="Bulk actions">
        <Text aria-live="polite" minW="6rem">
          {count} selected
        </Text>
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant="outline"
            colorPalette={action === 'delete' ? 'red' : undefined}
            disabled={count === 0 || mutation.isPending}
            onClick={() => (CONFIRMED.includes(action) ? setConfirming(action) : run(action))}
          >
            {CONTENT_BULK_ACTION_LABELS[action]}
          </Button>
        ))}
      </HStack>
      {problem && !confirming ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
      {summary ? (
        <Alert.Root status={failures.length > 0 ? 'warning' : 'success'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {`${summary.answer.done} ${DONE_WORDS[summary.answer.action]}, ${summary.answer.failed} failed`}
            </Alert.Title>
            {failures.length > 0 ? (
              <Alert.Description>
                <List.Root>
                  {failures.map((failure) => (
                    <List.Item key={failure.id}>
                      {`${summary.titles.get(failure.id) ?? failure.id}: ${failure.outcome === 'failed' ? failure.reason : ''}`}
                    </List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <ConfirmDialog
        open={confirming === 'archive'}
        title={`Archive ${plural(count)}?`}
        description={`${plural(count)} will be archived: visitors no longer see them, and they can be restored from Archived Courseware Info.`}
        confirmLabel="Archive"
        destructive
        pending={mutation.isPending}
        error={problem}
        onConfirm={() => run('archive')}
        onClose={() => {
          setConfirming(null);
          setProblem(null);
        }}
      />
      <AcknowledgedDeleteDialog
        open={confirming === 'delete'}
        title={`Delete ${plural(count)}?`}
        name={plural(count)}
        description={`${plural(count)} will be deleted for good, with their files. Items with children or lessons are not deleted. This cannot be undone.`}
        acknowledgement={`I understand that ${plural(count)} will be deleted for good.`}
        requiredMessage="Tick the box to confirm the deletion."
        pending={mutation.isPending}
        error={problem}
        onConfirm={() => run('delete')}
        onClose={() => {
          setConfirming(null);
          setProblem(null);
        }}
      />
    </Stack>
  );
}
