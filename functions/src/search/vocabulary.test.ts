import { describe, expect, it } from 'vitest';
import * as factors from './vocabulary.ts';
import { PREFIX_MAX_TERMS, Vocabulary } from './vocabulary.ts';

// Factors are stored as 32-bit floats.
const EXACT_FACTOR = Math.fround(factors.EXACT_FACTOR);
const PREFIX_FACTOR = Math.fround(factors.PREFIX_FACTOR);
const ONE_EDIT_FACTOR = Math.fround(factors.ONE_EDIT_FACTOR);
const TWO_EDITS_FACTOR = Math.fround(factors.TWO_EDITS_FACTOR);

function vocabulary(terms: string[], frequency: (term: string) => number = () => 1): Vocabulary {
  const sorted = [...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Vocabulary(sorted, (id) => frequency(sorted[id] as string));
}

function matches(v: Vocabulary, term: string, prefix = false): Record<string, number> {
  const { termIds, factors } = v.expand({ term, prefix });
  return Object.fromEntries(Array.from(termIds, (id, i) => [v.terms[id] as string, factors[i] as number]));
}

describe('Vocabulary.expand', () => {
  const v = vocabulary([
    'arp',
    'art',
    'attack',
    'attacks',
    'buffer',
    'cryptography',
    'cryptographic',
    'crypto',
    'rsa',
    'rsh',
  ]);

  it('matches the word itself exactly', () => {
    expect(matches(v, 'rsa')).toEqual({ rsa: EXACT_FACTOR });
  });

  it('allows no typo for words under 4 characters', () => {
    expect(matches(v, 'rsb')).toEqual({});
    expect(matches(v, 'arp')).toEqual({ arp: EXACT_FACTOR });
  });

  it('allows one edit from 4 to 7 characters, scored lower', () => {
    expect(matches(v, 'bufer')).toEqual({ buffer: ONE_EDIT_FACTOR });
    expect(matches(v, 'attakc')).toEqual({ attack: ONE_EDIT_FACTOR });
    expect(matches(v, 'atack')).toEqual({ attack: ONE_EDIT_FACTOR });
    expect(matches(v, 'attack')).toEqual({ attack: EXACT_FACTOR, attacks: ONE_EDIT_FACTOR });
    expect(matches(v, 'bufffer')).toEqual({ buffer: ONE_EDIT_FACTOR });
    expect(matches(v, 'bfufre')).toEqual({});
  });

  it('allows two edits from 8 characters', () => {
    expect(matches(v, 'cryptogrpahy')).toEqual({ cryptography: ONE_EDIT_FACTOR });
    expect(matches(v, 'cryptographi')).toEqual({ cryptography: ONE_EDIT_FACTOR, cryptographic: ONE_EDIT_FACTOR });
    expect(matches(v, 'cryptografic')).toEqual({ cryptographic: TWO_EDITS_FACTOR });
    expect(matches(v, 'crytpogrpahy')).toEqual({ cryptography: TWO_EDITS_FACTOR });
  });

  it('expands the last word as a prefix from 2 characters, keeping the best factor', () => {
    expect(matches(v, 'crypt', true)).toEqual({
      crypto: PREFIX_FACTOR,
      cryptography: PREFIX_FACTOR,
      cryptographic: PREFIX_FACTOR,
    });
    expect(matches(v, 'at', true)).toEqual({ attack: PREFIX_FACTOR, attacks: PREFIX_FACTOR });
    expect(matches(v, 'a', true)).toEqual({});
    expect(matches(v, 'crypt', false)).toEqual({ crypto: ONE_EDIT_FACTOR });
  });

  it(`caps a prefix at the ${PREFIX_MAX_TERMS} terms in the most documents`, () => {
    const terms = Array.from({ length: 120 }, (_, i) => `se${String(i).padStart(3, '0')}`);
    const frequent = vocabulary(terms, (term) => Number(term.slice(2)));
    const found = Object.keys(matches(frequent, 'se', true)).sort();
    expect(found).toHaveLength(PREFIX_MAX_TERMS);
    expect(found[0]).toBe('se070');
    expect(found.at(-1)).toBe('se119');
  });

  it('remembers expansions, so a repeated word costs a lookup', () => {
    expect(v.expand({ term: 'bufer', prefix: false })).toBe(v.expand({ term: 'bufer', prefix: false }));
    expect(v.expand({ term: 'bufer', prefix: true })).not.toBe(v.expand({ term: 'bufer', prefix: false }));
  });

  it('finds terms and reports missing ones', () => {
    expect(v.terms[v.find('buffer')]).toBe('buffer');
    expect(v.find('zzz')).toBe(-1);
  });
});
