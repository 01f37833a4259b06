import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { AuditEvent } from '#shared/contracts/administration';
import {
  DataTable,
  DataTableDetailToggle,
  dataTableColumns,
  serverTableState,
} from '../../../components/ui/data-table.tsx';
import { usePagedItems } from '../../../hooks/use-paged-items.ts';
import { useAuditEvents } from '../api/list-audit-events.ts';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditChanges, fieldLabel } from '../utils/audit-diff.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const actionOf = (event: AuditEvent) => AUDIT_ACTION_LABELS[event.action] ?? event.action;
const col = dataTableColumns<AuditEvent>();

/** When (local date and time), who, what, which record, and the toggle of the changes. */
const COLUMNS = col.columns([
  col.accessor('timestamp', {
    header: 'When',
    cell: ({ row: { original: event } }) => (
      <time dateTime={event.timestamp}>{WHEN.format(new Date(event.timestamp))}</time>
    ),
  }),
  col.accessor((event) => event.actor.displayName, {
    id: 'who',
    header: 'Who',
    cell: ({ row: { original: event } }) => (
      <>
        {event.actor.displayName}
        {event.actor.impersonatorId ? (
          <Text as="span" color="fg.muted">
            {' '}
            (done by user {event.actor.impersonatorId} while impersonating)
          </Text>
        ) : null}
      </>
    ),
  }),
  col.accessor(actionOf, { id: 'what', header: 'What' }),
  col.accessor((event) => event.target.name, {
    id: 'target',
    header: 'Target',
    cell: ({ row: { original: event } }) => (
      <>
        {event.target.name}{' '}
        <Text as="span" color="fg.muted">
          ({AUDIT_TARGET_LABELS[event.target.type] ?? event.target.type})
        </Text>
      </>
    ),
  }),
  col.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row }) => (
      <DataTableDetailToggle
        row={row}
        label={`Changes: ${actionOf(row.original)}, ${row.original.target.name}, ${WHEN.format(new Date(row.original.timestamp))}`}
      />
    ),
  }),
]);

/**
 * The Audit log tab of /admin (issue 11 item 2): newest first, who (and "as
 * <impersonator>" when it was done while impersonating), what, which record, when
 * (local date and time); each row opens to the record's fields before and after,
 * side by side, the changed ones marked "Changed" in words. `targetId` narrows the
 * log to one record (a user's History); `onClearTarget` shows the whole log again.
 */
export function AuditLogPanel({ targetId, onClearTarget }: { targetId?: string; onClearTarget?: () => void }) {
  const events = useAuditEvents({ targetId });
  const rows = usePagedItems(events.data);
  const targetName = targetId ? rows.find((event) => event.target.id === targetId)?.target.name : undefined;

  return (
    <Stack gap="4">
      {targetId ? (
        <HStack gap="4" wrap="wrap">
          <Text>Showing the changes of {targetName ? <strong>{targetName}</strong> : 'one record'} only.</Text>
          {onClearTarget ? (
            <Button size="sm" variant="outline" onClick={onClearTarget}>
              Show all changes
            </Button>
          ) : null}
        </HStack>
      ) : null}
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        data={rows}
        getRowId={(event) => event.id}
        empty={targetId ? 'Nothing has been recorded for this record yet.' : 'Nothing recorded yet.'}
        renderDetail={(event) => <EventChanges event={event} />}
        {...serverTableState(events, rows.length, {
          loading: 'Loading the audit log…',
          failed: 'The audit log could not be loaded.',
          moreFailed: 'More changes could not be loaded.',
          loadMore: 'Load more changes',
          countNoun: 'changes',
        })}
      />
    </Stack>
  );
}

/** The record's fields before and after the change, side by side, the changed ones marked "Changed". */
function EventChanges({ event }: { event: AuditEvent }) {
  const action = actionOf(event);
  const changes = auditChanges(event);
  if (changes.length === 0) return <Text>No fields were recorded for this change.</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline" aria-label={`Before and after: ${action}, ${event.target.name}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Field</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Before</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">After</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((change) => (
            <Table.Row key={change.field} fontWeight={change.changed ? 'semibold' : undefined}>
              <Table.Cell>
                {fieldLabel(change.field)}
                {change.changed ? (
                  <Badge ms="2" colorPalette="orange" variant="outline">
                    Changed
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell whiteSpace="pre-line">{change.before}</Table.Cell>
              <Table.Cell whiteSpace="pre-line">{change.after}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
