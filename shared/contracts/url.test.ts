import { describe, expect, it } from 'vitest';
import { ContentFields } from './content.ts';
import { Message } from './identity.ts';
import { NewsInput } from './news.ts';
import { WidgetLink } from './page.ts';
import { RuntimeConfig } from './runtime-config.ts';
import { isAllowedUrl, urlField, urlRuleMessage } from './url.ts';

/** Addresses that must never be stored or rendered as a link (issue 21 item 6). */
const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'javascript&colon;alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.org/x',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'http:/evil.example',
  'http://',
  'https://exa mple.org',
  'https://example.org/a\u2028b',
  'example.org',
  'mailto:team@example.org',
  '',
];
const ABSOLUTE = [
  'http://example.org',
  'https://example.org/path?q=1#top',
  'HTTPS://Example.org/A',
  'https://例え.jp/',
];
const PATHS = ['/', '/news', '/courseware/seed-labs?page=2', '/public/files/01jd3k2m4n5p6q7r8s9t0v1w2x'];

describe('the one URL rule (issue 21 item 6)', () => {
  it.each(REFUSED)('refuses %j in every field kind', (value) => {
    expect(isAllowedUrl(value)).toBe(false);
    if (value !== 'mailto:team@example.org') expect(isAllowedUrl(value, { paths: true, mailto: true })).toBe(false);
  });

  it.each(ABSOLUTE)('takes the http(s) address %j everywhere', (value) => {
    expect(isAllowedUrl(value)).toBe(true);
    expect(isAllowedUrl(value, { paths: true })).toBe(true);
  });

  it.each(PATHS)('takes the in-site path %j only where the field allows paths', (value) => {
    expect(isAllowedUrl(value)).toBe(false);
    expect(isAllowedUrl(value, { paths: true })).toBe(true);
  });

  it('takes mailto: only where the field allows it', () => {
    expect(isAllowedUrl('mailto:team@example.org', { paths: true })).toBe(false);
    expect(isAllowedUrl('mailto:team@example.org', { paths: true, mailto: true })).toBe(true);
  });

  it('trims, limits the length and names what the field takes', () => {
    const field = urlField({ max: 30, paths: true });
    expect(field.parse('  /news  ')).toBe('/news');
    expect(field.safeParse(`https://example.org/${'a'.repeat(20)}`).error?.issues[0]?.message).toBe(
      'Must be at most 30 characters.',
    );
    expect(field.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      "Must be an address starting with http:// or https:// or a path of this site starting with '/'.",
    );
    expect(urlField({ max: 10, empty: true }).parse('')).toBe('');
    expect(urlRuleMessage()).toBe('Must be an address starting with http:// or https://.');
  });
});

describe('every URL field of the contracts follows it', () => {
  it.each(REFUSED.filter((value) => value !== ''))('refuses %j in each field', (value) => {
    expect(ContentFields.shape.sourceUrl.safeParse(value).success).toBe(false);
    expect(NewsInput.shape.externalLink.safeParse(value).success).toBe(false);
    expect(NewsInput.shape.image.safeParse(value).success).toBe(false);
    expect(Message.shape.link.safeParse(value).success).toBe(false);
    if (value !== 'mailto:team@example.org') expect(WidgetLink.safeParse(value).success).toBe(false);
    expect(RuntimeConfig.shape.apiBaseUrl.safeParse(value).success).toBe(false);
  });

  it('takes what each field allows', () => {
    expect(ContentFields.shape.sourceUrl.safeParse('https://seedsecuritylabs.org/').success).toBe(true);
    expect(ContentFields.shape.sourceUrl.safeParse('/courseware').success).toBe(false);
    expect(NewsInput.shape.externalLink.parse('')).toBe('');
    expect(NewsInput.shape.image.parse('/public/files/01jd3k2m4n5p6q7r8s9t0v1w2x')).toBe(
      '/public/files/01jd3k2m4n5p6q7r8s9t0v1w2x',
    );
    expect(WidgetLink.safeParse('mailto:team@example.org').success).toBe(true);
    expect(Message.shape.link.parse('/dashboard')).toBe('/dashboard');
    expect(RuntimeConfig.shape.apiBaseUrl.parse('/api/v1')).toBe('/api/v1');
  });
});
