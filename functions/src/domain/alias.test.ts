import { describe, expect, it } from 'vitest';
import { aliasFromName, childAlias } from './alias.ts';

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
