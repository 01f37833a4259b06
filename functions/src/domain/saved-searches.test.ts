import { describe, expect, it } from 'vitest';
import { SavedSearchQuery } from '#shared/contracts/saved-search';
import {
  composeSavedSearchDigest,
  digestSince,
  digestSlotOf,
  isoWeekOf,
  newUnsubscribeSecret,
  parseUnsubscribeToken,
  savedSearchLink,
  savedSearchPath,
  screenSince,
  unsubscribeApiLink,
  unsubscribeSecretMatches,
  unsubscribeToken,
} from './saved-searches.ts';

const USER = '01jd3k4m5n6p7q8r9s0t1v2w3x';
const ORIGIN = 'https://portal.example.org';

describe('the points new items are counted from', () => {
  it('counts the screen from the seen point and the digest from the later of seen and digest', () => {
    const early = '2026-11-01T00:00:00.000Z';
    const late = '2026-11-20T00:00:00.000Z';
    expect(screenSince({ seenTimestamp: early, digestTimestamp: late })).toBe(early);
    expect(digestSince({ seenTimestamp: early, digestTimestamp: late })).toBe(late);
    expect(digestSince({ seenTimestamp: late, digestTimestamp: early })).toBe(late);
  });
});

describe('the week of a digest', () => {
  it('names ISO 8601 weeks, the year of their Thursday deciding', () => {
    expect(isoWeekOf(new Date('2026-11-30T08:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2026-12-06T23:59:59Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
  });

  it('starts each weekly slot on Monday at 08:00 UTC', () => {
    expect(digestSlotOf(new Date('2026-11-30T08:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(digestSlotOf(new Date('2026-11-30T07:59:59Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(digestSlotOf(new Date('2026-12-03T15:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });
});

describe('the unsubscribe token', () => {
  it('round-trips a user id and a 256-bit secret, and matches only the stored secret', () => {
    const secret = newUnsubscribeSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const parsed = parseUnsubscribeToken(unsubscribeToken(USER, secret));
    expect(parsed).toEqual({ userId: USER, secret });
    expect(unsubscribeSecretMatches(secret, secret)).toBe(true);
    expect(unsubscribeSecretMatches(newUnsubscribeSecret(), secret)).toBe(false);
    expect(unsubscribeSecretMatches(secret, undefined)).toBe(false);
    expect(unsubscribeSecretMatches(secret.slice(1), secret)).toBe(false);
  });

  it('refuses a mangled or forged token', () => {
    expect(parseUnsubscribeToken('forged')).toBeNull();
    expect(parseUnsubscribeToken(`${USER}.short`)).toBeNull();
    expect(parseUnsubscribeToken(`${USER.toUpperCase()}.${'A'.repeat(43)}`)).toBeNull();
    expect(parseUnsubscribeToken(`${USER}.${'A'.repeat(43)}.x`)).toBeNull();
  });
});

describe('the digest e-mail', () => {
  const query = SavedSearchQuery.parse({
    text: 'buffer overflow',
    filter: { contentCategories: ['exercise'] },
    sort: 'newest',
  });

  it('links a saved search to its results address, the one-click address to the API', () => {
    expect(savedSearchLink(ORIGIN, query)).toBe(
      'https://portal.example.org/courseware?q=buffer+overflow&cat=exercise&sort=newest',
    );
    expect(savedSearchPath(query)).toBe('/courseware?q=buffer+overflow&cat=exercise&sort=newest');
    expect(savedSearchPath(SavedSearchQuery.parse({}))).toBe('/courseware');
    expect(unsubscribeApiLink(ORIGIN, 'tok')).toBe(
      'https://portal.example.org/api/v1/saved-searches/unsubscribe?token=tok',
    );
  });

  it('lists each search with its newest items, counts the rest, and ends with the manage and unsubscribe links', () => {
    const email = composeSavedSearchDigest({
      brand: 'USCR',
      displayName: 'Fay Faculty',
      origin: ORIGIN,
      token: 'tok',
      searches: [
        {
          name: 'Overflow labs',
          link: `${ORIGIN}/courseware?q=overflow`,
          items: [
            { name: 'Lab one', link: `${ORIGIN}/courseware/lab-one` },
            { name: 'Lab two', link: `${ORIGIN}/courseware/lab-two` },
          ],
          total: 5,
        },
        {
          name: 'Ciphers',
          link: `${ORIGIN}/courseware?q=cipher`,
          items: [{ name: 'Caesar', link: `${ORIGIN}/courseware/caesar` }],
          total: 1,
        },
      ],
    });
    expect(email.subject).toBe('6 new items match your saved searches');
    expect(email.text).toContain('Hello Fay Faculty,');
    expect(email.text).toContain('US Cyber Range');
    expect(email.text).toContain(
      `Overflow labs (5 new)\n${ORIGIN}/courseware?q=overflow\n  - Lab one\n    ${ORIGIN}/courseware/lab-one`,
    );
    expect(email.text).toContain(`  and 3 more: ${ORIGIN}/courseware?q=overflow`);
    expect(email.text).toContain('Ciphers (1 new)');
    expect(email.text).not.toContain('and 0 more');
    expect(email.text).toContain(`Manage your saved searches: ${ORIGIN}/saved-searches`);
    expect(email.text).toContain(`Stop these e-mails: ${ORIGIN}/saved-searches/unsubscribe?token=tok`);
  });
});
