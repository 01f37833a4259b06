import {
  Box,
  Button,
  HStack,
  NativeSelect,
  Table,
  type TableCellProps,
  type TableRowProps,
  Text,
} from '@chakra-ui/react';
import {
  type ColumnDef,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type Header,
  type Row,
  type RowData,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
} from 'lucide-react';
import { Fragment, type ReactNode, useId } from 'react';
import { LoadError, type LoadErrorProps } from './load-error.tsx';
import { LoadingState } from './loading-state.tsx';

/** What a column may say about how its cells look (`columnDef.meta`). */
export interface DataTableColumnMeta {
  /** Chakra props of every body cell of the column: alignment, wrapping. */
  readonly cell?: TableCellProps;
}

interface DataTableMeta {
  /** The id of a row's detail row, for the `aria-controls` of its toggle. */
  readonly detailId: (rowId: string) => string;
}

/**
 * The TanStack Table features every data table registers (v9 opts in feature by
 * feature): sorting with its client row model, paging with its client row model,
 * and expanding (a row's detail row). Column and table meta are typed here.
 */
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowExpandingFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: {} as DataTableColumnMeta,
  tableMeta: {} as DataTableMeta,
});

/** The feature set of {@link DataTable}, for typing columns and cell contexts. */
export type DataTableFeatures = typeof features;

/** A column of a {@link DataTable} over rows of type `TData`. */
// biome-ignore lint/suspicious/noExplicitAny: a column list mixes columns of different value types, as TanStack's own `ColumnHelper.columns` does.
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** A row of a {@link DataTable}, as cell renderers receive it. */
export type DataTableRow<TData extends RowData> = Row<DataTableFeatures, TData>;

/**
 * The column helper of a {@link DataTable} over `TData` (`accessor`, `display`,
 * `columns`). A column sorts only when it says `enableSorting: true` and has an
 * accessor; give it a `sortFn` comparing ascending and `sortUndefined: 'last'` to
 * put missing values (accessor returns `undefined`) last in both directions.
 */
export function dataTableColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

/** Paged in the browser: every row is in `data`; the reader picks the rows per page. */
export interface ClientPaging {
  readonly mode: 'client';
  /** The rows per page offered, in order, the first one initially; `Infinity` reads "All" (spec §2.7, §9). */
  readonly pageSizes: readonly number[];
}

/**
 * Paged by the server (spec §7 `nextPageToken`): `data` holds the pages fetched so
 * far (TanStack's manual pagination: the table neither slices nor sorts them) and
 * "Load more" asks for the next one.
 */
export interface ServerPaging {
  readonly mode: 'server';
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly onLoadMore: () => void;
  /** The button's text, e.g. "Load more users". */
  readonly loadMoreLabel: string;
  /** When set, says politely "12 users shown, more available." once `fetching` is over. */
  readonly countNoun?: string;
  readonly fetching?: boolean;
  /** A failure after rows were shown: the error under the button. */
  readonly moreError?: LoadErrorProps;
}

/** What {@link serverTableState} reads of a TanStack Query infinite query (`useInfiniteQuery`). */
export interface InfiniteListQuery {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly refetch: () => unknown;
  readonly fetchNextPage: () => unknown;
}

/** The texts of a server-paged table, e.g. "Loading users…", "The users could not be loaded.". */
export interface ServerTableTexts {
  readonly loading: string;
  /** The error instead of the table. */
  readonly failed: string;
  /**
   * The error under the rows when a further page fails, e.g. "More users could not
   * be loaded."; without it, any failure shows {@link ServerTableTexts.failed} instead of the rows.
   */
  readonly moreFailed?: string;
  /** The button's text, e.g. "Load more users". */
  readonly loadMore: string;
  /** When set, the polite count line ("12 users shown, more available."). */
  readonly countNoun?: string;
}

/**
 * The loading, error and server paging props of a {@link DataTable} fed by an
 * infinite query of `rowCount` rows so far (spec §7 paged lists): the loading line
 * while the first page is pending, the error with Retry (refetch), "Load more" while
 * a next page exists, and with {@link ServerTableTexts.moreFailed} a failed further
 * page said under the rows (Retry fetches it again).
 */
export function serverTableState(
  query: InfiniteListQuery,
  rowCount: number,
  texts: ServerTableTexts,
): Pick<DataTableProps<RowData>, 'loading' | 'error' | 'paging'> {
  const failedBeforeRows = query.isError && (texts.moreFailed === undefined || rowCount === 0);
  return {
    loading: query.isPending ? texts.loading : undefined,
    error: failedBeforeRows ? { title: texts.failed, onRetry: () => void query.refetch() } : undefined,
    paging: {
      mode: 'server',
      hasMore: query.hasNextPage,
      loadingMore: query.isFetchingNextPage,
      onLoadMore: () => void query.fetchNextPage(),
      loadMoreLabel: texts.loadMore,
      countNoun: texts.countNoun,
      fetching: query.isFetching,
      moreError:
        query.isError && !failedBeforeRows && texts.moreFailed
          ? { title: texts.moreFailed, onRetry: () => void query.fetchNextPage() }
          : undefined,
    },
  };
}

