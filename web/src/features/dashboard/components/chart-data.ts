import type { PaddedSeries } from '../utils/zero-pad.ts';

/** One line of a time chart: a subject and its zero-padded points. */
export type TimeSeries = PaddedSeries;

/** One bar or slice of a category chart. */
export interface CategoryRow {
  readonly label: string;
  readonly value: number;
}
