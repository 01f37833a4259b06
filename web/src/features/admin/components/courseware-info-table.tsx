import {
  Alert,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  RotateCwIcon,
} from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { RouterLink } from '../../../components/ui/link.tsx';
import { useAllContent } from '../api/get-all-content.ts';
import {
  CONTENT_COLUMNS,
  type ContentColumn,
  type ContentSort,
  DEFAULT_SORT,
  datePart,
  filterRows,
  sortRows,
  toContentRow,
} from '../utils/content-rows.ts';
import { ContentStatusIcon } from './content-status-icon.tsx';
import { LoadingState } from './loading-state.tsx';

/** Rows per page (spec §2.7, §9 "Admin list page sizes"); `0` stands for All. */
export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100, 0] as const;
type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];

/**
 * The Courseware Info table (spec §2.7): every content item, or every archived
 * one when the path contains `archived-content`, with the columns Status,
 * Category, Content Title (a link to the item), Author, Creation Date and Last
 * Modified, each sortable both ways (first: Last Modified, newest first); 25, 50,
 * 100 or All rows per page; a filter over title and author. A loading line with
 * the count so far comes first, then the table or "No data available".
 */
export function CoursewareInfoTable() {
  const archived = useLocation().pathname.includes('archived-content');
  const title = archived ? 'Archived Courseware Info' : 'Courseware Info';
  const headingId = useId();
  const filterId = useId();
  const content = useAllContent({ archived });
  const [sort, setSort] = useState<ContentSort>(DEFAULT_SORT);
  const [rowsPerPage, setRowsPerPage] = useState<RowsPerPage>(25);
  const [pageIndex, setPageIndex] = useState(0);
  const [filter, setFilter] = useState('');

  const allRows = useMemo(() => content.items.map(toContentRow), [content.items]);
  const sorted = useMemo(() => sortRows(filterRows(allRows, filter), sort), [allRows, filter, sort]);

  const pageSize = rowsPerPage === 0 ? Math.max(sorted.length, 1) : rowsPerPage;
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(pageIndex, pageCount - 1);
  const first = page * pageSize;
  const visible = sorted.slice(first, first + pageSize);

  const sortBy = (column: ContentColumn) => {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: 'ascending' },
    );
    setPageIndex(0);
  };

  let body: ReactNode;
  if (content.failed) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The courseware could not be loaded.</Alert.Title>
          <Alert.Description>
            {content.items.length > 0 ? `${content.items.length} items arrived before the failure. ` : ''}
            Check your connection and try again.
          </Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="red" onClick={content.retry} alignSelf="center">
          <RotateCwIcon aria-hidden="true" />
          Retry
        </Button>
      </Alert.Root>
    );
  } else if (!content.complete) {
    const soFar = content.items.length;
    body = (
      <LoadingState
        label={`Loading ${archived ? 'archived courseware' : 'courseware'}…${soFar > 0 ? ` (${soFar} items so far)` : ''}`}
      />
    );
  } else if (allRows.length === 0) {
    body = <Text>No data available</Text>;
  } else {
    body = (
      <Stack gap="3">
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
            onChange={(event) => {
              setFilter(event.target.value);
              setPageIndex(0);
            }}
          />
        </HStack>
        {sorted.length === 0 ? (
          <Text>No content matches the filter.</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Caption>
                <VisuallyHidden>{title}</VisuallyHidden>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  {CONTENT_COLUMNS.map(({ key, label }) => (
                    <SortableHeader key={key} label={label} column={key} sort={sort} onSort={sortBy} />
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {visible.map((row) => (
                  <Table.Row key={row.item.id}>
                    <Table.Cell>
                      <ContentStatusIcon status={row.status} />
                    </Table.Cell>
                    <Table.Cell>{row.category || '—'}</Table.Cell>
                    <Table.Cell>
                      <RouterLink to={row.path}>{row.title}</RouterLink>
                    </Table.Cell>
                    <Table.Cell>{row.author || '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{datePart(row.created)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{datePart(row.modified)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <TablePagination
          first={first}
          shown={visible.length}
          total={sorted.length}
          rowsPerPage={rowsPerPage}
          hasPrevious={page > 0}
          hasNext={page < pageCount - 1}
          onRowsPerPage={(value) => {
            setRowsPerPage(value);
            setPageIndex(0);
          }}
          onPrevious={() => setPageIndex(page - 1)}
          onNext={() => setPageIndex(page + 1)}
        />
      </Stack>
    );
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" size="xl" id={headingId}>
        {title}
      </Heading>
      {body}
    </Stack>
  );
}

function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: ContentColumn;
  sort: ContentSort;
  onSort: (column: ContentColumn) => void;
}) {
  const active = sort.column === column;
  const SortIcon = !active ? ArrowUpDownIcon : sort.direction === 'ascending' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Table.ColumnHeader scope="col" aria-sort={active ? sort.direction : 'none'} p="0">
      <Button
        variant="ghost"
        size="sm"
        width="full"
        justifyContent="space-between"
        fontWeight="semibold"
        onClick={() => onSort(column)}
      >
        {label}
        <Box as="span" color={active ? 'fg' : 'fg.subtle'} display="inline-flex">
          <SortIcon aria-hidden="true" />
        </Box>
      </Button>
    </Table.ColumnHeader>
  );
}

function TablePagination({
  first,
  shown,
  total,
  rowsPerPage,
  hasPrevious,
  hasNext,
  onRowsPerPage,
  onPrevious,
  onNext,
}: {
  first: number;
  shown: number;
  total: number;
  rowsPerPage: RowsPerPage;
  hasPrevious: boolean;
  hasNext: boolean;
  onRowsPerPage: (value: RowsPerPage) => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const selectId = useId();
  const range = total === 0 ? '0 of 0' : `${first + 1}–${first + shown} of ${total}`;
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" wrap="wrap" gap="4" pt="2">
      <HStack gap="2">
        <Text asChild>
          <label htmlFor={selectId}>Rows per page</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            value={String(rowsPerPage)}
            onChange={(event) => onRowsPerPage(Number(event.target.value) as RowsPerPage)}
          >
            {ROWS_PER_PAGE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option === 0 ? 'All' : option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="3">
        <Text aria-live="polite" aria-atomic="true">
          {range}
        </Text>
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={!hasPrevious}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext}>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </HStack>
    </HStack>
  );
}
