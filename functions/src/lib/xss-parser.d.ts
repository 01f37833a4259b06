/**
 * Types of the tokenizer module of `xss` (`xss/lib/parser.js`), which the package's own
 * typings do not describe as a module. The server's HTML sanitiser
 * (functions/src/domain/html.ts) imports only this module, not the package's filter with
 * its default allow-list and CSS filter (decision record 041).
 */
declare module 'xss/lib/parser.js' {
  /**
   * Splits `html` into text and tags: `onTag` answers what to write for each tag
   * (`tag` lower-cased, `html` its source from `<` to `>`), `escapeHtml` for each text run.
   */
  export function parseTag(
    html: string,
    onTag: (sourcePosition: number, position: number, tag: string, html: string, isClosing: boolean) => string,
    escapeHtml: (text: string) => string,
  ): string;
  /** Calls `onAttr` with each attribute's name and raw (unquoted, undecoded) value of a tag's attribute text. */
  export function parseAttr(html: string, onAttr: (name: string, value: string) => string): string;
}
