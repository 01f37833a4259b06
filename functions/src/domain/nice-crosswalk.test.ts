import { describe, expect, it } from 'vitest';
import { CrosswalkPairing } from '#shared/contracts/work-role';
import { DEFAULT_DATA_ROOT } from '../seed/import.ts';
import { readSeedSources } from '../seed/sources.ts';
import { computeCrosswalk, normaliseStatementText, tokenJaccard } from './nice-crosswalk.ts';

describe('computeCrosswalk', () => {
  it('pairs the same id with near-same text, and not the same id with another text', () => {
    const pairings = computeCrosswalk(
      [
        { id: 'K0001', text: 'Knowledge of computer networking concepts.' },
        { id: 'K0002', text: 'Knowledge of risk management processes' },
        { id: 'S0003', text: 'Skill in writing code.' },
      ],
      [
        { id: 'K0001', text: 'knowledge of  computer networking concepts' },
        { id: 'K0002', text: 'Knowledge of cloud service models' },
        { id: 'S0004', text: 'Skill in writing code.' },
      ],
    );
    expect(pairings).toEqual([
      { ksaId: 'K0001', tksId: 'K0001', basis: { sameId: true, textSimilarity: 1, exactText: true } },
    ]);
  });

  it('normalises case, punctuation and whitespace, and measures token Jaccard', () => {
    expect(normaliseStatementText('  Skill in   (e.g., TCP/IP) ')).toBe('skill in e g tcp ip');
    expect(tokenJaccard('a b c d', 'a b c e')).toBeCloseTo(3 / 5);
  });

  it('gives every pairing of the real data a basis: 38 pairings, all of the same id and text', async () => {
    const sources = await readSeedSources(DEFAULT_DATA_ROOT);
    const pairings = computeCrosswalk(sources.ksa, sources.tks);
    expect(pairings).toHaveLength(38);
    for (const pairing of pairings) {
      expect(CrosswalkPairing.parse(pairing)).toEqual(pairing);
      expect(pairing.basis.sameId).toBe(true);
      expect(pairing.basis.textSimilarity).toBeGreaterThanOrEqual(0.8);
    }
    // S0177 is the one shared id whose texts differ (similarity 0.154): no pairing.
    expect(pairings.some((pairing) => pairing.ksaId === 'S0177')).toBe(false);
  });
});
