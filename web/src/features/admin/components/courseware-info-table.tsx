import { Checkbox, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ContentBulkAction } from '#shared/contracts/content-bulk';
import {
  type ClientPaging,
  DataTable,
  type DataTableRow,
  dataTableColumns,
} from '../../../components/ui/data-table.tsx';
import { RouterLink } from '../../../components/ui/link.tsx';
import { useAllContent } from '../api/get-all-content.ts';
import {
  type ContentRow,
  compareText,
  compareTimestamps,
  datePart,
  filterRows,
  toContentRow,
} from '../utils/content-rows.ts';
import { ContentBulkActions, type SelectedContent } from './content-bulk-actions.tsx';
import { ContentStatusIcon } from './content-status-icon.tsx';

/** Rows per page (spec §2.7, §9 "Admin list page sizes"): 25, 50, 100 or All. */
const PAGING: ClientPaging = { mode: 'client', pageSizes: [25, 50, 100, Number.POSITIVE_INFINITY] };

/** The first order of the table (a decision: the most recently changed first). */
const FIRST_ORDER = [{ id: 'modified', desc: true }];

const col = dataTableColumns<ContentRow>();
/** Empty values (no author, no category) are `undefined`, so they sort last in both directions. */
const orEmpty = (text: string) => text || undefined;
const byText = (a: DataTableRow<ContentRow>, b: DataTableRow<ContentRow>, id: string) =>
  compareText(a.getValue<string>(id), b.getValue<string>(id));
const byTimestamp = (a: DataTableRow<ContentRow>, b: DataTableRow<ContentRow>, id: string) =>
  compareTimestamps(a.getValue<string>(id), b.getValue<string>(id));
const rowId = (row: ContentRow) => row.item.id;
const sortable = { enableSorting: true, sortUndefined: 'last', sortFn: byText } as const;
const dateCell = { cell: { whiteSpace: 'nowrap' } } as const;

/** A schedule as editors read it: `YYYY-MM-DD HH:MM UTC` (issue 25 item 7). */
function scheduledText(publishAt: string): string {
  return `${publishAt.slice(0, 10)} ${publishAt.slice(11, 16)} UTC`;
}

/** The bulk actions of each variant (issue 25 item 8): restore only where archived items are listed. */
const BULK_ACTIONS: Record<'current' | 'archived', readonly ContentBulkAction[]> = {
  current: ['publish', 'unpublish', 'archive', 'delete'],
  archived: ['restore', 'delete'],
};