/** What a {@link DataTable} shows. */
export interface DataTableProps<TData extends RowData> {
  /** The columns; keep the array stable between renders (module scope or `useMemo`). */
  readonly columns: readonly DataTableColumn<TData>[];
  /** The rows; keep the array stable between renders. */
  readonly data: readonly TData[];
  readonly getRowId: (row: TData) => string;
  /** The table's name as a visually hidden caption; or give {@link DataTableProps.label}. */
  readonly caption?: string;
  /** The table's name as `aria-label`, when it has no caption. */
  readonly label?: string;
  /** Makes the scroll area a focusable region of this name, so keyboard users can scroll a wide table (WCAG 2.1.1). */
  readonly region?: string;
  /** With a height, the area scrolls and the header row sticks. */
  readonly maxHeight?: string;
  /** `aria-busy` on the table while it is refreshed. */
  readonly busy?: boolean;
  /** When set, the loading line with this text instead of the table (spec §2.7 "A loading indicator is shown first"). */
  readonly loading?: string;
  /** When set (and not loading), the error with Retry instead of the table. */
  readonly error?: LoadErrorProps;
  /** What is said instead of the table when there are no rows; without it, the table shows no rows. */
  readonly empty?: ReactNode;
  /** The first order, e.g. `[{ id: 'modified', desc: true }]`; unsorted when absent. */
  readonly initialSorting?: SortingState;
  readonly paging?: ClientPaging | ServerPaging;
  /** Chakra props of a row, e.g. a tint for rows that need attention. */
  readonly rowProps?: (row: TData) => TableRowProps;
  /** A row's detail, in a row of its own under it, shown while the row is expanded ({@link DataTableDetailToggle}). */
  readonly renderDetail?: (row: TData) => ReactNode;
}

const DEFAULT_COLUMN = { enableSorting: false } as const;
const CAN_EXPAND = () => true;
const NO_SORTING: SortingState = [];

/**
 * One table for the lists of the administration (issue 23 item 5): TanStack Table v9
 * (sorting, paging, expanding) rendered with Chakra's `Table`. Sortable columns have a
 * button in their header named by the column, `aria-sort` on the header cell and the
 * direction as the button's description; a click or Enter sorts ascending, then
 * toggles (never unsorted), ties keep the incoming order and the page goes back to
 * the first. Client paging offers the rows per page (`Infinity` is "All"), the range
 * shown ("26–50 of 120", said politely) and Previous / Next in a navigation named
 * "Pagination"; server paging shows the pages fetched so far and "Load more". Before
 * the rows: the loading line, the error with Retry, or the empty text. The table is
 * named by a visually hidden caption or an `aria-label`.
 */
