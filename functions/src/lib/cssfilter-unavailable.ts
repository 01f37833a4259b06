/**
 * What the Lambda bundles get instead of `cssfilter` (an esbuild alias set by
 * `PortalFunction`, infra/constructs/portal-function.ts; decision record 041).
 *
 * The `xss` tokenizer behind the server's HTML sanitiser (functions/src/domain/html.ts)
 * requires cssfilter at load time and builds a default filter, but calls it only for a
 * `style` attribute, and the sanitiser writes every attribute itself from allow-lists
 * that admit none (and passes `css: false`). Leaving cssfilter out takes about 10 KB
 * off the content and page bundles. Should a `style` attribute ever reach it, this
 * throws instead of passing the attribute unfiltered; html-lambda-bundle.test.ts
 * checks the bundled sanitiser answers exactly as the one with cssfilter.
 */
export class FilterCSS {
  /** @throws Error always: no CSS is filtered in the Lambda bundles. */
  process(): never {
    throw new Error(
      'cssfilter is not bundled into the Lambda functions: the HTML allow-lists admit no style attribute',
    );
  }
}

/** The CSS allow-list `xss` reads at load time: empty, since no style attribute is allowed. */
export function getDefaultWhiteList(): Record<string, boolean> {
  return {};
}
