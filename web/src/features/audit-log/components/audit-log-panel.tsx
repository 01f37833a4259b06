import { Badge, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import type { AuditEvent } from '#shared/contracts/administration';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAuditEvents } from '../api/list-audit-events.ts';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditChanges, fieldLabel } from '../utils/audit-diff.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The Audit log tab of /admin (issue 11 item 2): newest first, who (and "as
 * <impersonator>" when it was done while impersonating), what, which record, when
 * (local date and time); each row opens to the record's fields before and after,
 * side by side, the changed ones marked "Changed" in words. `targetId` narrows the
 * log to one record (a user's History); `onClearTarget` shows the whole log again.
 */
export function AuditLogPanel({ targetId, onClearTarget }: { targetId?: string; onClearTarget?: () => void }) {
  const events = useAuditEvents({ targetId });
  const rows = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const targetName = targetId ? rows.find((event) => event.target.id === targetId)?.target.name : undefined;

  let body: ReactNode;
  if (events.isPending) {
    body = (
      <HStack role="status" gap="3" py="6">
        <Spinner size="sm" aria-hidden="true" />
        <Text>Loading the audit log…</Text>
      </HStack>
    );
  } else if (events.isError && rows.length === 0) {
    body = <LoadError title="The audit log could not be loaded." onRetry={() => void events.refetch()} />;
  } else if (rows.length === 0) {
    body = <Text py="6">{targetId ? 'Nothing has been recorded for this record yet.' : 'Nothing recorded yet.'}</Text>;
  } else {
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Audit log">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">When</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Who</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">What</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Target</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Changes</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((event) => (
              <EventRows key={event.id} event={event} open={expanded.has(event.id)} onToggle={() => toggle(event.id)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

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
      <Text srOnly aria-live="polite">
        {events.isPending || events.isFetching
          ? ''
          : `${rows.length} changes shown${events.hasNextPage ? ', more available' : ''}.`}
      </Text>
      {body}
      {events.hasNextPage ? (
        <div>
          <Button variant="outline" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
            Load more changes
          </Button>
        </div>
      ) : null}
      {events.isError && rows.length > 0 ? (
        <LoadError title="More changes could not be loaded." onRetry={() => void events.fetchNextPage()} />
      ) : null}
    </Stack>
  );
}

function EventRows({ event, open, onToggle }: { event: AuditEvent; open: boolean; onToggle: () => void }) {
  const id = useId();
  const action = AUDIT_ACTION_LABELS[event.action] ?? event.action;
  const changes = open ? auditChanges(event) : [];
  const when = new Date(event.timestamp);
  return (
    <Fragment>
      <Table.Row>
        <Table.Cell>
          <time dateTime={event.timestamp}>{WHEN.format(when)}</time>
        </Table.Cell>
        <Table.Cell>
          {event.actor.displayName}
          {event.actor.impersonatorId ? (
            <Text as="span" color="fg.muted">
              {' '}
              (done by user {event.actor.impersonatorId} while impersonating)
            </Text>
          ) : null}
        </Table.Cell>
        <Table.Cell>{action}</Table.Cell>
        <Table.Cell>
          {event.target.name}{' '}
          <Text as="span" color="fg.muted">
            ({AUDIT_TARGET_LABELS[event.target.type] ?? event.target.type})
          </Text>
        </Table.Cell>
        <Table.Cell>
          <Button
            size="xs"
            variant="ghost"
            aria-expanded={open}
            aria-controls={`${id}-changes`}
            aria-label={`Changes: ${action}, ${event.target.name}, ${WHEN.format(when)}`}
            onClick={onToggle}
          >
            {open ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
            {open ? 'Hide' : 'Show'}
          </Button>
        </Table.Cell>
      </Table.Row>
      <Table.Row id={`${id}-changes`} hidden={!open}>
        {open ? (
          <Table.Cell colSpan={5} bg="bg.subtle">
            {changes.length === 0 ? (
              <Text>No fields were recorded for this change.</Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root
                  size="sm"
                  variant="outline"
                  aria-label={`Before and after: ${action}, ${event.target.name}`}
                >
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
            )}
          </Table.Cell>
        ) : null}
      </Table.Row>
    </Fragment>
  );
}
