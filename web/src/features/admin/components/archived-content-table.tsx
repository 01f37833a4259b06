import { Table, Text } from '@chakra-ui/react';
import { CONTENT_STATUS_LABELS } from '#shared/enums';
import { RouterLink } from '../../../components/ui/link.tsx';
import { contentPath } from '../../courseware/utils/content-path.ts';
import { useAllContent } from '../api/get-all-content.ts';
import { LoadingState } from './loading-state.tsx';

/** The date part of an ISO timestamp (spec §2.7 "Dates show the date part only"). */
function datePart(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/**
 * The archived variant of the admin content list (spec §2.7, §2.15): Status,
 * Category, Content Title (a link to the item), Author, Creation Date, Last
 * Modified; a loading indicator first, then "No data available" when empty.
 * Sorting and rows-per-page are not here yet.
 */
export function ArchivedContentTable() {
  const content = useAllContent({ archived: true });
  if (content.isPending) return <LoadingState label="Loading archived content…" />;
  const rows = content.data ?? [];
  if (rows.length === 0) return <Text>No data available</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" pb="2">
          {rows.length} archived {rows.length === 1 ? 'item' : 'items'}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Category</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Content Title</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Author</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Creation Date</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Last Modified</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>{CONTENT_STATUS_LABELS[item.status]}</Table.Cell>
              <Table.Cell>{item.category}</Table.Cell>
              <Table.Cell>
                <RouterLink to={contentPath(item)}>{item.name}</RouterLink>
              </Table.Cell>
              <Table.Cell>{item.author ?? '—'}</Table.Cell>
              <Table.Cell>{datePart(item.createdTimestamp)}</Table.Cell>
              <Table.Cell>{datePart(item.modifiedTimestamp)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
