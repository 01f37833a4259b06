/**
 * A small MIME (RFC 5322 / RFC 2045–2047 / RFC 2231) builder for the raw e-mails
 * the portal hands to SES `SendRawEmail` (decision record 018): a UTF-8 text body
 * and optional attachments, each part base64-encoded, so no byte of user input is
 * ever written raw into the message. Pure; no library is a declared dependency
 * (nodemailer is only present transitively), and this is all the portal needs.
 */

/** One attachment: its file name as the recipient sees it, media type, bytes. */
export interface MimeAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/** What {@link buildMimeMessage} writes. Addresses are bare (`a@b.org`); `fromName` is an optional display name. */
export interface MimeMessageInput {
  readonly from: string;
  readonly fromName?: string;
  readonly to: readonly string[];
  readonly replyTo?: string | null;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly MimeAttachment[];
  /**
   * An https address for a one-click unsubscribe (RFC 2369 `List-Unsubscribe`, RFC 8058
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`); absent for one-off e-mails.
   */
  readonly listUnsubscribe?: string | undefined;
  /** @default now */
  readonly date?: Date;
  /** Multipart boundary; tests pin it. @default random */
  readonly boundary?: string;
}

/** Thrown for an address that could smuggle a header (CR, LF, `<`, `>`, `,` or no `@`). */
export class MimeAddressError extends Error {
  override readonly name = 'MimeAddressError';
}

const CRLF = '\r\n';
const ADDRESS = /^[^\s<>,;"\\@]+@[^\s<>,;"\\@]+$/;

/** True when `value` is a plain `local@domain` address this builder writes into a header. */
export function isPlainAddress(value: string): boolean {
  return ADDRESS.test(value);
}

function address(value: string): string {
  if (!isPlainAddress(value)) throw new MimeAddressError(`Not a plain e-mail address: ${JSON.stringify(value)}.`);
  return value;
}

/** Base64 of `bytes`, wrapped at 76 characters (RFC 2045 §6.8). */
export function base64Lines(bytes: Uint8Array): string {
  const encoded = Buffer.from(bytes).toString('base64');
  return encoded.match(/.{1,76}/g)?.join(CRLF) ?? '';
}

/**
 * A header value as RFC 2047 encoded-words when it is not short printable ASCII:
 * UTF-8, base64 (`=?UTF-8?B?…?=`), split between characters so that each word stays
 * within 75 characters, folded onto continuation lines. Line breaks become spaces.
 */
export function encodeHeaderValue(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(flat) && flat.length <= 76) return flat;
  const words: string[] = [];
  let chunk = '';
  for (const character of flat) {
    // 45 bytes of UTF-8 make 60 base64 characters: 72 with the =?UTF-8?B?…?= frame.
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk !== '' || words.length === 0) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(`${CRLF} `);
}

/**
 * `filename` parameters of an attachment: a quoted ASCII fallback (quotes and
 * backslashes removed, controls and other non-ASCII characters as `_`) and, for non-ASCII
 * names, the RFC 2231 `filename*=UTF-8''…` form that mail readers prefer.
 */
function filenameParameters(parameter: 'name' | 'filename', filename: string): string {
  const ascii = filename.replace(/["\\]/g, '').replace(/[^\x20-\x7e]/g, '_') || 'attachment';
  if (/^[\x20-\x7e]*$/.test(filename) && ascii === filename) return `${parameter}="${ascii}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${parameter}="${ascii}"; ${parameter}*=UTF-8''${encoded}`;
}

function mediaType(value: string): string {
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(value) ? value : 'application/octet-stream';
}

/**
 * The whole message, CRLF line ends: headers (Date, From, To, Reply-To, Subject,
 * MIME-Version), then a `text/plain; charset=UTF-8` body, or a `multipart/mixed`
 * of that body and the attachments. Every body part is base64.
 * @throws MimeAddressError when an address is not a plain `local@domain`.
 */
export function buildMimeMessage(input: MimeMessageInput): string {
  const from = input.fromName ? `${encodeDisplayName(input.fromName)} <${address(input.from)}>` : address(input.from);
  const headers = [
    `Date: ${(input.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    `From: ${from}`,
    `To: ${input.to.map(address).join(', ')}`,
    ...(input.replyTo ? [`Reply-To: ${address(input.replyTo)}`] : []),
    `Subject: ${encodeHeaderValue(input.subject)}`,
    ...(input.listUnsubscribe
      ? [
          `List-Unsubscribe: <${unsubscribeAddress(input.listUnsubscribe)}>`,
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        ]
      : []),
    'MIME-Version: 1.0',
  ];
  const textPart = [
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(new TextEncoder().encode(input.text)),
  ];
  const attachments = input.attachments ?? [];
  if (attachments.length === 0) return [...headers, ...textPart, ''].join(CRLF);

  const boundary = input.boundary ?? `=_portal_${crypto.randomUUID().replace(/-/g, '')}`;
  const parts = [
    textPart.join(CRLF),
    ...attachments.map((attachment) =>
      [
        `Content-Type: ${mediaType(attachment.contentType)}; ${filenameParameters('name', attachment.filename)}`,
        `Content-Disposition: attachment; ${filenameParameters('filename', attachment.filename)}`,
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(attachment.content),
      ].join(CRLF),
    ),
  ];
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((part) => `--${boundary}${CRLF}${part}`),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** Thrown for a `List-Unsubscribe` address that is not a plain https URL (RFC 8058 §3.1 asks for https). */
export class MimeUnsubscribeError extends Error {
  override readonly name = 'MimeUnsubscribeError';
}

/**
 * The `List-Unsubscribe` address as written between `<` and `>`: an https URL,
 * serialised by the URL parser (so no space, `<`, `>` or line break can end the header).
 * @throws MimeUnsubscribeError for anything else.
 */
function unsubscribeAddress(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MimeUnsubscribeError(`Not a URL: ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new MimeUnsubscribeError(`List-Unsubscribe must be an https URL: ${JSON.stringify(value)}.`);
  }
  return url.href;
}

/** The local stack serves the portal over http on the loopback address; nothing else may be http. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** A display name: quoted when it is printable ASCII, encoded-words otherwise. */
function encodeDisplayName(name: string): string {
  const flat = name.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(flat) && flat.length <= 60) return `"${flat.replace(/["\\]/g, '')}"`;
  return encodeHeaderValue(flat);
}
