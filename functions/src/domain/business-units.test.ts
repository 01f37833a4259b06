import { describe, expect, it } from 'vitest';
import {
  ALREADY_MERGED_ELSEWHERE_MESSAGE,
  MERGE_CHAIN_MAX,
  MERGE_INTO_MERGED_MESSAGE,
  MERGE_INTO_SELF_MESSAGE,
  mergeRefusal,
  resolveMerged,
  seededEligibleBrands,
} from './business-units.ts';

describe('seededEligibleBrands', () => {
  it('starts Virginia public units on VACR and every other unit on no brand', () => {
    expect(seededEligibleBrands({ state: 'VA', public: true })).toEqual(['VACR']);
    expect(seededEligibleBrands({ state: 'VA', public: false })).toEqual([]);
    expect(seededEligibleBrands({ state: 'MD', public: true })).toEqual([]);
    expect(seededEligibleBrands({ state: null, public: true })).toEqual([]);
  });
});

describe('mergeRefusal', () => {
  const unit = (id: string, mergedIntoId: string | null = null) => ({ id, mergedIntoId });

  it('lets a unit be merged into another unit, and a merge be repeated', () => {
    expect(mergeRefusal(unit('a'), unit('b'))).toBeNull();
    expect(mergeRefusal(unit('a', 'b'), unit('b'))).toBeNull();
  });

  it('refuses a merge into itself (400 on intoId), into a merged unit and of a unit merged elsewhere (409)', () => {
    expect(mergeRefusal(unit('a'), unit('a'))).toEqual({
      status: 400,
      path: 'body.intoId',
      message: MERGE_INTO_SELF_MESSAGE,
    });
    expect(mergeRefusal(unit('a'), unit('b', 'c'))).toEqual({ status: 409, message: MERGE_INTO_MERGED_MESSAGE });
    expect(mergeRefusal(unit('a', 'c'), unit('b'))).toEqual({ status: 409, message: ALREADY_MERGED_ELSEWHERE_MESSAGE });
  });
});

describe('resolveMerged', () => {
  it('answers the unit itself when not merged, the end of the chain otherwise', () => {
    const merges = new Map([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect(resolveMerged(merges, 'x')).toBe('x');
    expect(resolveMerged(merges, 'b')).toBe('c');
    expect(resolveMerged(merges, 'a')).toBe('c');
  });

  it('stops after MERGE_CHAIN_MAX steps on a (corrupt) cycle instead of looping', () => {
    const merges = new Map([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(['a', 'b']).toContain(resolveMerged(merges, 'a'));
    expect(MERGE_CHAIN_MAX).toBeGreaterThan(2);
  });
});
