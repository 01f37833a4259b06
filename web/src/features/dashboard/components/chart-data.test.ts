import { describe, expect, it } from 'vitest';
import { axisTicks } from '../utils/ticks.ts';
import { lineChartLayout, type TimeSeries } from './chart-data.ts';

function daily(days: number, label = 'Downloads'): TimeSeries {
  const start = Date.parse('2026-05-29T00:00:00Z');
  return {
    id: label,
    label,
    points: Array.from({ length: days }, (_, index) => ({
      period: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
      value: index % 5,
    })),
  };
}

describe('lineChartLayout (issue 21 item 18)', () => {
  it('draws vertical grid lines only at the ticks of spec §9, not one per day', () => {
    const series = daily(184);
    const ticks = axisTicks(series.points.map((point) => point.period));

    const layout = lineChartLayout([series], ticks);

    expect(layout.tickValues).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
  });

  it('gives a single series the full width (no room kept for a legend) and keeps it for several', () => {
    expect(lineChartLayout([daily(10)], [])).toMatchObject({ legend: false, margin: { right: 24 } });
    expect(lineChartLayout([daily(10, 'Plains'), daily(10, 'Far West')], [])).toMatchObject({
      legend: true,
      margin: { right: 140 },
    });
  });

  it('drops point markers on a long series and keeps them on a short one', () => {
    expect(lineChartLayout([daily(184)], []).pointSize).toBe(0);
    expect(lineChartLayout([daily(12)], []).pointSize).toBe(4);
  });
});
