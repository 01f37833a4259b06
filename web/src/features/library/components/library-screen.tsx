import { Badge, Box, Button, Heading, HStack, Link, Progress, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link as ReactRouterLink, useSearchParams } from 'react-router-dom';
import type { DownloadHistoryEntry, LibraryItem, LibraryItemState } from '#shared/contracts/library';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contentPath } from '../../../lib/content-path.ts';
import { saveCsvFile } from '../../../lib/csv.ts';
import { formatDateTime, formatDay } from '../../../lib/date-time.ts';
import { truncate } from '../../../lib/text.ts';
import { allDownloads, useDownloadHistory, useLibrary, useSetSaved } from '../api/library.ts';
import { downloadHistoryCsv, downloadHistoryFileName, LIBRARY_STATE_LABELS } from '../utils/download-history-csv.ts';

/** Characters of a saved item's summary the list shows (cut at a word, with an ellipsis). */
const SUMMARY_MAX_CHARS = 200;

/** The tabs of the screen, as the address's `tab` parameter names them. */
const TABS = ['saved', 'collections', 'downloads'] as const;
type LibraryTab = (typeof TABS)[number];
const isLibraryTab = (value: string | null): value is LibraryTab => TABS.some((tab) => tab === value);

/** The colour of each state's badge (available items show none). */
const STATE_PALETTES: Readonly<Record<LibraryItemState, string>> = {
  available: 'green',
  archived: 'orange',
  unavailable: 'gray',
  removed: 'red',
};

/**
 * My library (issue 26 item 1; decision record 072): the signed-in reader's saved items,
 * their collections (issue 26 item 2: `collections`, composed by the route, since the
 * collections feature is another feature) and the history of their downloads, each a
 * tab (the address's `?tab=` keeps which).
 */
