import { describe, expect, it } from 'vitest';
import { cutAtWord, MAX_QUERY_WORDS, MAX_TERM_CHARS, normaliseText, queryWords, tokenize } from './text.ts';

describe('normaliseText', () => {
  it('lower-cases and removes diacritics', () => {
    expect(normaliseText('Résumé ÇA Naïve Ångström')).toBe('resume ca naive angstrom');
  });

  it('folds compatibility forms (NFKD), e.g. ligatures and full-width letters', () => {
    expect(normaliseText('ﬁle ＳＱＬ')).toBe('file sql');
  });
});

describe('tokenize', () => {
  it('splits on anything that is not a letter or a digit', () => {
    expect(tokenize('Set-UID (Server Version), micro:bit & /dev/urandom')).toEqual([
      'set',
      'uid',
      'server',
      'version',
      'micro',
      'bit',
      'dev',
      'urandom',
    ]);
  });

  it('keeps digits and non-Latin letters, and duplicates', () => {
    expect(tokenize('MD5 md5 x86 Привет')).toEqual(['md5', 'md5', 'x86', 'привет']);
  });

  it(`cuts terms to ${MAX_TERM_CHARS} characters`, () => {
    const [term] = tokenize('a'.repeat(100));
    expect(term).toHaveLength(MAX_TERM_CHARS);
  });

  it('gives nothing for text without letters or digits', () => {
    expect(tokenize(' -- !! ')).toEqual([]);
  });
});

describe('queryWords', () => {
  it('drops stop words and marks the last word as a prefix', () => {
    expect(queryWords('The basics of SQL injection')).toEqual([
      { term: 'basics', prefix: false },
      { term: 'sql', prefix: false },
      { term: 'injection', prefix: true },
    ]);
  });

  it('keeps stop words when the query has nothing else', () => {
    expect(queryWords('the of')).toEqual([
      { term: 'the', prefix: false },
      { term: 'of', prefix: true },
    ]);
  });

  it('has no prefix word when the last word is a dropped stop word', () => {
    expect(queryWords('buffer overflow in')).toEqual([
      { term: 'buffer', prefix: false },
      { term: 'overflow', prefix: false },
    ]);
  });

  it('merges duplicate words, keeping the prefix mark of the last one', () => {
    expect(queryWords('sql injection SQL')).toEqual([
      { term: 'sql', prefix: true },
      { term: 'injection', prefix: false },
    ]);
  });

  it(`keeps at most ${MAX_QUERY_WORDS} distinct words`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(text)).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('cutAtWord', () => {
  it('leaves short text alone', () => {
    expect(cutAtWord('short text', 240)).toBe('short text');
  });

  it('cuts at a word boundary and ends in an ellipsis within the limit', () => {
    const text = 'The objective of this lab is to help students understand the attack.';
    const cut = cutAtWord(text, 30);
    expect(cut).toBe('The objective of this lab is…');
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(cutAtWord('alpha, beta, gamma delta', 14)).toBe('alpha, beta…');
  });

  it('cuts hard when there is no space in reach, never inside a surrogate pair', () => {
    expect(cutAtWord('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    const cut = cutAtWord(`${'x'.repeat(8)}😀😀😀`, 10);
    expect(cut).toBe(`${'x'.repeat(8)}…`);
  });
});
