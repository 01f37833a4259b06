import { Box, Button, Collapsible, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ChevronDownIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import type { CategoryRow, TimeSeries } from './chart-data.ts';

const LazyLineChart = lazy(() => import('./nivo-charts.tsx').then((module) => ({ default: module.LineChart })));
const LazyBarChart = lazy(() => import('./nivo-charts.tsx').then((module) => ({ default: module.BarChart })));
const LazyPieChart = lazy(() => import('./nivo-charts.tsx').then((module) => ({ default: module.PieChart })));

/** Spec §8: the words of an empty dashboard part. */
export const NO_DATA = 'No Data Available';

/** A polite loading line (spec §8 "A loading message with the title is shown while loading"). */
export function LoadingLine({ label }: { label: string }) {
  return (
    <HStack role="status" gap="3" py="4">
      <Spinner size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** A data table with a caption; the text alternative of a chart and the top tables. */
export function DataTable({
  caption,
  columns,
  rows,
  captionHidden = false,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  captionHidden?: boolean;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" maxW="1000px">
      <Table.Root size="sm">
        <Table.Caption
          captionSide="top"
          textAlign="start"
          py="2"
          px="3"
          fontWeight="semibold"
          {...(captionHidden ? { srOnly: true } : {})}
        >
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column} scope="col" textAlign={index === 0 ? 'start' : 'end'}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <Table.Cell key={columns[index]} as="th" scope="row" fontWeight="normal">
                    {cell}
                  </Table.Cell>
                ) : (
                  <Table.Cell key={columns[index]} textAlign="end">
                    {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                  </Table.Cell>
                ),
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function TableDisclosure({ children }: { children: ReactNode }) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button variant="outline" size="sm" css={{ '&[data-state=open] .chevron': { transform: 'rotate(180deg)' } }}>
          Show as table
          <ChevronDownIcon className="chevron" aria-hidden="true" style={{ transition: 'transform 0.2s' }} />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content pt="3">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

export type ChartSpec =
  | { readonly kind: 'line'; readonly series: readonly TimeSeries[]; readonly tickValues: readonly string[] }
  | { readonly kind: 'bar' | 'pie'; readonly rows: readonly CategoryRow[] };

function tableOf(spec: ChartSpec): { columns: string[]; rows: (string | number)[][] } {
  if (spec.kind === 'line') {
    const periods = spec.series[0]?.points.map((point) => point.period) ?? [];
    return {
      columns: ['Period', ...spec.series.map((one) => one.label)],
      rows: periods.map((period, index) => [period, ...spec.series.map((one) => one.points[index]?.value ?? 0)]),
    };
  }
  return { columns: ['Name', 'Count'], rows: spec.rows.map((row) => [row.label, row.value]) };
}

function ChartBody({ title, spec }: { title: string; spec: ChartSpec }) {
  switch (spec.kind) {
    case 'line':
      return <LazyLineChart title={title} series={spec.series} tickValues={spec.tickValues} />;
    case 'bar':
      return <LazyBarChart title={title} rows={spec.rows} />;
    case 'pie':
      return <LazyPieChart title={title} rows={spec.rows} />;
  }
}

/**
 * One dashboard chart (spec §8, §9 "Chart size"): its title; a loading message with
 * the title while its data loads and while nivo loads; "No Data Available" when
 * there is no data; a no-data message with the title when there are fewer than two
 * data rows; otherwise the chart, 600 high and as wide as the page's column (issue 21
 * item 18; decision record 036), with its data as a table behind "Show as table"
 * (the text alternative).
 */
export function ChartPanel({
  title,
  loading,
  empty,
  spec,
}: {
  title: string;
  loading: boolean;
  /** True when the API sent no data for the part (a zero-padded series still has rows). */
  empty: boolean;
  spec: ChartSpec;
}) {
  const headingId = useId();
  const table = tableOf(spec);
  let body: ReactNode;
  if (loading) body = <LoadingLine label={`Loading ${title}…`} />;
  else if (empty || table.rows.length === 0) body = <Text>{NO_DATA}</Text>;
  else if (table.rows.length < 2) {
    body = (
      <Stack gap="3">
        <Text>{`${title}: not enough data for a chart.`}</Text>
        <DataTable caption={title} captionHidden columns={table.columns} rows={table.rows} />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="3">
        <Suspense fallback={<LoadingLine label={`Loading ${title}…`} />}>
          <Box height="600px" width="full">
            <ChartBody title={title} spec={spec} />
          </Box>
        </Suspense>
        <TableDisclosure>
          <DataTable caption={title} captionHidden columns={table.columns} rows={table.rows} />
        </TableDisclosure>
      </Stack>
    );
  }
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId} mb="3">
        {title}
      </Heading>
      {body}
    </Box>
  );
}
