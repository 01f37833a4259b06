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

/** Longest bar label shown whole; longer ones end in "…" (the table beside the chart names them whole). */
const LABEL_MAX = 26;

function shortLabel(value: string | number): string {
  const text = String(value);
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
}

/**
 * A horizontal stacked bar chart of `rows` over `keys` (e.g. covered / not covered per
 * KU group). `maxValue` fixes the value axis's end (100 for shares in percent), `unit`
 * follows every value ("%"), `legend` names the value axis.
 */
export function CoverageBarChart({
  rows,
  keys,
  colors,
  maxValue,
  unit = '',
  legend,
}: {
  rows: readonly ChartRow[];
  keys: readonly string[];
  colors: readonly string[];
  maxValue?: number;
  unit?: string;
  legend?: string;
}) {
  return (
    <ResponsiveBar
      data={rows.map((row) => ({ ...row }))}
      keys={[...keys]}
      indexBy="label"
      layout="horizontal"
      theme={theme}
      margin={{ top: 10, right: 20, bottom: legend ? 56 : 40, left: 190 }}
      padding={0.3}
      colors={[...colors]}
      valueScale={maxValue === undefined ? { type: 'linear' } : { type: 'linear', min: 0, max: maxValue }}
      valueFormat={(value) => `${value}${unit}`}
      axisBottom={{
        tickSize: 4,
        format: (value) => `${value}${unit}`,
        ...(legend ? { legend, legendPosition: 'middle' as const, legendOffset: 44 } : {}),
      }}
      axisLeft={{ tickSize: 0, format: shortLabel }}
      labelTextColor="#ffffff"
      isInteractive={false}
      animate={false}
    />
  );
}
