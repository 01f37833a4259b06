// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NEWS_EVENT_DATA_TOO_LONG_MESSAGE } from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { EMPTY_PARTS, isoOf, partsOf } from '../../../lib/date-time.ts';
import { descriptionText, stripImageAlts } from './description.ts';
import {
  bodyOf,
  checkDraft,
  DATE_REQUIRED_MESSAGE,
  dataErrorOf,
  draftOf,
  type NewsEventDraft,
  newsEventSchema,
} from './form.ts';

const DATE = '2027-03-04T14:30:00.000Z';

function draft(overrides: Partial<NewsEventDraft> = {}): NewsEventDraft {
  return {
    ...draftOf(null),
    name: 'Spring capture-the-flag workshop',
    link: 'spring-ctf-workshop',
    location: 'Online',
    date: DATE,
    description: '<p>Two hours of guided exercises.</p>',
    ...overrides,
  };
}

const tooLong = (max: number) => `Must be at most ${max} characters.`;
const https = (length: number) => `https://example.org/${'a'.repeat(length - 'https://example.org/'.length)}`;

describe('the news and event dialog checks (spec §5 "News and event dialog")', () => {
  it('accepts a complete news item and an event, trimmed, with their own fields only', () => {
    const news = checkDraft('news', draft({ name: '  Range news  ', externalLink: 'https://example.org/story' }));
    expect(news).toEqual({
      ok: true,
      body: expect.objectContaining({
        name: 'Range news',
        externalLink: 'https://example.org/story',
        link: 'spring-ctf-workshop',
      }),
    });
    expect(news.ok && 'location' in news.body).toBe(false);
    const event = checkDraft('event', draft());
    expect(event.ok && event.body).toEqual(
      expect.objectContaining({ location: 'Online', date: DATE, status: 'published' }),
    );
    expect(event.ok && 'externalLink' in event.body).toBe(false);
  });

  it('requires the title, the description, an event link and location, and a complete date', () => {
    const empty = { name: ' ', link: '', location: '', description: '', date: '' };
    const event = checkDraft('event', draft(empty));
    expect(event).toEqual({
      ok: false,
      dataError: null,
      errors: {
        name: 'Is required.',
        link: 'Is required.',
        location: 'Is required.',
        description: 'Is required.',
        date: DATE_REQUIRED_MESSAGE,
      },
    });
    // A news item's link is optional: the server makes one from the title.
    const news = checkDraft('news', draft({ link: '' }));
    expect(news.ok).toBe(true);
  });

  it.each([
    ['name', NEWS_EVENT_LIMITS.titleMaxChars, (length: number) => 'T'.repeat(length)],
    ['link', NEWS_EVENT_LIMITS.linkMaxChars, (length: number) => 'a'.repeat(length)],
    ['location', NEWS_EVENT_LIMITS.locationMaxChars, (length: number) => 'L'.repeat(length)],
    ['description', NEWS_EVENT_LIMITS.descriptionMaxChars, (length: number) => 'd'.repeat(length)],
    ['image', NEWS_EVENT_LIMITS.imageMaxChars, (length: number) => `/public/files/${'i'.repeat(length - 14)}`],
  ] as const)('an event %s: %i characters pass, one more is refused', (field, max, value) => {
    expect(checkDraft('event', draft({ [field]: value(max) })).ok).toBe(true);
    const past = checkDraft('event', draft({ [field]: value(max + 1) }));
    expect(past.ok ? null : past.errors).toEqual({ [field]: tooLong(max) });
  });

  it.each([
    ['name', NEWS_EVENT_LIMITS.titleMaxChars, (length: number) => 'T'.repeat(length)],
    ['link', NEWS_EVENT_LIMITS.linkMaxChars, (length: number) => 'a'.repeat(length)],
    ['externalLink', NEWS_EVENT_LIMITS.externalLinkMaxChars, https],
    ['description', NEWS_EVENT_LIMITS.descriptionMaxChars, (length: number) => 'd'.repeat(length)],
    ['image', NEWS_EVENT_LIMITS.imageMaxChars, (length: number) => `/public/files/${'i'.repeat(length - 14)}`],
  ] as const)('a news %s: %i characters pass, one more is refused', (field, max, value) => {
    expect(checkDraft('news', draft({ [field]: value(max) })).ok).toBe(true);
    const past = checkDraft('news', draft({ [field]: value(max + 1) }));
    expect(past.ok ? null : past.errors).toEqual({ [field]: tooLong(max) });
  });

  it('refuses a malformed link and a non-http external link with the contract messages', () => {
    const result = checkDraft('news', draft({ link: 'Spring CTF', externalLink: 'ftp://example.org' }));
    expect(result.ok ? null : result.errors).toEqual({
      link: 'Use lower-case letters, digits and single hyphens, e.g. spring-workshop-2027.',
      externalLink: 'Must be an address starting with http:// or https://.',
    });
  });

  it('limits the date to 256 characters and asks for a date and time when it is not one', () => {
    const long = checkDraft('event', draft({ date: 'x'.repeat(NEWS_EVENT_LIMITS.dateMaxChars + 1) }));
    expect(long.ok ? null : long.errors).toEqual({ date: tooLong(NEWS_EVENT_LIMITS.dateMaxChars) });
    const wrong = checkDraft('event', draft({ date: 'x'.repeat(NEWS_EVENT_LIMITS.dateMaxChars) }));
    expect(wrong.ok ? null : wrong.errors).toEqual({ date: DATE_REQUIRED_MESSAGE });
  });

  it('refuses a whole item over 512,000 characters with the contract message, and not one at the limit', () => {
    const base = draft({ description: '' });
    const overhead = JSON.stringify(bodyOf('event', base)).length;
    const atLimit = checkDraft('event', {
      ...base,
      description: 'd'.repeat(NEWS_EVENT_LIMITS.dataMaxChars - overhead),
    });
    expect(atLimit.ok ? null : atLimit.dataError).toBeNull();
    const past = checkDraft('event', {
      ...base,
      description: 'd'.repeat(NEWS_EVENT_LIMITS.dataMaxChars - overhead + 1),
    });
    expect(past.ok ? null : past.dataError).toBe(NEWS_EVENT_DATA_TOO_LONG_MESSAGE);
    expect(past.ok ? null : past.errors.description).toBe(tooLong(NEWS_EVENT_LIMITS.descriptionMaxChars));
  });

  it('strips the alt text of every image in the description and adds an empty alt before saving', () => {
    const html = '<p>Team photo <img src="/public/files/a" alt="Our team at the range"></p><img src="/b.png">';
    const result = checkDraft('news', draft({ description: html }));
    expect(result.ok && result.body.description).toBe(
      '<p>Team photo <img src="/public/files/a" alt=""></p><img src="/b.png" alt="">',
    );
    expect(stripImageAlts('<p>No images</p>')).toBe('<p>No images</p>');
  });
});

