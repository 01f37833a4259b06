import type { PaddedSeries } from '../utils/zero-pad.ts';

/** One line of a time chart: a subject and its zero-padded points. */
export type TimeSeries = PaddedSeries;

/** One bar or slice of a category chart. */
export interface CategoryRow {
  readonly label: string;
  readonly value: number;
}

/** How a line chart is laid out; see {@link lineChartLayout}. */
export interface LineChartLayout {
  readonly margin: { top: number; right: number; bottom: number; left: number };
  /** Ticks of the x axis, and the only vertical grid lines (spec §9 "Chart axis ticks"). */
  readonly tickValues: string[];
  readonly pointSize: number;
  /** A legend (on the right) only when there is more than one series. */
  readonly legend: boolean;
}

/** Above this many points per series, points are not drawn: the line alone is readable (issue 21 item 18). */
const MAX_POINTS_DRAWN = 60;

/**
 * The layout of a time chart (issue 21 item 18): vertical grid lines only at the ticks
 * the spec's rule gives (not one per day), the right margin kept for a legend only
 * when there is one (so a single series uses the full width), and no point markers
 * on a long series.
 */
export function lineChartLayout(series: readonly TimeSeries[], tickValues: readonly string[]): LineChartLayout {
  const legend = series.length > 1;
  const points = series[0]?.points.length ?? 0;
  return {
    margin: { top: 20, right: legend ? 140 : 24, bottom: 70, left: 60 },
    tickValues: [...tickValues],
    pointSize: points > MAX_POINTS_DRAWN ? 0 : 4,
    legend,
  };
}
