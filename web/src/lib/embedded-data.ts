import { type DehydratedState, hashKey, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type * as z from 'zod';
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
 * The response schema of each operation the server embeds (`functions/src/html/pages.ts`;
 * the same schemas its route declares, but the condensed content list's, which is what
 * its API client checks, `ContentSummaryPage`), loaded on demand from the contract modules the
 * page's own route and API client load anyway: the entry never carries the route table
 * and its contracts (issue 22 item 3; decision record 040). An operation not listed
 * here is not hydrated (the screen fetches it).
 */
export const EMBEDDABLE_SCHEMAS: Partial<Record<OperationId, () => Promise<z.ZodType>>> = {
  getContent: () => import('#shared/contracts/content').then((module) => module.PublicContentDetail),
  listContentChildren: () => import('#shared/contracts/content').then((module) => module.ChildContentPage),
  listContent: () => import('#shared/contracts/content').then((module) => module.ContentSummaryPage),
  listNews: () => import('#shared/contracts/news').then((module) => module.NewsPage),
  getNews: () => import('#shared/contracts/news').then((module) => module.News),
  listEvents: () => import('#shared/contracts/news').then((module) => module.EventPage),
  getEvent: () => import('#shared/contracts/news').then((module) => module.Event),
  searchContent: () => import('#shared/contracts/search').then((module) => module.SearchContentPage),
  getContributor: () => import('#shared/contracts/contributor').then((module) => module.Contributor),
  getPageByHref: () => import('#shared/contracts/page').then((module) => module.Page),
};

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
  const schemas = new Map<OperationId, z.ZodType>();
  await Promise.all(
    [...new Set(entries.map((entry) => entry.operationId))].map(async (operationId) => {
      const load = EMBEDDABLE_SCHEMAS[operationId];
      if (load) schemas.set(operationId, await load());
    }),
  );
  const now = Date.now();
  const queries: DehydratedState['queries'] = [];
  for (const entry of entries) {
    const schema = schemas.get(entry.operationId);
    if (!schema) continue;
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
