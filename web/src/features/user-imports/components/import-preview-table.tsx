import { Box, HStack, Text } from '@chakra-ui/react';
import { CircleAlertIcon, CircleCheckIcon, CircleSlashIcon, CircleXIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { UserImportRow } from '#shared/contracts/administration';
import { DataTable, dataTableColumns } from '../../../components/ui/data-table.tsx';

/** What people read for each row status, and its icon; the text always says it (WCAG 1.4.1). */
const ROW_STATUS = {
  valid: { label: 'Valid', icon: CircleCheckIcon, color: 'fg.success' },
  invalid: { label: 'Invalid', icon: CircleXIcon, color: 'fg.error' },
  created: { label: 'Invited', icon: CircleCheckIcon, color: 'fg.success' },
  skipped: { label: 'Skipped', icon: CircleSlashIcon, color: 'fg.warning' },
  failed: { label: 'Failed', icon: CircleAlertIcon, color: 'fg.error' },
} as const satisfies Record<UserImportRow['status'], { label: string; icon: unknown; color: string }>;

const isBad = (row: UserImportRow) => row.status === 'invalid' || row.status === 'skipped' || row.status === 'failed';

const col = dataTableColumns<UserImportRow>();

const COLUMNS = col.columns([
  col.accessor('line', { header: 'Line' }),
  col.accessor('name', { header: 'Name', meta: { cell: { wordBreak: 'break-word' } } }),
  col.accessor('email', { header: 'E-mail', meta: { cell: { wordBreak: 'break-all' } } }),
  col.accessor('role', { header: 'Role' }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => {
      const status = ROW_STATUS[row.original.status];
      const StatusIcon = status.icon;
      return (
        <HStack gap="1.5">
          <Box as="span" display="inline-flex" color={status.color}>
            <StatusIcon size={16} aria-hidden="true" />
          </Box>
          <Text as="span">{status.label}</Text>
        </HStack>
      );
    },
  }),
  col.accessor((row) => (row.reasons.length > 0 ? row.reasons.join(' ') : '—'), { id: 'reasons', header: 'Reasons' }),
]);

/** The rows with the bad ones first (invalid, skipped, failed), each group in file order. */
export function badRowsFirst(rows: readonly UserImportRow[]): UserImportRow[] {
  return [...rows].sort((a, b) => Number(isBad(b)) - Number(isBad(a)) || a.line - b.line);
}

/**
 * The rows of an import preview or result (spec §3 "User import"; issue 11 "a preview
 * that marks every bad row with its reason"): line, name, e-mail, role, status (in
 * words, with an icon) and reasons; bad rows first and tinted. Cells are shown as
 * text, whatever they hold.
 */
export function ImportPreviewTable({ rows, caption }: { rows: readonly UserImportRow[]; caption: string }) {
  const data = useMemo(() => badRowsFirst(rows), [rows]);
  // A focusable region, so that keyboard users can scroll a long or wide table (WCAG 2.1.1).
  return (
    <DataTable
      caption={caption}
      region={caption}
      maxHeight="30rem"
      columns={COLUMNS}
      data={data}
      getRowId={(row) => String(row.line)}
      rowProps={(row) => (isBad(row) ? { bg: 'bg.error' } : {})}
    />
  );
}
