import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, FeatureFlags } from '#shared/contracts/runtime-config';
import { FLAGGED_PATHS, flagsOfPath, hiddenByFlag } from '#shared/flagged-paths';
import { paths } from './paths.ts';

const off = (...flags: (keyof FeatureFlags)[]) =>
  FeatureFlags.parse(Object.fromEntries(flags.map((flag) => [flag, false])));

describe('the flag map of the site pages (spec §2.2; issue 21 item 21)', () => {
  it('names the flags of a path and of every path above it, whatever the case, query or trailing slash', () => {
    expect(flagsOfPath('/Community/Cyber-Workshops/?x=1')).toEqual(['community', 'weeklyWorkshops']);
    expect(flagsOfPath('/community/k12-advisory-board')).toEqual(['community', 'k12Advisory']);
    expect(flagsOfPath('/features')).toEqual([]);
  });

  it('hides a page when its own flag or a flag above it is off, and only then', () => {
    expect(hiddenByFlag('/about', off('about'))).toBe(true);
    expect(hiddenByFlag('/about', off('community'))).toBe(false);
    expect(hiddenByFlag('/community/k12-advisory-board', off('k12Advisory'))).toBe(true);
    expect(hiddenByFlag('/community/k12-advisory-board', off('community'))).toBe(true);
    expect(hiddenByFlag('/community', off('k12Advisory'))).toBe(false);
    expect(hiddenByFlag('/rangepricing', off('pricing'))).toBe(true);
    expect(hiddenByFlag('/terms-of-use', off(...FEATURE_FLAGS))).toBe(false);
  });

  it('reads the K-12 advisory, weekly workshops, about and community flags', () => {
    for (const flag of ['k12Advisory', 'weeklyWorkshops', 'about', 'community'] as const) {
      expect(Object.values(FLAGGED_PATHS)).toContain(flag);
    }
  });

  it('names only addresses of the SPA’s own paths (the map is shared with the html group as plain strings)', () => {
    const known = new Set<string>(Object.values(paths));
    expect(Object.keys(FLAGGED_PATHS).filter((path) => !known.has(path))).toEqual([]);
  });
});
