import { Table, Text } from '@chakra-ui/react';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, type ContentCategory } from '#shared/enums';
import { useAllContent } from '../api/get-all-content.ts';
import { LoadingState } from './loading-state.tsx';

/**
 * A first, honest part of the dashboard (spec §2.13, §3 "Courseware metrics"): the
 * number of listed (published) courseware items and how many carry each category,
 * counted from the content list. An item with several categories counts in each.
 * The metrics and download charts come with the dashboard issue.
 */
export function CoursewareSummary() {
  const content = useAllContent({ archived: false });
  if (!content.complete && !content.failed) return <LoadingState label="Loading courseware counts…" />;
  const items = content.items;
  if (items.length === 0) return <Text>No data available</Text>;
  const counts = Object.fromEntries(CONTENT_CATEGORIES.map((category) => [category, 0])) as Record<
    ContentCategory,
    number
  >;
  for (const item of items) for (const category of new Set(item.categories)) counts[category] += 1;
  return (
    <Table.Root size="sm" maxW="md">
      <Table.Caption captionSide="top" textAlign="start" pb="2">
        Published courseware: {items.length}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">Category</Table.ColumnHeader>
          <Table.ColumnHeader scope="col" textAlign="end">
            Items
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {CONTENT_CATEGORIES.map((category) => (
          <Table.Row key={category}>
            <Table.Cell>{CONTENT_CATEGORY_LABELS[category]}</Table.Cell>
            <Table.Cell textAlign="end">{counts[category]}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
