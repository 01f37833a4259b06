import { describe, expect, it } from 'vitest';
import { aliasFromName, childAlias, newItemAlias, normaliseAlias } from './alias.ts';

describe('aliasFromName', () => {
  it('lower-cases, trims and turns spaces into hyphens (spec §4)', () => {
    expect(aliasFromName('  Format String Attack Lab ')).toBe('format-string-attack-lab');
  });

  it('drops characters outside [a-z0-9-] and collapses hyphen runs', () => {
    expect(aliasFromName('Buffer Overflow Attack Lab (Set-UID Version)')).toBe(
      'buffer-overflow-attack-lab-set-uid-version',
    );
    expect(aliasFromName('SEED Labs – Software Security')).toBe('seed-labs-software-security');
    expect(aliasFromName('Secret-Key Encryption Lab – Task 3: Encryption Mode – ECB vs. CBC')).toBe(
      'secret-key-encryption-lab-task-3-encryption-mode-ecb-vs-cbc',
    );
    expect(aliasFromName('a -- b')).toBe('a-b');
  });

  it('folds accents and spells out the ampersand', () => {
    expect(aliasFromName('Café Personal & Private')).toBe('cafe-personal-and-private');
  });
});

describe('childAlias', () => {
  it("prefixes the child's alias with its parent's (spec §2.6)", () => {
    expect(childAlias('seed-labs', 'SEED Labs – Web Security')).toBe('seed-labs/seed-labs-web-security');
  });
});

describe('normaliseAlias', () => {
  it('lower-cases, trims, drops /courseware/ and normalises each segment', () => {
    expect(normaliseAlias('  /courseware/SEED Labs/Buffer Overflow!  ')).toBe('seed-labs/buffer-overflow');
  });

  it('drops empty segments and returns an empty string when nothing usable remains', () => {
    expect(normaliseAlias('a//b/')).toBe('a/b');
    expect(normaliseAlias(' !!! ')).toBe('');
  });
});

describe('newItemAlias', () => {
  const id = '01jdq7h2k3m4n5p6q7r8s9t0va';

  it('uses the lower-cased, hyphenated name for a top-level item (spec §4)', () => {
    expect(newItemAlias({ id, name: ' Packet Capture 101 ' })).toBe('packet-capture-101');
  });

  it("prefixes a child's alias with its parent's (spec §2.6)", () => {
    expect(newItemAlias({ id, name: 'Lab One', parentAlias: 'networks' })).toBe('networks/lab-one');
  });

  it("keeps the editor's alias, normalised", () => {
    expect(newItemAlias({ id, name: 'Lab One', urlAlias: 'My Alias', parentAlias: 'networks' })).toBe('my-alias');
  });

  it('falls back to the id when the name has no usable characters', () => {
    expect(newItemAlias({ id, name: '???' })).toBe(id);
  });
});
