import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_ALIASES } from '../../../infra/constructs/portal-function.ts';
import { XSS_CORPUS } from '../../../tests/support/xss-corpus.ts';
import { sanitizeContentDescription, sanitizeDescription } from './html.ts';
import { plainText } from './summary.ts';

/**
 * The sanitisers as the Lambda bundles build them (with `LAMBDA_BUNDLE_ALIASES`; decision
 * records 028, 041) must answer exactly what they answer unbundled, for the XSS corpus
 * and for HTML full of style attributes and style elements, and carry only the
 * tokenizer of `xss`: no HTML parser, no CSS filter.
 */

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

type Sanitisers = {
  sanitizeDescription: typeof sanitizeDescription;
  sanitizeContentDescription: typeof sanitizeContentDescription;
  plainText: typeof plainText;
};

const STYLED = [
  '<p style="color:red">red</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<span style="width: expression(alert(1))">y</span><style>p{}</style>',
  '<img src="https://example.org/a.png" style="position:fixed" alt="a">',
  '<p style="{">unbalanced</p><table style="border:1px"><tr><td style="x">1</td></tr></table>',
];

let workDir: string;
let bundled: Sanitisers;
let bundledInputs: string[];

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-html-bundle-'));
  const outfile = path.join(workDir, 'sanitisers.mjs');
  const result = await build({
    stdin: {
      contents: [
        `export { sanitizeDescription, sanitizeContentDescription } from './functions/src/domain/html.ts';`,
        `export { plainText } from './functions/src/domain/summary.ts';`,
      ].join('\n'),
      resolveDir: PROJECT_ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    alias: Object.fromEntries(
      Object.entries(LAMBDA_BUNDLE_ALIASES).map(([name, module]) => [name, path.join(PROJECT_ROOT, module)]),
    ),
    metafile: true,
    outfile,
    logLevel: 'silent',
  });
  bundledInputs = Object.keys(result.metafile.inputs);
  bundled = (await import(pathToFileURL(outfile).href)) as Sanitisers;
}, 60_000);

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('the sanitisers as the Lambda bundles them', () => {
  it('carry the tokenizer of xss and no HTML parser or CSS filter', () => {
    expect(bundledInputs.some((input) => input.endsWith('node_modules/xss/lib/parser.js'))).toBe(true);
    expect(
      bundledInputs.filter((input) =>
        /node_modules\/(cssfilter|sanitize-html|htmlparser2|postcss|entities)\/|node_modules\/xss\/lib\/(xss|default)\.js/.test(
          input,
        ),
      ),
    ).toEqual([]);
  });

  it('answer the XSS corpus exactly as unbundled', () => {
    for (const vector of XSS_CORPUS) {
      expect(bundled.sanitizeDescription(vector.html), vector.name).toBe(sanitizeDescription(vector.html));
      expect(bundled.sanitizeContentDescription(vector.html), vector.name).toBe(
        sanitizeContentDescription(vector.html),
      );
      expect(bundled.plainText(vector.html), vector.name).toBe(plainText(vector.html));
    }
  });

  it('drop every style attribute and element', () => {
    for (const html of STYLED) {
      const clean = bundled.sanitizeDescription(html);
      expect(clean).toBe(sanitizeDescription(html));
      expect(clean).not.toMatch(/style/i);
      expect(bundled.plainText(html)).toBe(plainText(html));
    }
  });
});
