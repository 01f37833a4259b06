/**
 * The licences the portal's courseware is shared under (spec §1; decision record 006
 * for the portal's own CC BY-NC-SA 4.0; issue 24 item 0 for the others the seed
 * catalogues use: CC BY-SA 4.0, CC0 1.0, MIT). Each item names its own licence as
 * text (`Content.licence`); {@link knownLicence} recognises the ones below so that the
 * SPA's licence notice, the server's first HTML and the JSON-LD name and link them.
 * A licence not listed is shown as its text, unchanged.
 */

/** A licence the portal names in full and links to. */
export interface KnownLicence {
  /** The short name courseware catalogues write, e.g. `CC BY-SA 4.0`. */
  readonly short: string;
  /** The licence's own full name, e.g. `Creative Commons Attribution-ShareAlike 4.0 International`. */
  readonly name: string;
  /** The licence's canonical address (its deed or legal text). */
  readonly url: string;
  /** Matches the licence as a catalogue or an editor may write it (short name, full name or address). */
  readonly pattern: RegExp;
}

/** The licence of content that names none (decision record 006). */
export const DEFAULT_LICENCE_SHORT = 'CC BY-NC-SA 4.0';

/** Every known licence, the most specific pattern first (BY-NC-SA before BY-SA). */
export const KNOWN_LICENCES: readonly KnownLicence[] = [
  {
    short: 'CC BY-NC-SA 4.0',
    name: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    pattern:
      /\bby[\s-]*nc[\s-]*sa(?:[\s-]*|\/)4\.0|attribution[\s-]*non[\s-]*commercial[\s-]*share[\s-]*alike[\s-]*4\.0/i,
  },
  {
    short: 'CC BY-SA 4.0',
    name: 'Creative Commons Attribution-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    pattern: /\bby[\s-]*sa(?:[\s-]*|\/)4\.0|\battribution[\s-]*share[\s-]*alike[\s-]*4\.0/i,
  },
  {
    short: 'CC0 1.0',
    name: 'Creative Commons CC0 1.0 Universal public domain dedication',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    pattern: /\bcc0\b|publicdomain\/zero\/1\.0/i,
  },
  {
    short: 'MIT',
    name: 'MIT License',
    url: 'https://spdx.org/licenses/MIT.html',
    pattern: /^\s*(?:the\s+)?mit(?:\s+licen[cs]e)?\s*$|spdx\.org\/licenses\/MIT\b/i,
  },
];

/**
 * The known licence a licence text names, or null for one the portal does not know
 * (shown as its text). An empty text is the portal's default, CC BY-NC-SA 4.0
 * (decision record 006).
 */
export function knownLicence(text: string): KnownLicence | null {
  const trimmed = text.trim();
  const wanted = trimmed === '' ? DEFAULT_LICENCE_SHORT : trimmed;
  return KNOWN_LICENCES.find((licence) => licence.pattern.test(wanted)) ?? null;
}

/**
 * Whether a licence lets the portal show anyone, visitors included, a verbatim image of
 * a file's first page (issue 24 item 1, decision record 059): true for every licence
 * {@link knownLicence} recognises (the Creative Commons licences of the catalogue, CC0
 * and MIT each allow copies to be shared), false for a licence text the portal does not
 * know (it cannot tell what that licence allows, so nothing is shown).
 */
export function licenceAllowsRedistribution(text: string): boolean {
  return knownLicence(text) !== null;
}
