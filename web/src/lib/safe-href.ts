import { isAllowedUrl, type UrlRuleOptions } from '#shared/contracts/url';

/**
 * `value` when it may be a link's `href` under the one URL rule of the contracts
 * (issue 21 item 6; decision record 033): absolute http(s), and in-site paths or
 * `mailto:` where `options` allow them; else undefined, so a stored `javascript:`,
 * `data:` or `//host` value is never rendered as a link, whatever the server holds.
 */
export function safeHref(value: string | null | undefined, options: UrlRuleOptions = {}): string | undefined {
  if (!value) return undefined;
  return isAllowedUrl(value, options) ? value : undefined;
}
