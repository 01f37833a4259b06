import { Badge, Box, Button, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SavedSearch } from '#shared/contracts/saved-search';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { useSavedSearches } from '../api/list-saved-searches.ts';
import { useMarkSavedSearchSeen } from '../api/mark-saved-search-seen.ts';
import { useUpdateSavedSearch } from '../api/update-saved-search.ts';
import { SavedSearchNameDialog } from './saved-search-name-dialog.tsx';

/** "3 new items", "No new items", "100+ new items". */
export function newItemsText(search: Pick<SavedSearch, 'newMatches' | 'newMatchesCapped'>): string {
  if (search.newMatches === 0) return 'No new items';
  const count = `${search.newMatches}${search.newMatchesCapped ? '+' : ''}`;
  return `${count} new ${search.newMatches === 1 && !search.newMatchesCapped ? 'item' : 'items'}`;
}

type Pending = { kind: 'rename' | 'delete'; search: SavedSearch } | null;

/**
 * The Saved searches screen (issue 24 item 8): each of the reader's saved searches with
 * its count of new items, Open (its results address), Rename, Mark seen, the weekly
 * e-mail on or off, and Delete after a confirmation.
 */
export function SavedSearchesScreen() {
  const list = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const markSeen = useMarkSavedSearchSeen();
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  if (list.isPending) return <Text>Loading your saved searches…</Text>;
  if (list.isError)
    return <LoadError title="Your saved searches could not be loaded." onRetry={() => list.refetch()} />;
  const items = list.data.items;

  const act = async (action: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await action();
      setStatus(done);
    } catch (error) {
      if (error instanceof ApiError) setProblem(error.message);
      else throw error;
    }
  };

  return (
    <Stack gap="4">
      <Text role="status" textStyle="sm" color="fg.muted">
        {status}
      </Text>
      {problem ? (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      ) : null}
      {items.length === 0 ? (
        <Text>
          You have no saved searches yet. Search the courseware and choose “Save this search” to keep a search here.
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Saved searches">
          {items.map((search) => (
            <Box as="li" key={search.id} borderWidth="1px" borderRadius="md" p="4">
              <Stack gap="3">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Heading as="h2" size="md">
                    {search.name}
                  </Heading>
                  <Badge colorPalette={search.newMatches > 0 ? 'red' : 'gray'} variant="subtle">
                    {newItemsText(search)}
                  </Badge>
                </HStack>
                <HStack gap="2" wrap="wrap">
                  <LinkButton
                    to={search.address}
                    aria-label={`Open ${search.name}`}
                    variant="solid"
                    colorPalette="brand"
                    size="sm"
                  >
                    Open
                  </LinkButton>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={search.newMatches === 0}
                    aria-label={`Mark seen ${search.name}`}
                    onClick={() =>
                      void act(() => markSeen.mutateAsync({ id: search.id }), `“${search.name}” marked seen.`)
                    }
                  >
                    Mark seen
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Rename ${search.name}`}
                    onClick={() => setPending({ kind: 'rename', search })}
                  >
                    Rename
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete ${search.name}`}
                    onClick={() => {
                      setProblem(null);
                      setPending({ kind: 'delete', search });
                    }}
                  >
                    Delete
                  </Button>
                </HStack>
                <Checkbox.Root
                  checked={search.alerts}
                  disabled={update.isPending}
                  onCheckedChange={(details) =>
                    void act(
                      () => update.mutateAsync({ id: search.id, alerts: details.checked === true }),
                      details.checked === true
                        ? `Weekly e-mail on for “${search.name}”.`
                        : `Weekly e-mail off for “${search.name}”.`,
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Weekly e-mail of new items for “{search.name}”</Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {pending?.kind === 'rename' ? (
        <SavedSearchNameDialog
          open
          title="Rename the saved search"
          description="Fields marked with an asterisk (*) are required."
          submitLabel="Rename"
          initialName={pending.search.name}
          askAlerts={false}
          onSubmit={async ({ name }) => {
            await update.mutateAsync({ id: pending.search.id, name });
            setPending(null);
            setStatus(`Renamed to “${name}”.`);
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        title="Delete the saved search?"
        description={
          pending?.kind === 'delete'
            ? `“${pending.search.name}” is deleted, with its weekly e-mail. The courseware is not affected.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        error={problem}
        onConfirm={() => {
          if (pending?.kind !== 'delete') return;
          const { search } = pending;
          void act(async () => {
            await remove.mutateAsync({ id: search.id });
            setPending(null);
          }, `“${search.name}” deleted.`);
        }}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
