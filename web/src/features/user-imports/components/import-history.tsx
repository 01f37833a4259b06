import { Button, Heading, HStack, Spinner, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { UserImportSummary } from '#shared/contracts/administration';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { reportError } from '../../../lib/error-store.ts';
import { formatDate } from '../../../lib/text.ts';
import { useFetchUserImport } from '../api/get-user-import.ts';
import { useUserImports } from '../api/list-user-imports.ts';
import { downloadErrorReport } from '../utils/error-report.ts';

const MODE_NAMES: Readonly<Record<UserImportSummary['mode'], string>> = {
  allOrNothing: 'Every row or none',
  validRowsOnly: 'Valid rows only',
};

/**
 * The past imports, newest first (issue 11): when, file, organization, how, what
 * became of the rows and who imported; an import with skipped or failed rows offers
 * its error report (built in the browser from the stored rows).
 */
export function ImportHistory() {
  const id = useId();
  const imports = useUserImports();
  const fetchImport = useFetchUserImport();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (summary: UserImportSummary) => {
    setDownloading(summary.id);
    try {
      downloadErrorReport(await fetchImport(summary.id));
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(null);
    }
  };

  const rows = imports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack as="section" aria-labelledby={`${id}-heading`} gap="4">
      <Heading as="h3" size="lg" id={`${id}-heading`}>
        Past imports
      </Heading>
      {imports.isPending ? (
        <HStack role="status" gap="3" py="4">
          <Spinner size="sm" aria-hidden="true" />
          <Text>Loading past imports…</Text>
        </HStack>
      ) : imports.isError ? (
        <LoadError title="The past imports could not be loaded." onRetry={() => void imports.refetch()} />
      ) : rows.length === 0 ? (
        <Text>No imports yet.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label="Past imports">
          <Table.Root size="sm">
            <Table.Caption srOnly>Past imports, newest first</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Date</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">File</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Organization</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">How</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Rows</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Imported by</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">
                  <VisuallyHidden>Error report</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((summary) => (
                <Table.Row key={summary.id}>
                  <Table.Cell>{formatDate(summary.createdTimestamp)}</Table.Cell>
                  <Table.Cell wordBreak="break-all">{summary.fileName}</Table.Cell>
                  <Table.Cell>{summary.organization.name}</Table.Cell>
                  <Table.Cell>{MODE_NAMES[summary.mode]}</Table.Cell>
                  <Table.Cell>
                    {summary.createdCount} invited, {summary.skippedCount} skipped, {summary.failedCount} failed
                  </Table.Cell>
                  <Table.Cell>{summary.importedBy.displayName}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {summary.skippedCount + summary.failedCount > 0 ? (
                      <Button
                        size="xs"
                        variant="outline"
                        loading={downloading === summary.id}
                        aria-label={`Download the error report of ${summary.fileName}, ${formatDate(summary.createdTimestamp)}`}
                        onClick={() => void download(summary)}
                      >
                        Error report
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {imports.hasNextPage ? (
        <div>
          <Button variant="outline" loading={imports.isFetchingNextPage} onClick={() => void imports.fetchNextPage()}>
            Load more imports
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
