import { describe, expect, it } from 'vitest';
import { KNOWN_LICENCES, knownLicence } from './licences.ts';

describe('knownLicence', () => {
  it.each([
    ['CC BY-NC-SA 4.0', 'https://creativecommons.org/licenses/by-nc-sa/4.0/'],
    [
      'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    ],
    ['CC BY-SA 4.0', 'https://creativecommons.org/licenses/by-sa/4.0/'],
    ['CC-BY-SA 4.0', 'https://creativecommons.org/licenses/by-sa/4.0/'],
    ['https://creativecommons.org/licenses/by-sa/4.0/', 'https://creativecommons.org/licenses/by-sa/4.0/'],
    ['CC0 1.0', 'https://creativecommons.org/publicdomain/zero/1.0/'],
    ['CC0 1.0 Universal', 'https://creativecommons.org/publicdomain/zero/1.0/'],
    ['MIT', 'https://spdx.org/licenses/MIT.html'],
    ['MIT License', 'https://spdx.org/licenses/MIT.html'],
  ])('recognises %s', (text, url) => {
    expect(knownLicence(text)?.url).toBe(url);
  });

  it('does not take a non-commercial licence for BY-SA, nor a sentence mentioning MIT for the MIT licence', () => {
    expect(knownLicence('CC BY-NC-SA 4.0')?.short).toBe('CC BY-NC-SA 4.0');
    expect(knownLicence('Licensed by MIT Lincoln Laboratory')).toBeNull();
  });

  it('answers the portal default for an empty licence and null for an unknown one', () => {
    expect(knownLicence('  ')?.short).toBe('CC BY-NC-SA 4.0');
    expect(knownLicence('Proprietary')).toBeNull();
    expect(knownLicence('CC BY 3.0')).toBeNull();
  });

  it('knows every licence either seed catalogue uses', () => {
    for (const short of ['CC BY-NC-SA 4.0', 'CC BY-SA 4.0', 'CC0 1.0', 'MIT']) {
      expect(KNOWN_LICENCES.map((licence) => licence.short)).toContain(short);
      expect(knownLicence(short)?.short).toBe(short);
    }
  });
});
