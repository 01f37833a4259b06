import { describe, expect, it } from 'vitest';
import { newOrUpdatedCutoff } from './new-or-updated.ts';

describe('newOrUpdatedCutoff', () => {
  it('is 90 days before now, as an ISO instant (spec §9)', () => {
    expect(newOrUpdatedCutoff(new Date('2026-11-21T10:00:00.000Z'))).toBe('2026-08-23T10:00:00.000Z');
  });
});
