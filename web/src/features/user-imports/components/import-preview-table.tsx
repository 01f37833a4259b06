import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { CircleAlertIcon, CircleCheckIcon, CircleSlashIcon, CircleXIcon } from 'lucide-react';
import type { UserImportRow } from '#shared/contracts/administration';

/** What people read for each row status, and its icon; the text always says it (WCAG 1.4.1). */
const ROW_STATUS = {
  valid: { label: 'Valid', icon: CircleCheckIcon, color: 'fg.success' },
  invalid: { label: 'Invalid', icon: CircleXIcon, color: 'fg.error' },
  created: { label: 'Invited', icon: CircleCheckIcon, color: 'fg.success' },
  skipped: { label: 'Skipped', icon: CircleSlashIcon, color: 'fg.warning' },
  failed: { label: 'Failed', icon: CircleAlertIcon, color: 'fg.error' },
} as const satisfies Record<UserImportRow['status'], { label: string; icon: unknown; color: string }>;

const isBad = (row: UserImportRow) => row.status === 'invalid' || row.status === 'skipped' || row.status === 'failed';

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
  // Focusable, so that keyboard users can scroll a long or wide table (WCAG 2.1.1).
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="30rem" tabIndex={0} role="region" aria-label={caption}>
      <Table.Root size="sm" stickyHeader>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Line</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">E-mail</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Role</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Reasons</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {badRowsFirst(rows).map((row) => {
            const status = ROW_STATUS[row.status];
            const StatusIcon = status.icon;
            return (
              <Table.Row key={row.line} bg={isBad(row) ? 'bg.error' : undefined}>
                <Table.Cell>{row.line}</Table.Cell>
                <Table.Cell wordBreak="break-word">{row.name}</Table.Cell>
                <Table.Cell wordBreak="break-all">{row.email}</Table.Cell>
                <Table.Cell>{row.role}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1.5">
                    <Box as="span" display="inline-flex" color={status.color}>
                      <StatusIcon size={16} aria-hidden="true" />
                    </Box>
                    <Text as="span">{status.label}</Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell>{row.reasons.length > 0 ? row.reasons.join(' ') : '—'}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
