import { Button, Heading, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { UserImportSummary } from '#shared/contracts/administration';
import { DataTable, dataTableColumns, serverTableState } from '../../../components/ui/data-table.tsx';
import { usePagedItems } from '../../../hooks/use-paged-items.ts';
import { reportError } from '../../../lib/error-store.ts';
import { formatDate } from '../../../lib/text.ts';
import { useFetchUserImport } from '../api/get-user-import.ts';
import { useUserImports } from '../api/list-user-imports.ts';
import { downloadErrorReport } from '../utils/error-report.ts';

const col = dataTableColumns<UserImportSummary>();

const MODE_NAMES: Readonly<Record<UserImportSummary['mode'], string>> = {
  allOrNothing: 'Every row or none',
  validRowsOnly: 'Valid rows only',
};

/** Downloads the error report of a past import (built in the browser from its stored rows). */
function ErrorReportButton({ summary }: { summary: UserImportSummary }) {
  const fetchImport = useFetchUserImport();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      downloadErrorReport(await fetchImport(summary.id));
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="outline"
      loading={downloading}
      aria-label={`Download the error report of ${summary.fileName}, ${formatDate(summary.createdTimestamp)}`}
      onClick={() => void download()}
    >
      Error report
    </Button>
  );
}

const COLUMNS = col.columns([
  col.accessor((summary) => formatDate(summary.createdTimestamp), { id: 'date', header: 'Date' }),
  col.accessor('fileName', { header: 'File', meta: { cell: { wordBreak: 'break-all' } } }),
  col.accessor((summary) => summary.organization.name, { id: 'organization', header: 'Organization' }),
  col.accessor((summary) => MODE_NAMES[summary.mode], { id: 'mode', header: 'How' }),
  col.accessor(
    (summary) => `${summary.createdCount} invited, ${summary.skippedCount} skipped, ${summary.failedCount} failed`,
    { id: 'rows', header: 'Rows' },
  ),
  col.accessor((summary) => summary.importedBy.displayName, { id: 'importedBy', header: 'Imported by' }),
  col.display({
    id: 'errorReport',
    header: () => <VisuallyHidden>Error report</VisuallyHidden>,
    meta: { cell: { textAlign: 'end' } },
    cell: ({ row: { original: summary } }) =>
      summary.skippedCount + summary.failedCount > 0 ? <ErrorReportButton summary={summary} /> : null,
  }),
]);

/**
 * The past imports, newest first (issue 11): when, file, organization, how, what
 * became of the rows and who imported; an import with skipped or failed rows offers
 * its error report (built in the browser from the stored rows).
 */
export function ImportHistory() {
  const id = useId();
  const imports = useUserImports();
  const rows = usePagedItems(imports.data);

  return (
    <Stack as="section" aria-labelledby={`${id}-heading`} gap="4">
      <Heading as="h3" size="lg" id={`${id}-heading`}>
        Past imports
      </Heading>
      <DataTable
        caption="Past imports, newest first"
        region="Past imports"
        columns={COLUMNS}
        data={rows}
        getRowId={(summary) => summary.id}
        empty="No imports yet."
        {...serverTableState(imports, rows.length, {
          loading: 'Loading past imports…',
          failed: 'The past imports could not be loaded.',
          loadMore: 'Load more imports',
        })}
      />
    </Stack>
  );
}
