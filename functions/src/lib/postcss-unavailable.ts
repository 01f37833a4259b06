/**
 * What the Lambda bundles get instead of `postcss` (an esbuild alias set by
 * `PortalFunction`, infra/constructs/portal-function.ts; decision record 028).
 *
 * sanitize-html requires postcss at load time but calls it only to filter an allowed
 * `style` attribute, and the portal's allow-lists (functions/src/domain/html.ts,
 * summary.ts) allow none and set `parseStyleAttributes: false`. Leaving postcss
 * (with source-map-js) out takes about 90 KB off the content and page bundles.
 * Should a future allow-list admit `style`, this throws instead of passing the
 * attribute unfiltered, and `html.test.ts` fails first.
 *
 * @throws Error always.
 */
export function parse(): never {
  throw new Error('postcss is not bundled into the Lambda functions: the HTML allow-lists admit no style attribute');
}
