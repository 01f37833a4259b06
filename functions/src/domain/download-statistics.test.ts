import { describe, expect, it } from 'vitest';
import {
  counterIncrements,
  DOWNLOAD_METRICS,
  type DownloadFacts,
  distinctUserIncrements,
  markerExpiresAt,
  periodEnd,
  periodOf,
  periodsOf,
  TIME_FRAMES,
} from './download-statistics.ts';

const facts: DownloadFacts = {
  fileId: 'file-1',
  fileName: 'Lab guide.pdf',
  content: { id: 'lab-1', name: 'PKI Lab' },
  businessUnit: { id: 'unit-1', name: 'University of Nebraska at Omaha', category: 'university', region: 'Plains' },
};

describe('periodOf', () => {
  it('gives day, ISO week Monday, month and year in UTC', () => {
    expect(periodsOf(new Date('2026-11-21T10:00:00Z'))).toEqual({
      day: '2026-11-21',
      week: '2026-11-16',
      month: '2026-11',
      year: '2026',
    });
  });

  it('puts 2026-01-01 in the ISO week that began on Monday 2025-12-29', () => {
    expect(periodOf(new Date('2026-01-01T00:00:00Z'), 'week')).toBe('2025-12-29');
    expect(periodOf(new Date('2026-01-01T00:00:00Z'), 'year')).toBe('2026');
  });

  it('keeps a Monday in its own week and a Sunday in the week before', () => {
    expect(periodOf(new Date('2026-01-05T00:00:00Z'), 'week')).toBe('2026-01-05');
    expect(periodOf(new Date('2026-01-04T23:59:59.999Z'), 'week')).toBe('2025-12-29');
  });

  it('reads the UTC date, not the local one', () => {
    expect(periodOf(new Date('2026-03-31T23:30:00-05:00'), 'day')).toBe('2026-04-01');
    expect(periodOf(new Date('2026-03-31T23:30:00-05:00'), 'month')).toBe('2026-04');
  });

  it('handles a leap day and a week spanning a month end', () => {
    expect(periodOf(new Date('2028-02-29T12:00:00Z'), 'day')).toBe('2028-02-29');
    expect(periodOf(new Date('2028-03-02T12:00:00Z'), 'week')).toBe('2028-02-28');
  });
});

describe('periodEnd and markerExpiresAt', () => {
  it('ends each period at the first instant of the next', () => {
    expect(periodEnd('day', '2026-02-28').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periodEnd('week', '2025-12-29').toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(periodEnd('month', '2026-12').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodEnd('year', '2026').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('keeps a marker one day past its period', () => {
    expect(markerExpiresAt('day', '2026-11-21')).toBe(Date.parse('2026-11-23T00:00:00Z') / 1000);
  });

  it('refuses a period of the wrong shape', () => {
    expect(() => periodEnd('month', '2026-11-21')).toThrow('"2026-11-21" is not a month period.');
  });
});

describe('counterIncrements', () => {
  const at = new Date('2026-01-01T08:00:00Z');

  const unitWeek = {
    metric: 'businessUnit',
    value: 'unit-1',
    label: 'University of Nebraska at Omaha',
    group: 'university',
    timeFrame: 'week',
    period: '2025-12-29',
  } as const;

  it("counts every metric once in every time frame, and the business unit again in its group's partition", () => {
    const increments = counterIncrements(facts, at);
    expect(increments).toHaveLength((DOWNLOAD_METRICS.length + 1) * TIME_FRAMES.length);
    const week = increments.filter((increment) => increment.timeFrame === 'week');
    expect(week).toEqual([
      { metric: 'total', value: 'all', label: 'All downloads', timeFrame: 'week', period: '2025-12-29' },
      unitWeek,
      { ...unitWeek, inGroupPartition: true },
      {
        metric: 'businessUnitCategory',
        value: 'university',
        label: 'University',
        timeFrame: 'week',
        period: '2025-12-29',
      },
      { metric: 'region', value: 'Plains', label: 'Plains', timeFrame: 'week', period: '2025-12-29' },
      { metric: 'content', value: 'lab-1', label: 'PKI Lab', timeFrame: 'week', period: '2025-12-29' },
      { metric: 'file', value: 'file-1', label: 'Lab guide.pdf', timeFrame: 'week', period: '2025-12-29' },
    ]);
  });

  it('skips the content metric for a category bundle', () => {
    const increments = counterIncrements({ ...facts, content: null }, at);
    expect(increments.some((increment) => increment.metric === 'content')).toBe(false);
    expect(increments).toHaveLength(DOWNLOAD_METRICS.length * TIME_FRAMES.length);
  });

  it('counts a user without a business unit under unknown', () => {
    const day = counterIncrements({ ...facts, businessUnit: null }, at).filter((i) => i.timeFrame === 'day');
    const unknownUnit = {
      metric: 'businessUnit',
      value: 'unknown',
      label: 'Unknown',
      group: 'unknown',
      timeFrame: 'day',
      period: '2026-01-01',
    };
    expect(day.filter((i) => ['businessUnit', 'businessUnitCategory', 'region'].includes(i.metric))).toEqual([
      unknownUnit,
      { ...unknownUnit, inGroupPartition: true },
      { metric: 'businessUnitCategory', value: 'unknown', label: 'Unknown', timeFrame: 'day', period: '2026-01-01' },
      { metric: 'region', value: 'unknown', label: 'Unknown', timeFrame: 'day', period: '2026-01-01' },
    ]);
  });
});

describe('distinctUserIncrements', () => {
  it('counts the user under their region in each time frame, with the marker TTL', () => {
    expect(distinctUserIncrements(facts, new Date('2026-01-01T08:00:00Z'))).toEqual([
      {
        metric: 'users',
        value: 'Plains',
        label: 'Plains',
        timeFrame: 'day',
        period: '2026-01-01',
        markerExpiresAt: Date.parse('2026-01-03T00:00:00Z') / 1000,
      },
      {
        metric: 'users',
        value: 'Plains',
        label: 'Plains',
        timeFrame: 'week',
        period: '2025-12-29',
        markerExpiresAt: Date.parse('2026-01-06T00:00:00Z') / 1000,
      },
      {
        metric: 'users',
        value: 'Plains',
        label: 'Plains',
        timeFrame: 'month',
        period: '2026-01',
        markerExpiresAt: Date.parse('2026-02-02T00:00:00Z') / 1000,
      },
      {
        metric: 'users',
        value: 'Plains',
        label: 'Plains',
        timeFrame: 'year',
        period: '2026',
        markerExpiresAt: Date.parse('2027-01-02T00:00:00Z') / 1000,
      },
    ]);
  });

  it('counts a user without a business unit under unknown', () => {
    const [day] = distinctUserIncrements({ ...facts, businessUnit: null }, new Date('2026-01-01T08:00:00Z'));
    expect(day).toMatchObject({ value: 'unknown', label: 'Unknown' });
  });
});