describe('the dialog form schema (issue 23 item 4)', () => {
  it('puts each message at its field and parses to the trimmed body', () => {
    const schema = newsEventSchema('event');
    const bad = schema.safeParse({ ...draft({ name: ' ', date: '' }), picked: null });
    expect(bad.success ? [] : bad.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Is required.'],
      ['date', DATE_REQUIRED_MESSAGE],
    ]);
    const good = schema.safeParse({ ...draft({ name: ' Range day ' }), picked: null });
    expect(good.success && good.data).toEqual(expect.objectContaining({ name: 'Range day', location: 'Online' }));
    expect(good.success && 'picked' in good.data).toBe(false);
  });

  it('names a whole item over 512,000 characters apart from the fields', () => {
    expect(dataErrorOf('news', draft())).toBeNull();
    expect(dataErrorOf('news', draft({ description: 'd'.repeat(NEWS_EVENT_LIMITS.dataMaxChars) }))).toBe(
      NEWS_EVENT_DATA_TOO_LONG_MESSAGE,
    );
  });
});

describe('descriptions as text', () => {
  it('drops markup and scripts and separates blocks', () => {
    expect(descriptionText('<p>First</p><p>Second <b>bold</b></p><script>alert(1)</script>')).toBe('First Second bold');
  });
});

describe('the date-time picker value (spec §4 "Date-time picker")', () => {
  it('emits an ISO date-time only when the date and the whole AM/PM time are set', () => {
    const parts = { date: '2027-03-04', hour: '2', minute: '30', period: 'PM' } as const;
    expect(isoOf(parts)).toBe(new Date(2027, 2, 4, 14, 30).toISOString());
    expect(isoOf({ ...parts, hour: '12', period: 'AM' })).toBe(new Date(2027, 2, 4, 0, 30).toISOString());
    expect(isoOf({ ...parts, hour: '12', period: 'PM' })).toBe(new Date(2027, 2, 4, 12, 30).toISOString());
    expect(isoOf({ ...parts, period: '' })).toBe('');
    expect(isoOf({ ...parts, date: '' })).toBe('');
    expect(isoOf({ ...parts, date: '2027-02-30' })).toBe('');
    expect(isoOf(EMPTY_PARTS)).toBe('');
  });

  it('reads a stored date-time back into its parts', () => {
    const iso = new Date(2027, 10, 9, 21, 5).toISOString();
    expect(partsOf(iso)).toEqual({ date: '2027-11-09', hour: '9', minute: '05', period: 'PM' });
    expect(isoOf(partsOf(iso))).toBe(iso);
    expect(partsOf('')).toEqual(EMPTY_PARTS);
  });
});

describe('the publishing schedule in the form (issue 25 item 7)', () => {
  const future = new Date(Date.now() + 86_400_000).toISOString();
  it('sends the time, or null to cancel, only for an unpublished item', () => {
    expect(bodyOf('event', draft({ status: 'unpublished', publishAt: future }))).toMatchObject({ publishAt: future });
    expect(bodyOf('event', draft({ status: 'unpublished', publishAt: '' }))).toMatchObject({ publishAt: null });
    expect(bodyOf('news', draft({ status: 'published', publishAt: future }))).not.toHaveProperty('publishAt');
  });
  it('refuses a time that is not in the future at publishAt', () => {
    const past = checkDraft('event', draft({ status: 'unpublished', publishAt: '2020-01-01T00:00:00.000Z' }));
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.errors.publishAt).toBe('Must be a date and time in the future.');
    expect(checkDraft('event', draft({ status: 'unpublished', publishAt: future })).ok).toBe(true);
  });
});
