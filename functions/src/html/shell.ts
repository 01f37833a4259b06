import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile, stat } from 'node:fs/promises';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import { optionalVariable } from '../lib/env.ts';

/**
 * Environment variable: the path of the SPA's built `index.html` the html group
 * answers with (issue 22 item 2; decision record 038). In AWS the API stack copies
 * `web/dist/index.html` into the html Lambda's bundle and names it here; locally
 * the portal names `web/dist/index.html` (or the test's build).
 */
export const HTML_SHELL_FILE_ENV = 'HTML_SHELL_FILE';

/** Environment variable: the runtime configuration (what `/env.json` answers), as JSON. */
export const RUNTIME_CONFIG_ENV = 'RUNTIME_CONFIG_JSON';

/**
 * The shell used when no SPA build is named (a local stack started with `web: none`):
 * a valid document with the same `#root`, so the html routes still answer.
 */
export const FALLBACK_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Cyber Range</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let cached: { file: string; mtimeMs: number; html: string } | null = null;

/**
 * The SPA's `index.html` (from {@link HTML_SHELL_FILE_ENV}), read once per container
 * and again only when the file changes (a local rebuild); {@link FALLBACK_SHELL}
 * when the variable is unset.
 * @throws Error when the named file cannot be read.
 */
export async function loadShell(): Promise<string> {
  const store = portalRuntimeConfig.getStore();
  const file = store ? store.shellFile : optionalVariable(HTML_SHELL_FILE_ENV);
  if (!file) return FALLBACK_SHELL;
  const { mtimeMs } = await stat(file);
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  cached = { file, mtimeMs, html };
  return html;
}

let config: { json: string; value: RuntimeConfig } | null = null;

/**
 * The runtime configuration (JSON) and SPA shell file of the portal a request came to, when one process
 * serves several portals at once (the local stack's browser tests run both brands in
 * one process, and {@link RUNTIME_CONFIG_ENV} is process-wide); unset on AWS, where each
 * Lambda has its own environment. The local portal runs its html requests in it.
 */
export const portalRuntimeConfig = new AsyncLocalStorage<{
  readonly configJson: string;
  readonly shellFile?: string | undefined;
}>();

/**
 * The runtime configuration of {@link portalRuntimeConfig} when set, else of
 * {@link RUNTIME_CONFIG_ENV}, validated with the shared
 * schema (parsed again only when the variable changes).
 * @throws Error naming the variable when it is unset or invalid.
 */
export function runtimeConfig(): RuntimeConfig {
  const json = portalRuntimeConfig.getStore()?.configJson ?? optionalVariable(RUNTIME_CONFIG_ENV);
  if (!json) throw new Error(`${RUNTIME_CONFIG_ENV} is not set.`);
  if (config?.json === json) return config.value;
  const value = RuntimeConfig.parse(JSON.parse(json));
  config = { json, value };
  return value;
}
