import { type DehydratedState, hashKey, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type * as z from 'zod';
import type { RouteDefinition } from '#shared/route-definition';
import type { OperationId } from '#shared/routes';

/**
 * The data the server embeds in a page's first HTML (issue 22 item 2; decision
 * record 038; `functions/src/html/templates.ts` writes it): the runtime configuration
 * (what `/env.json` answers) and the answers of the API calls the SPA would make for
 * that address, in non-executable `<script type="application/json">` blocks (the CSP
 * allows them: they are data, not script).
 */

/** Element ids of the blocks (the server's `EMBEDDED_IDS`). */
export const EMBEDDED_IDS = { config: 'portal-config', queries: 'portal-queries' } as const;

/** One embedded query: its key, the operation whose answer `data` is, and for an infinite query its first page. */
interface EmbeddedQuery {
  readonly queryKey: QueryKey;
  readonly operationId: OperationId;
  readonly data: unknown;
  readonly infinite?: boolean;
}

function readBlock(id: string, doc: Document): unknown {
  const element = doc.getElementById(id);
  if (element?.getAttribute('type') !== 'application/json') return undefined;
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** The embedded runtime configuration as it was written (unvalidated), or undefined when the page has none. */
export function readEmbeddedConfig(doc: Document = document): unknown {
  return readBlock(EMBEDDED_IDS.config, doc);
}

/**
 * The route modules of the operations the server embeds (`functions/src/html/pages.ts`),
 * loaded on demand: the entry never carries the whole route table and its contracts
 * (issue 22 item 3; decision record 040) — a group's module is the one its route's own
 * API client loads anyway. An operation not listed here is not hydrated (the screen fetches it).
 */
const EMBEDDABLE_ROUTES: Partial<Record<OperationId, () => Promise<readonly RouteDefinition[]>>> = (() => {
  const content = () => import('#shared/routes/content').then((module) => module.CONTENT_ROUTES);
  const search = () => import('#shared/routes/search').then((module) => module.SEARCH_ROUTES);
  const page = () => import('#shared/routes/page').then((module) => module.PAGE_ROUTES);
  return {
    getContent: content,
    listContentChildren: content,
    listNews: content,
    getNews: content,
    listEvents: content,
    getEvent: content,
    searchContent: search,
    getPageByHref: page,
  };
})();

function isEmbeddedQuery(value: unknown): value is EmbeddedQuery {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return Array.isArray(candidate.queryKey) && typeof candidate.operationId === 'string' && 'data' in candidate;
}

/**
 * Puts the embedded answers into the query cache with `hydrate()`, under the keys the
 * routes' query options use, so the first render finds them and asks the API for none
 * of them. Each answer is validated with its route's response schema, exactly as
 * `apiGet` validates a fetched one (an answer that does not match is left out, and the
 * screen fetches it); `null` stands for a lookup that found nothing. The data count
 * as fetched now (the page was just served). Resolves to how many queries were hydrated.
 */
export async function hydrateEmbeddedQueries(queryClient: QueryClient, doc: Document = document): Promise<number> {
  const block = readBlock(EMBEDDED_IDS.queries, doc) as { queries?: unknown } | undefined;
  const entries = Array.isArray(block?.queries) ? block.queries.filter(isEmbeddedQuery) : [];
  const loaders = [...new Set(entries.map((entry) => EMBEDDABLE_ROUTES[entry.operationId]))].filter(
    (loader) => loader !== undefined,
  );
  const routes = (await Promise.all(loaders.map((load) => load()))).flat();
  const now = Date.now();
  const queries: DehydratedState['queries'] = [];
  for (const entry of entries) {
    const route = routes.find((candidate) => candidate.operationId === entry.operationId);
    if (!route) continue;
    const schema = route.response as z.ZodType;
    let data: unknown = null;
    if (entry.data !== null) {
      const parsed = schema.safeParse(entry.data);
      if (!parsed.success) continue;
      data = entry.infinite ? { pages: [parsed.data], pageParams: [undefined] } : parsed.data;
    }
    queries.push({
      queryKey: entry.queryKey,
      queryHash: hashKey(entry.queryKey),
      dehydratedAt: now,
      ...(entry.infinite ? { queryType: 'infinite' as const } : {}),
      state: {
        data,
        dataUpdateCount: 1,
        dataUpdatedAt: now,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    });
  }
  if (queries.length > 0) hydrate(queryClient, { mutations: [], queries });
  return queries.length;
}
