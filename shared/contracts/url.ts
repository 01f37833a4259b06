import * as z from 'zod';

/**
 * The one URL rule of every contract (issue 21 item 6; decision record 033): an
 * address a person may follow or the portal may load is an absolute `http:` or
 * `https:` address with a host, or — where the field allows it — a path of this
 * site starting with a single `/`, or — for widget links only — a `mailto:`
 * address. Anything else is refused: `javascript:`, `data:`, `vbscript:`, `file:`,
 * protocol-relative `//host`, `/\host` (browsers read `\` as `/`), and any value
 * holding whitespace, control characters or backslashes (browsers drop tabs and
 * line breaks inside URLs, so `java\tscript:` would run). Schemes compare
 * case-insensitively.
 */

/** Which kinds of address a URL field takes besides absolute http(s). */
export interface UrlRuleOptions {
  /** In-site paths (`/news`, `/files/…`). Default false. */
  readonly paths?: boolean;
  /** `mailto:` addresses (widget links). Default false. */
  readonly mailto?: boolean;
}

// Printable characters only: no whitespace, no C0/C1 controls, no backslash.
const PRINTABLE = /^[^\s\p{Cc}\\]+$/u;
const SITE_PATH = /^\/(?!\/)/;
const HTTP = /^https?:\/\//i;
const MAILTO = /^mailto:[^@]+@[^@]+$/i;

/**
 * Whether `value` follows the URL rule with `options`. Pure; the server's schemas
 * and the SPA's links (`safeHref`) read the same rule.
 */
export function isAllowedUrl(value: string, options: UrlRuleOptions = {}): boolean {
  if (!PRINTABLE.test(value)) return false;
  if (SITE_PATH.test(value)) return options.paths === true;
  if (MAILTO.test(value)) return options.mailto === true;
  if (!HTTP.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The field message of a value that breaks the rule, naming what the field takes. */
export function urlRuleMessage(options: UrlRuleOptions = {}): string {
  const kinds = ['an address starting with http:// or https://'];
  if (options.paths) kinds.push("a path of this site starting with '/'");
  if (options.mailto) kinds.push('a mailto: address');
  const last = kinds.pop();
  return `Must be ${kinds.length > 0 ? `${kinds.join(', ')} or ${last}` : last}.`;
}

/**
 * The zod schema of a URL field: a string, trimmed, at most `max` characters, that
 * follows {@link isAllowedUrl} with `options` (400 with {@link urlRuleMessage}
 * otherwise). With `empty: true` the empty string is taken too (a field the form
 * leaves blank). Wrap it in `.nullable()` / `.optional()` where the field allows.
 */
export function urlField(options: UrlRuleOptions & { readonly max: number; readonly empty?: boolean }) {
  return z
    .string()
    .trim()
    .max(options.max, `Must be at most ${options.max} characters.`)
    .refine((value) => (options.empty === true && value === '') || isAllowedUrl(value, options), {
      message: urlRuleMessage(options),
    });
}
