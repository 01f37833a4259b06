import { describe, expect, it } from 'vitest';
import { buildMimeMessage, encodeHeaderValue, MimeAddressError, MimeUnsubscribeError } from './mime-message.ts';

const DATE = new Date('2026-11-21T10:00:00Z');
const base = { from: 'portal@example.org', to: ['team@example.org'], subject: 'Hello', text: 'Body', date: DATE };

/** The header block and body parts of a message, split on a pinned boundary. */
function partsOf(raw: string, boundary: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  return { head, parts: body.split(`--${boundary}`).slice(1, -1) };
}

const decodePart = (part: string) => Buffer.from(part.split('\r\n\r\n')[1]?.replace(/\r\n/g, '') ?? '', 'base64');

describe('buildMimeMessage', () => {
  it('writes a single text part with CRLF headers when there is no attachment', () => {
    const raw = buildMimeMessage({ ...base, fromName: 'Courseware portal', replyTo: 'sam@example.edu' });
    expect(raw.split('\r\n').slice(0, 7)).toEqual([
      'Date: Sat, 21 Nov 2026 10:00:00 +0000',
      'From: "Courseware portal" <portal@example.org>',
      'To: team@example.org',
      'Reply-To: sam@example.edu',
      'Subject: Hello',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
    ]);
    expect(raw).toContain(`\r\n\r\n${Buffer.from('Body').toString('base64')}\r\n`);
  });

  it('attaches files as base64 parts of a multipart/mixed message', () => {
    const png = new Uint8Array(200).map((_, index) => index);
    const raw = buildMimeMessage({
      ...base,
      text: 'Grüße',
      boundary: 'b1',
      attachments: [{ filename: 'step 4.png', contentType: 'image/png', content: png }],
    });
    const { head, parts } = partsOf(raw, 'b1');
    expect(head).toContain('Content-Type: multipart/mixed; boundary="b1"');
    expect(parts).toHaveLength(2);
    expect(decodePart(parts[0] ?? '').toString('utf8')).toBe('Grüße');
    expect(parts[1]).toContain('Content-Type: image/png; name="step 4.png"');
    expect(parts[1]).toContain('Content-Disposition: attachment; filename="step 4.png"');
    expect(new Uint8Array(decodePart(parts[1] ?? ''))).toEqual(png);
    expect(raw.endsWith('--b1--\r\n')).toBe(true);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  });

  it('encodes non-ASCII file names per RFC 2231 and strips quotes from the fallback', () => {
    const raw = buildMimeMessage({
      ...base,
      boundary: 'b2',
      attachments: [{ filename: 'Bild "1" ü.gif', contentType: 'image/gif', content: new Uint8Array([1]) }],
    });
    expect(raw).toContain(`filename="Bild 1 _.gif"; filename*=UTF-8''Bild%20%221%22%20%C3%BC.gif`);
  });

  it('refuses an address that could inject a header', () => {
    expect(() => buildMimeMessage({ ...base, replyTo: 'a@b.org\r\nBcc: c@d.org' })).toThrow(MimeAddressError);
    expect(() => buildMimeMessage({ ...base, to: ['Team <team@example.org>'] })).toThrow(MimeAddressError);
  });

  it('cannot be given a header through the subject', () => {
    const raw = buildMimeMessage({ ...base, subject: 'Hi\r\nBcc: evil@example.org' });
    expect(raw).not.toMatch(/^Bcc:/m);
  });

  it('writes the RFC 8058 one-click unsubscribe headers for a subscribed-to e-mail (issue 24 item 8)', () => {
    const url = 'https://portal.example.org/api/v1/saved-searches/unsubscribe?token=abc';
    const raw = buildMimeMessage({ ...base, listUnsubscribe: url });
    const head = raw.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
    expect(head).toContain(`List-Unsubscribe: <${url}>`);
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(buildMimeMessage(base)).not.toContain('List-Unsubscribe');
  });

  it('refuses a List-Unsubscribe address that is not https, and cannot be given a header through it', () => {
    expect(() => buildMimeMessage({ ...base, listUnsubscribe: 'mailto:a@b.org' })).toThrow(MimeUnsubscribeError);
    expect(() => buildMimeMessage({ ...base, listUnsubscribe: 'http://portal.example.org/x' })).toThrow(
      MimeUnsubscribeError,
    );
    const raw = buildMimeMessage({
      ...base,
      listUnsubscribe: 'https://portal.example.org/x?a=1\r\nBcc: evil@example.org',
    });
    expect(raw).not.toMatch(/^Bcc:/m);
  });
});

describe('encodeHeaderValue', () => {
  it('leaves short printable ASCII as it is', () => {
    expect(encodeHeaderValue('Courseware feedback: Lab 1')).toBe('Courseware feedback: Lab 1');
  });

  it('encodes non-ASCII and long values as folded UTF-8 encoded-words that decode back', () => {
    const value = `Courseware feedback: ${'Übung '.repeat(40)}`;
    const encoded = encodeHeaderValue(value);
    const words = encoded.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    const decoded = words
      .map((word) => Buffer.from(word.replace(/^=\?UTF-8\?B\?|\?=$/g, ''), 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe(value);
  });
});
