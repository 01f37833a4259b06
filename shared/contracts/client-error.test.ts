import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, ClientErrorReport, scrubClientErrorReport, scrubClientText } from './client-error.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('scrubClientText (issue 21 item 24)', () => {
  it('removes query strings and fragments of addresses and paths', () => {
    expect(scrubClientText(`https://portal.example/auth?t=${JWT}&x=1#s=abc`)).toBe('https://portal.example/auth');
    expect(scrubClientText('GET /api/v1/invitations/preview?token=abc.def failed')).toBe(
      'GET /api/v1/invitations/preview failed',
    );
    expect(scrubClientText('at https://portal.example/assets/index-abc.js:10:20')).toBe(
      'at https://portal.example/assets/index-abc.js:10:20',
    );
  });

  it('replaces JWT-looking strings, bearer tokens, e-mail addresses and secret pairs', () => {
    expect(scrubClientText(`token ${JWT} expired`)).toBe('token [jwt] expired');
    expect(scrubClientText('Authorization: Bearer abc.def-123')).toBe('Authorization: Bearer [redacted]');
    expect(scrubClientText('No account for Pat.Lee+x@mail.example.edu.')).toBe('No account for [email].');
    expect(scrubClientText('sent t=abc123 and s=zzz, password=hunter2')).toBe(
      'sent t=[redacted] and s=[redacted], password=[redacted]',
    );
  });

  it('is idempotent and leaves ordinary messages alone', () => {
    const once = scrubClientText(`x https://a.example/p?q=1 pat@example.edu ${JWT}`);
    expect(scrubClientText(once)).toBe(once);
    expect(scrubClientText("Cannot read properties of undefined (reading 'id')")).toBe(
      "Cannot read properties of undefined (reading 'id')",
    );
  });
});

describe('scrubClientErrorReport', () => {
  it('scrubs every text field and cuts it to its maximum, so the result validates', () => {
    const report = scrubClientErrorReport({
      kind: 'api',
      message: `${'m'.repeat(2000)} pat@example.edu`,
      stack: 's'.repeat(10_000),
      url: `https://portal.example/content/x?t=${JWT}`,
      api: { method: 'POST', path: '/api/v1/authenticate?s=secret', status: 0 },
    });
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.messageMaxChars);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stackMaxChars);
    expect(report.url).toBe('https://portal.example/content/x');
    expect(report.api).toEqual({ method: 'POST', path: '/api/v1/authenticate', status: 0 });
    expect(ClientErrorReport.safeParse(report).success).toBe(true);
  });

  it('refuses unknown fields and over-long ones in the contract', () => {
    expect(ClientErrorReport.safeParse({ kind: 'error', message: 'x', url: '/', headers: {} }).success).toBe(false);
    expect(ClientErrorReport.safeParse({ kind: 'error', message: 'x'.repeat(1001), url: '/' }).success).toBe(false);
  });
});