/** The columns of spec §2.7, in order, each sortable both ways. */
const COLUMNS = col.columns([
  col.accessor((row) => orEmpty(row.statusLabel), {
    ...sortable,
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Stack gap="0">
        <ContentStatusIcon status={row.original.status} />
        {row.original.item.publishAt ? (
          <Text fontSize="xs">Scheduled for {scheduledText(row.original.item.publishAt)}</Text>
        ) : null}
      </Stack>
    ),
  }),
  col.accessor((row) => orEmpty(row.category), {
    ...sortable,
    id: 'category',
    header: 'Category',
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  col.accessor((row) => orEmpty(row.title), {
    ...sortable,
    id: 'title',
    header: 'Content Title',
    cell: ({ row }) => <RouterLink to={row.original.path}>{row.original.title}</RouterLink>,
  }),
  col.accessor((row) => orEmpty(row.author), {
    ...sortable,
    id: 'author',
    header: 'Author',
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  col.accessor((row) => orEmpty(row.created), {
    ...sortable,
    sortFn: byTimestamp,
    id: 'created',
    header: 'Creation Date',
    cell: ({ row }) => datePart(row.original.created),
    meta: dateCell,
  }),
  col.accessor((row) => orEmpty(row.modified), {
    ...sortable,
    sortFn: byTimestamp,
    id: 'modified',
    header: 'Last Modified',
    cell: ({ row }) => datePart(row.original.modified),
    meta: dateCell,
  }),
]);

/**
 * The Courseware Info table (spec §2.7): every content item, or every archived
 * one when the path contains `archived-content`, with the columns Status,
 * Category, Content Title (a link to the item), Author, Creation Date and Last
 * Modified, each sortable both ways (first: Last Modified, newest first); 25, 50,
 * 100 or All rows per page; a filter over title and author. A loading line with
 * the count so far comes first, then the table or "No data available".
 * Rows can be selected (a last column of checkboxes, "Select all on this page" in its
 * header) for the bulk actions above the table (issue 25 item 8); an item scheduled for
 * publishing says "Scheduled for <date time> UTC" under its status (item 7).
 */
export function CoursewareInfoTable() {
  const archived = useLocation().pathname.includes('archived-content');
  const title = archived ? 'Archived Courseware Info' : 'Courseware Info';
  const headingId = useId();
  const filterId = useId();
  const content = useAllContent({ archived });
  const [filter, setFilter] = useState('');

  const allRows = useMemo(() => content.items.map(toContentRow), [content.items]);
  const rows = useMemo(() => filterRows(allRows, filter), [allRows, filter]);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((ids: readonly string[], on: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const selected = useMemo<SelectedContent[]>(
    () =>
      allRows.flatMap((row) =>
        selectedIds.has(row.item.id) ? [{ id: row.item.id, version: row.item.version ?? 1, title: row.title }] : [],
      ),
    [allRows, selectedIds],
  );
  const columns = useMemo(
    () => [
      ...COLUMNS,
      col.display({
        id: 'select',
        header: ({ table }) => {
          const pageIds = table.getRowModel().rows.map((row) => row.original.item.id);
          const chosen = pageIds.filter((id) => selectedIds.has(id)).length;
          return (
            <Checkbox.Root
              size="sm"
              checked={chosen > 0 && chosen === pageIds.length ? true : chosen > 0 ? 'indeterminate' : false}
              onCheckedChange={(details) => toggle(pageIds, details.checked === true)}
            >
              <Checkbox.HiddenInput aria-label="Select all on this page" />
              <Checkbox.Control />
            </Checkbox.Root>
          );
        },
        cell: ({ row }) => (
          <Checkbox.Root
            size="sm"
            checked={selectedIds.has(row.original.item.id)}
            onCheckedChange={(details) => toggle([row.original.item.id], details.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={`Select ${row.original.title}`} />
            <Checkbox.Control />
          </Checkbox.Root>
        ),
      }),
    ],
    [selectedIds, toggle],
  );
  const soFar = content.items.length;
  const loaded = content.complete && !content.failed;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" size="xl" id={headingId}>
        {title}
      </Heading>
      {loaded && allRows.length > 0 ? (
        <HStack gap="2" align="center" wrap="wrap">
          <Text asChild fontWeight="medium">
            <label htmlFor={filterId}>Filter by title or author</label>
          </Text>
          <Input
            id={filterId}
            type="search"
            size="sm"
            maxW="xs"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </HStack>
      ) : null}
      {loaded && allRows.length > 0 ? (
        <ContentBulkActions
          selected={selected}
          actions={BULK_ACTIONS[archived ? 'archived' : 'current']}
          onDone={(ids) => toggle(ids, false)}
        />
      ) : null}
      <DataTable
        caption={title}
        columns={columns}
        data={rows}
        getRowId={rowId}
        initialSorting={FIRST_ORDER}
        paging={PAGING}
        loading={
          content.complete || content.failed
            ? undefined
            : `Loading ${archived ? 'archived courseware' : 'courseware'}…${soFar > 0 ? ` (${soFar} items so far)` : ''}`
        }
        error={
          content.failed
            ? {
                title: 'The courseware could not be loaded.',
                detail: soFar > 0 ? `${soFar} items arrived before the failure.` : undefined,
                onRetry: content.retry,
              }
            : undefined
        }
        empty={allRows.length === 0 ? 'No data available' : 'No content matches the filter.'}
      />
    </Stack>
  );
}