export function LibraryScreen({ collections }: { collections?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: LibraryTab = isLibraryTab(asked) && (asked !== 'collections' || collections) ? asked : 'saved';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => {
        const next = new URLSearchParams(params);
        if (details.value === 'saved') next.delete('tab');
        else next.set('tab', details.value);
        setParams(next, { replace: true });
      }}
      lazyMount
    >
      <Tabs.List>
        <Tabs.Trigger value="saved">Saved items</Tabs.Trigger>
        {collections ? <Tabs.Trigger value="collections">Collections</Tabs.Trigger> : null}
        <Tabs.Trigger value="downloads">Download history</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="saved">
        <SavedItems />
      </Tabs.Content>
      {collections ? <Tabs.Content value="collections">{collections}</Tabs.Content> : null}
      <Tabs.Content value="downloads">
        <DownloadHistory />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function StateBadge({ state }: { state: LibraryItemState }) {
  if (state === 'available') return null;
  return (
    <Badge colorPalette={STATE_PALETTES[state]} variant="subtle">
      {LIBRARY_STATE_LABELS[state]}
    </Badge>
  );
}

/** The reader's saved items, most recently saved first, each with Remove (after a confirmation). */
function SavedItems() {
  const library = useLibrary();
  const setSaved = useSetSaved();
  const [removing, setRemoving] = useState<LibraryItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (library.isPending) return <Text>Loading your saved items…</Text>;
  if (library.isError)
    return <LoadError title="Your saved items could not be loaded." onRetry={() => library.refetch()} />;
  const items = library.data.pages.flatMap((page) => page.items);

  return (
    <Stack gap="4">
      {items.length === 0 ? (
        <Text>Nothing saved yet. Choose “Save to my library” on a courseware card or page to keep it here.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Saved items">
          {items.map((item) => (
            <Box as="li" key={item.contentId} borderWidth="1px" borderRadius="md" p="4">
              <Stack gap="2">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Heading as="h2" size="md">
                    {item.content ? (
                      <Link asChild color="link" textDecoration="underline">
                        <ReactRouterLink to={contentPath(item.content)}>{item.name}</ReactRouterLink>
                      </Link>
                    ) : (
                      item.name
                    )}
                  </Heading>
                  <StateBadge state={item.state} />
                </HStack>
                {item.content?.summary ? (
                  <Text color="fg.muted">{truncate(item.content.summary, SUMMARY_MAX_CHARS)}</Text>
                ) : null}
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text textStyle="sm" color="fg.muted">
                    Saved {formatDay(item.savedTimestamp)}
                  </Text>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Remove ${item.name} from my library`}
                    onClick={() => {
                      setProblem(null);
                      setRemoving(item);
                    }}
                  >
                    Remove
                  </Button>
                </HStack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {library.hasNextPage ? (
        <Button
          alignSelf="flex-start"
          variant="outline"
          loading={library.isFetchingNextPage}
          onClick={() => void library.fetchNextPage()}
        >
          Show more saved items
        </Button>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from your library?"
        description={
          removing
            ? removing.state === 'available'
              ? `“${removing.name}” leaves your library. You can save it again from its page.`
              : `“${removing.name}” leaves your library. It is ${LIBRARY_STATE_LABELS[removing.state].toLowerCase()}, so you cannot save it again.`
            : ''
        }
        confirmLabel="Remove"
        destructive
        pending={setSaved.isPending}
        error={problem}
        onConfirm={() => {
          if (!removing) return;
          const { contentId, name } = removing;
          setSaved.mutate(
            { contentId, saved: false },
            {
              onSuccess: () => {
                setRemoving(null);
                announce(`“${name}” removed from your library.`);
              },
              onError: (error) => setProblem(error instanceof ApiError ? error.message : 'It could not be removed.'),
            },
          );
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** The reader's downloads, newest first, with "Export as CSV" (every page, with a progress bar). */
function DownloadHistory() {
  const history = useDownloadHistory();
  const [exporting, setExporting] = useState<{ read: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (history.isPending) return <Text>Loading your downloads…</Text>;
  if (history.isError)
    return <LoadError title="Your download history could not be loaded." onRetry={() => history.refetch()} />;
  const entries = history.data.pages.flatMap((page) => page.items);

  const exportCsv = async () => {
    setProblem(null);
    setExporting({ read: 0 });
    try {
      const all = await allDownloads({ onProgress: (read) => setExporting({ read }) });
      saveCsvFile(downloadHistoryCsv(all), downloadHistoryFileName());
      announce(`Exported ${all.length} ${all.length === 1 ? 'download' : 'downloads'} as CSV.`);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The export failed. Try again.');
    } finally {
      setExporting(null);
    }
  };

  if (entries.length === 0)
    return <Text>No downloads yet. The files you download from courseware pages are listed here.</Text>;
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          loading={exporting !== null}
          loadingText="Exporting…"
        >
          <DownloadIcon aria-hidden="true" />
          Export as CSV
        </Button>
        {exporting ? (
          <Progress.Root value={null} size="sm" width="40" aria-label="Exporting your downloads">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        <Text role="status" textStyle="sm" color="fg.muted">
          {exporting ? `${exporting.read} downloads read…` : ''}
        </Text>
      </HStack>
      {problem ? (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Caption srOnly>Your downloads, newest first</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Downloaded</Table.ColumnHeader>
              <Table.ColumnHeader>File</Table.ColumnHeader>
              <Table.ColumnHeader>Courseware</Table.ColumnHeader>
              <Table.ColumnHeader>Version</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <DownloadRow key={entry.id} entry={entry} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {history.hasNextPage ? (
        <Button
          alignSelf="flex-start"
          variant="outline"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Show more downloads
        </Button>
      ) : null}
    </Stack>
  );
}

function DownloadRow({ entry }: { entry: DownloadHistoryEntry }) {
  const address =
    entry.contentId && entry.urlAlias !== null ? contentPath({ id: entry.contentId, urlAlias: entry.urlAlias }) : null;
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.timestamp)}</Table.Cell>
      <Table.Cell>{entry.fileName}</Table.Cell>
      <Table.Cell>
        <HStack gap="2" wrap="wrap">
          {address ? (
            <Link asChild color="link" textDecoration="underline">
              <ReactRouterLink to={address}>{entry.contentName}</ReactRouterLink>
            </Link>
          ) : (
            <span>{entry.contentName}</span>
          )}
          <StateBadge state={entry.state} />
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <span>{entry.publishedTimestamp ? `Published ${formatDay(entry.publishedTimestamp)}` : '—'}</span>
          {entry.updatedSince ? (
            <Badge colorPalette="blue" variant="subtle" alignSelf="flex-start">
              Updated since
            </Badge>
          ) : null}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}
