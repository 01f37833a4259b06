import { describe, expect, it } from 'vitest';
import { createRandom } from './catalog-generator.ts';
import { bitCount, characterMask, editDistance, maxEditsFor } from './fuzzy.ts';

describe('editDistance', () => {
  it('counts a transposition of adjacent characters as one edit', () => {
    expect(editDistance('sql', 'slq', 2)).toBe(1);
    expect(editDistance('overflow', 'ovreflow', 2)).toBe(1);
  });

  it('counts insertions, deletions and substitutions as one edit each', () => {
    expect(editDistance('buffer', 'bufer', 2)).toBe(1);
    expect(editDistance('buffer', 'bufffer', 2)).toBe(1);
    expect(editDistance('buffer', 'buffor', 2)).toBe(1);
    expect(editDistance('injection', 'injecton', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('is 0 for equal words and symmetric', () => {
    expect(editDistance('cipher', 'cipher', 1)).toBe(0);
    expect(editDistance('cryptography', 'crytpogrpahy', 3)).toBe(editDistance('crytpogrpahy', 'cryptography', 3));
  });

  it('returns max + 1 once the distance must exceed max', () => {
    expect(editDistance('spectre', 'meltdown', 2)).toBe(3);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
    expect(editDistance('', 'ab', 1)).toBe(2);
    expect(editDistance('', 'a', 1)).toBe(1);
  });

  it('handles words longer than its initial scratch rows', () => {
    const long = 'x'.repeat(100);
    expect(editDistance(long, `${long}y`, 1)).toBe(1);
  });
});

describe('maxEditsFor', () => {
  it('allows no typo below 4 characters, 1 up to 7 and 2 from 8', () => {
    expect([1, 3, 4, 7, 8, 20].map(maxEditsFor)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('characterMask', () => {
  it('never rules out a term within k edits (random words, 1 and 2 edits)', () => {
    const random = createRandom(42);
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789é';
    const edit = (word: string) => {
      const at = random.int(word.length);
      const letter = random.pick([...letters]);
      switch (random.int(4)) {
        case 0:
          return word.slice(0, at) + word.slice(at + 1);
        case 1:
          return word.slice(0, at) + letter + word.slice(at);
        case 2:
          return word.slice(0, at) + letter + word.slice(at + 1);
        default:
          return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
      }
    };
    for (let i = 0; i < 2000; i += 1) {
      const word = Array.from({ length: 4 + random.int(10) }, () => random.pick([...letters])).join('');
      const once = edit(word);
      const twice = edit(once);
      expect(bitCount(characterMask(word) ^ characterMask(once))).toBeLessThanOrEqual(2);
      expect(bitCount(characterMask(word) ^ characterMask(twice))).toBeLessThanOrEqual(4);
    }
  });

  it('counts bits of 32-bit values', () => {
    expect([0, 1, 0b1011, -1, 1 << 31].map(bitCount)).toEqual([0, 1, 3, 32, 1]);
  });
});
