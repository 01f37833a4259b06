import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { type CategoryRow, lineChartLayout, type TimeSeries } from './chart-data.ts';

/*
 * The only module that imports nivo: chart-panel.tsx loads it with React.lazy, so the
 * chart library stays out of the entry chunk (spec §9, `npm run bench`).
 */

/** Spec §9 "Chart resize debounce". */
const RESIZE_DEBOUNCE_MS = 500;

const theme = { text: { fontSize: 12, fill: '#1a202c' }, axis: { ticks: { text: { fill: '#1a202c' } } } };

export interface LineChartProps {
  readonly title: string;
  readonly series: readonly TimeSeries[];
  /** Periods that get a tick on the x axis (spec §9 "Chart axis ticks"). */
  readonly tickValues: readonly string[];
}

export function LineChart({ title, series, tickValues }: LineChartProps) {
  const layout = lineChartLayout(series, tickValues);
  return (
    <ResponsiveLine
      data={series.map((one) => ({
        id: one.label,
        data: one.points.map((point) => ({ x: point.period, y: point.value })),
      }))}
      role="img"
      ariaLabel={`${title} (line chart; the same data is in the table view)`}
      theme={theme}
      debounceResize={RESIZE_DEBOUNCE_MS}
      margin={layout.margin}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      axisBottom={{ tickValues: layout.tickValues, tickRotation: -45 }}
      gridXValues={layout.tickValues}
      axisLeft={{ legend: 'Count', legendOffset: -48, legendPosition: 'middle' }}
      colors={{ scheme: 'category10' }}
      pointSize={layout.pointSize}
      useMesh
      legends={
        layout.legend
          ? [{ anchor: 'bottom-right', direction: 'column', translateX: 130, itemWidth: 120, itemHeight: 18 }]
          : []
      }
    />
  );
}

export interface CategoryChartProps {
  readonly title: string;
  readonly rows: readonly CategoryRow[];
}

export function BarChart({ title, rows }: CategoryChartProps) {
  return (
    <ResponsiveBar
      data={rows.map((row) => ({ label: row.label, value: row.value }))}
      keys={['value']}
      indexBy="label"
      role="img"
      ariaLabel={`${title} (bar chart; the same data is in the table view)`}
      theme={theme}
      debounceResize={RESIZE_DEBOUNCE_MS}
      margin={{ top: 20, right: 20, bottom: 110, left: 60 }}
      colors={{ scheme: 'category10' }}
      axisBottom={{ tickRotation: -40 }}
      labelTextColor="#ffffff"
    />
  );
}

export function PieChart({ title, rows }: CategoryChartProps) {
  return (
    <div role="img" aria-label={`${title} (pie chart; the same data is in the table view)`} style={{ height: '100%' }}>
      <ResponsivePie
        data={rows.map((row) => ({ id: row.label, label: row.label, value: row.value }))}
        theme={theme}
        debounceResize={RESIZE_DEBOUNCE_MS}
        margin={{ top: 40, right: 120, bottom: 40, left: 120 }}
        colors={{ scheme: 'category10' }}
        innerRadius={0.5}
        arcLinkLabelsTextColor="#1a202c"
        arcLabelsTextColor="#ffffff"
        // The labelled wrapper is the image; nivo's pie has no ariaLabel for its svg.
        role="presentation"
      />
    </div>
  );
}
