import { describe, expect, it } from 'vitest';
import { KNOWN_LICENCES, knownLicence, licenceAllowsRedistribution } from './licences.ts';

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

describe('licenceAllowsRedistribution (issue 24 item 1, decision record 059)', () => {
  it('allows the Creative Commons licences, CC0 and MIT, as a catalogue writes them', () => {
    for (const licence of [
      'CC BY-NC-SA 4.0',
      'CC BY-SA 4.0',
      'Creative Commons Attribution-ShareAlike 4.0 International',
      'CC0 1.0',
      'https://creativecommons.org/publicdomain/zero/1.0/',
      'MIT',
      'MIT License',
      '',
    ]) {
      expect(licenceAllowsRedistribution(licence), licence).toBe(true);
    }
  });

  it('refuses a licence the portal does not know', () => {
    for (const licence of ['All rights reserved', 'Proprietary', 'CC BY 3.0', 'Licensed by MIT Lincoln Laboratory']) {
      expect(licenceAllowsRedistribution(licence), licence).toBe(false);
    }
  });
});
