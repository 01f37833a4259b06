import { describe, expect, it } from 'vitest';
import { DASHBOARD_DATE_MESSAGES } from '#shared/contracts/statistics';
import { defaultRange, rangeErrors } from './dates.ts';

describe('dashboard dates (spec §5, §9)', () => {
  it('defaults to 182 days before today to tomorrow, in UTC', () => {
    expect(defaultRange(new Date('2025-07-01T23:30:00-05:00'))).toEqual({ from: '2025-01-01', to: '2025-07-03' });
  });

  it('accepts a range of at most 12 months', () => {
    expect(rangeErrors('2025-01-31', '2026-01-31')).toEqual({});
    expect(rangeErrors('2025-03-01', '2025-03-01')).toEqual({});
  });

  it('reports a from date after the to date at from', () => {
    expect(rangeErrors('2025-03-02', '2025-03-01', 'from')).toEqual({ from: DASHBOARD_DATE_MESSAGES.fromAfterTo });
    expect(DASHBOARD_DATE_MESSAGES.fromAfterTo).toBe('Error: From date may not be after to date.');
  });

  it('reports a to date before the from date at to', () => {
    expect(rangeErrors('2025-03-02', '2025-03-01', 'to')).toEqual({ to: DASHBOARD_DATE_MESSAGES.toBeforeFrom });
    expect(DASHBOARD_DATE_MESSAGES.toBeforeFrom).toBe('Error: To date may not be before from date.');
  });

  it('reports a range over 12 months at to', () => {
    expect(rangeErrors('2025-01-31', '2026-02-01')).toEqual({ to: 'Filter range may not exceed 12 months.' });
  });

  it('asks for a date when a field is empty or not a date', () => {
    expect(rangeErrors('', '2025-02-30')).toEqual({ from: 'Enter a date.', to: 'Enter a date.' });
  });
});
