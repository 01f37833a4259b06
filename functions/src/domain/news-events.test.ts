import { describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { NewsEventLink } from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { linkBaseFromTitle, linkCandidates, linkWithId } from './news-event-links.ts';
import {
  exceedsDataLimit,
  IMAGE_ADDRESS_MESSAGE,
  imageAddressErrors,
  newsEventPublishAtAfter,
  newsEventScheduleErrors,
  portalFileIdOf,
  requestBodyLength,
  seesUnpublished,
} from './news-events.ts';

const ID = '01jdq8a4b5c6d7e8f9g0h1j2k3';

describe('seesUnpublished', () => {
  const principal = (claims: { type: string; value: string }[], roles = [USER_ROLE]) => ({
    roles,
    claims,
    subscriptions: [COURSEWARE_FEATURE],
  });

  it('is true for a valid login with patch_v1_content only', () => {
    expect(seesUnpublished(principal([{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }]))).toBe(true);
  });

  it('is false for visitors, readers without the claim, and a login without the USER role', () => {
    expect(seesUnpublished(null)).toBe(false);
    expect(seesUnpublished(principal([{ type: CLAIM_TYPES.api, value: API_CLAIMS.deleteNews }]))).toBe(false);
    expect(seesUnpublished(principal([{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }], []))).toBe(false);
  });
});

describe('links', () => {
  it('slugifies the title like an alias', () => {
    expect(linkBaseFromTitle('SEED Labs – Spring Workshop 2027!', ID)).toBe('seed-labs-spring-workshop-2027');
    expect(linkBaseFromTitle('Café & Crypto', ID)).toBe('cafe-and-crypto');
  });

  it('falls back to the id when the title has no usable character', () => {
    expect(linkBaseFromTitle('!!! ???', ID)).toBe(ID);
  });

  it('leaves room for a suffix under the 1024 limit and never ends in a hyphen', () => {
    const base = linkBaseFromTitle(`${'a'.repeat(1015)} b`, ID);
    expect(base.length).toBeLessThanOrEqual(NEWS_EVENT_LIMITS.linkMaxChars - 8);
    expect(base.endsWith('-')).toBe(false);
    expect(NewsEventLink.safeParse(`${base}-9999999`).success).toBe(true);
  });

  it('numbers candidates from -2 on', () => {
    expect(linkCandidates('spring', 1, 3)).toEqual(['spring', 'spring-2', 'spring-3']);
    expect(linkCandidates('spring', 11, 2)).toEqual(['spring-11', 'spring-12']);
    expect(() => linkCandidates('spring', 0, 1)).toThrow(RangeError);
  });

  it('makes a last-resort link with the id that fits and matches the pattern', () => {
    const link = linkWithId('x'.repeat(1016), ID);
    expect(link.length).toBeLessThanOrEqual(NEWS_EVENT_LIMITS.linkMaxChars);
    expect(link.endsWith(`-${ID}`)).toBe(true);
    expect(NewsEventLink.safeParse(link).success).toBe(true);
  });
});

describe('imageAddressErrors', () => {
  it('accepts none, a portal path and an http(s) address', () => {
    for (const image of [
      '',
      '/public/files/01jdq8a4b5c6d7e8f9g0h1j2k3',
      'https://example.org/a.png',
      'http://x.example/a',
    ]) {
      expect(imageAddressErrors(image), image).toEqual([]);
    }
  });

  it('refuses javascript:, data:, protocol-relative and bare addresses', () => {
    for (const image of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'a.png']) {
      expect(imageAddressErrors(image), image).toEqual([{ path: 'body.image', message: IMAGE_ADDRESS_MESSAGE }]);
    }
  });
});

describe('portalFileIdOf', () => {
  it('reads the file id of an uploaded portal file, without query or fragment, URL-decoded', () => {
    expect(portalFileIdOf(`/public/files/${ID}`)).toBe(ID);
    expect(portalFileIdOf(`/public/files/${ID}?v=2`)).toBe(ID);
    expect(portalFileIdOf(`/public/files/${ID}#top`)).toBe(ID);
    expect(portalFileIdOf('/public/files/a%20b')).toBe('a b');
    // Malformed escapes are kept as sent: no such file exists, so the save refuses it.
    expect(portalFileIdOf('/public/files/a%zz')).toBe('a%zz');
    expect(portalFileIdOf('/public/files/')).toBe('');
  });

  it('is null for an empty image, an external address and other portal paths', () => {
    expect(portalFileIdOf('')).toBeNull();
    expect(portalFileIdOf(`https://example.org/public/files/${ID}`)).toBeNull();
    expect(portalFileIdOf('http://example.org/team.png')).toBeNull();
    expect(portalFileIdOf(`/public/${ID}`)).toBeNull();
    expect(portalFileIdOf('/img/team.png')).toBeNull();
    expect(portalFileIdOf(`/PUBLIC/files/${ID}`)).toBeNull();
  });
});

describe('the data limit', () => {
  it('counts the characters of the body as sent, decoding base64 first', () => {
    expect(requestBodyLength(undefined, false)).toBe(0);
    expect(requestBodyLength('{"a":"é"}', false)).toBe(9);
    expect(requestBodyLength(Buffer.from('{"a":"é"}').toString('base64'), true)).toBe(9);
  });

  it('allows exactly 512,000 characters and refuses one more', () => {
    expect(exceedsDataLimit(512_000)).toBe(false);
    expect(exceedsDataLimit(512_001)).toBe(true);
  });
});

describe('news and event schedule rules (issue 25 item 7)', () => {
  const now = new Date('2027-01-01T12:00:00.000Z');
  it('refuses a time at or before now, and a time on an item not saved unpublished', () => {
    expect(newsEventScheduleErrors('unpublished', '2027-01-01T12:00:00.000Z', now)).toEqual([
      { path: 'body.publishAt', message: 'Must be a date and time in the future.' },
    ]);
    expect(newsEventScheduleErrors('published', '2027-01-01T12:01:00.000Z', now)[0]?.path).toBe('body.publishAt');
    expect(newsEventScheduleErrors('unpublished', '2027-01-01T12:01:00.000Z', now)).toEqual([]);
    expect(newsEventScheduleErrors('published', null, now)).toEqual([]);
    expect(newsEventScheduleErrors('published', undefined, now)).toEqual([]);
  });
  it('keeps the stored time when absent, cancels with null, normalises, and clears when not unpublished', () => {
    const stored = '2027-02-01T00:00:00.000Z';
    expect(newsEventPublishAtAfter('unpublished', undefined, stored)).toBe(stored);
    expect(newsEventPublishAtAfter('unpublished', null, stored)).toBeNull();
    expect(newsEventPublishAtAfter('unpublished', '2027-03-01T10:00:00+01:00', null)).toBe('2027-03-01T09:00:00.000Z');
    expect(newsEventPublishAtAfter('published', undefined, stored)).toBeNull();
  });
});
