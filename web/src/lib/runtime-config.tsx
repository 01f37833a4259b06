import { createContext, type ReactNode, useContext } from 'react';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import { readEmbeddedConfig } from './embedded-data.ts';

/** Why the runtime configuration could not be used; `problems` names every bad field. */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Where the runtime configuration lives; the timestamp defeats every cache on the way. */
export function runtimeConfigUrl(now: number = Date.now()): string {
  return `/env.json?ts=${now}`;
}

/**
 * The runtime configuration: the one the server embedded in the page's first HTML
 * when there is a valid one (issue 22 item 2; decision record 038: no request), else
 * `/env.json?ts=…` fetched and validated with the shared `RuntimeConfig` schema
 * (spec §7). Throws `RuntimeConfigError` when the file cannot be fetched, is not
 * JSON, or does not match the schema.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  embedded: unknown = typeof document === 'undefined' ? undefined : readEmbeddedConfig(document),
): Promise<RuntimeConfig> {
  if (embedded !== undefined) {
    const parsed = RuntimeConfig.safeParse(embedded);
    if (parsed.success) return parsed.data;
  }
  let response: Response;
  try {
    response = await fetchImpl(runtimeConfigUrl(), { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new RuntimeConfigError('The site configuration could not be reached.', [], { cause });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`The site configuration could not be loaded (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError('The site configuration is not valid JSON.', [], { cause });
  }
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new RuntimeConfigError('The site configuration is incomplete or invalid.', problems);
  }
  return parsed.data;
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

/** The validated runtime configuration. Only usable below `RuntimeConfigProvider`. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig is used outside RuntimeConfigProvider.');
  return config;
}

/** Makes an address from the configuration absolute (paths are taken as on this site). */
export function absoluteUrl(address: string, origin: string = window.location.origin): string {
  return new URL(address, origin).toString();
}
