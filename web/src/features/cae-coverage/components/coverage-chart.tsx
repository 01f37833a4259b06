import { ResponsiveBar } from '@nivo/bar';

/*
 * The only coverage module that imports nivo: coverage-report.tsx loads it with
 * React.lazy, so the chart library stays out of the entry chunk (the first-render budget).
 * The chart is aria-hidden: the tables beside it are the accessible truth.
 */

const theme = { text: { fontSize: 12, fill: '#1a202c' }, axis: { ticks: { text: { fill: '#1a202c' } } } };

/** One bar: a label and the values of its keys. */
export interface ChartRow {
  readonly label: string;
  readonly [key: string]: string | number;
}

/** A horizontal stacked bar chart of `rows` over `keys` (e.g. covered / not covered per KU group). */
export function CoverageBarChart({
  rows,
  keys,
  colors,
  maxValue,
}: {
  rows: readonly ChartRow[];
  keys: readonly string[];
  colors: readonly string[];
  maxValue?: number;
}) {
  return (
    <ResponsiveBar
      data={rows.map((row) => ({ ...row }))}
      keys={[...keys]}
      indexBy="label"
      layout="horizontal"
      theme={theme}
      margin={{ top: 10, right: 20, bottom: 40, left: 180 }}
      padding={0.3}
      colors={[...colors]}
      {...(maxValue === undefined ? {} : { maxValue })}
      axisBottom={{ tickSize: 4 }}
      axisLeft={{ tickSize: 0 }}
      labelTextColor="#ffffff"
      isInteractive={false}
      animate={false}
    />
  );
}