export function DataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  caption,
  label,
  region,
  maxHeight,
  busy,
  loading,
  error,
  empty,
  initialSorting = NO_SORTING,
  paging,
  rowProps,
  renderDetail,
}: DataTableProps<TData>) {
  const detailPrefix = useId();
  const client = paging?.mode === 'client' ? paging : null;
  const server = paging?.mode === 'server' ? paging : null;
  const table = useTable({
    features,
    columns: columns as DataTableColumn<TData>[],
    data,
    getRowId,
    defaultColumn: DEFAULT_COLUMN,
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    manualPagination: client === null,
    getRowCanExpand: CAN_EXPAND,
    autoResetExpanded: false,
    initialState: {
      sorting: initialSorting,
      pagination: { pageIndex: 0, pageSize: client?.pageSizes[0] ?? Number.POSITIVE_INFINITY },
      expanded: {},
    },
    meta: { detailId: (rowId) => `${detailPrefix}-detail-${rowId}` },
  });
  const columnCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;

  let body: ReactNode;
  if (loading) {
    body = <LoadingState label={loading} />;
  } else if (error) {
    body = <LoadError {...error} />;
  } else if (data.length === 0 && empty !== undefined) {
    body = <Text>{empty}</Text>;
  } else {
    const scrollRegion = region ? { tabIndex: 0, role: 'region', 'aria-label': region } : {};
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH={maxHeight} {...scrollRegion}>
        <Table.Root size="sm" aria-label={label} aria-busy={busy} stickyHeader={maxHeight !== undefined}>
          {caption ? <Table.Caption srOnly>{caption}</Table.Caption> : null}
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) =>
                  header.column.getCanSort() ? (
                    <SortableHeader key={header.id} header={header}>
                      <table.FlexRender header={header} />
                    </SortableHeader>
                  ) : (
                    <Table.ColumnHeader key={header.id} scope="col">
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </Table.ColumnHeader>
                  ),
                )}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Fragment key={row.id}>
                <Table.Row {...rowProps?.(row.original)}>
                  {row.getAllCells().map((cell) => (
                    <Table.Cell key={cell.id} {...cell.column.columnDef.meta?.cell}>
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
                {renderDetail ? (
                  <Table.Row id={table.options.meta?.detailId(row.id)} hidden={!row.getIsExpanded()}>
                    {row.getIsExpanded() ? (
                      <Table.Cell colSpan={columnCount} bg="bg.subtle">
                        {renderDetail(row.original)}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ) : null}
              </Fragment>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  const settled = !loading && !error;
  return (
    <>
      {server?.countNoun ? (
        <Text srOnly aria-live="polite">
          {loading || server.fetching
            ? ''
            : `${data.length} ${server.countNoun} shown${server.hasMore ? ', more available' : ''}.`}
        </Text>
      ) : null}
      {body}
      {client && settled && data.length > 0 ? (
        <ClientPagination
          pageSizes={client.pageSizes}
          pageIndex={table.state.pagination.pageIndex}
          pageSize={table.state.pagination.pageSize}
          shown={rows.length}
          total={table.getRowCount()}
          hasPrevious={table.getCanPreviousPage()}
          hasNext={table.getCanNextPage()}
          onPageSize={(pageSize) => table.setPagination({ pageIndex: 0, pageSize })}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
        />
      ) : null}
      {server?.hasMore ? (
        <div>
          <Button variant="outline" loading={server.loadingMore} onClick={server.onLoadMore}>
            {server.loadMoreLabel}
          </Button>
        </div>
      ) : null}
      {server?.moreError ? <LoadError {...server.moreError} /> : null}
    </>
  );
}

const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

function SortableHeader<TData extends RowData>({
  header,
  children,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  children: ReactNode;
}) {
  const sorted = header.column.getIsSorted();
  const SortIcon = !sorted ? ArrowUpDownIcon : sorted === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Table.ColumnHeader scope="col" aria-sort={sorted ? SORT_NAMES[sorted] : 'none'} p="0">
      <Button
        variant="ghost"
        size="sm"
        width="full"
        justifyContent="space-between"
        fontWeight="semibold"
        aria-description={sorted ? `Sorted ${SORT_NAMES[sorted]}` : 'Not sorted'}
        onClick={header.column.getToggleSortingHandler()}
      >
        {children}
        <Box as="span" color={sorted ? 'fg' : 'fg.subtle'} display="inline-flex">
          <SortIcon aria-hidden="true" />
        </Box>
      </Button>
    </Table.ColumnHeader>
  );
}

/** The value of a rows-per-page option; "all" for `Infinity`. */
const optionValue = (size: number) => (Number.isFinite(size) ? String(size) : 'all');

function ClientPagination({
  pageSizes,
  pageIndex,
  pageSize,
  shown,
  total,
  hasPrevious,
  hasNext,
  onPageSize,
  onPrevious,
  onNext,
}: {
  pageSizes: readonly number[];
  pageIndex: number;
  pageSize: number;
  shown: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPageSize: (size: number) => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const selectId = useId();
  // 0 × Infinity is NaN: "All" is always the first page.
  const first = pageIndex === 0 ? 0 : pageIndex * pageSize;
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" wrap="wrap" gap="4" pt="2">
      <HStack gap="2">
        <Text asChild>
          <label htmlFor={selectId}>Rows per page</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            value={optionValue(pageSize)}
            onChange={(event) =>
              onPageSize(event.target.value === 'all' ? Number.POSITIVE_INFINITY : Number(event.target.value))
            }
          >
            {pageSizes.map((size) => (
              <option key={size} value={optionValue(size)}>
                {Number.isFinite(size) ? size : 'All'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="3">
        <Text aria-live="polite" aria-atomic="true">
          {`${first + 1}–${first + shown} of ${total}`}
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

/**
 * The button that shows or hides a row's detail row ({@link DataTableProps.renderDetail}):
 * "Show" / "Hide" with a chevron, `aria-expanded`, `aria-controls` naming the detail
 * row, and `label` as its accessible name (say which row it opens).
 */
export function DataTableDetailToggle<TData extends RowData>({
  row,
  label,
}: {
  row: DataTableRow<TData>;
  label: string;
}) {
  const open = row.getIsExpanded();
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-expanded={open}
      aria-controls={row.table.options.meta?.detailId(row.id)}
      aria-label={label}
      onClick={() => row.toggleExpanded()}
    >
      {open ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
      {open ? 'Hide' : 'Show'}
    </Button>
  );
}
