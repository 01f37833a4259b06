import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { type Knowledge, KnowledgePage, Knowledge as KnowledgeSchema } from '#shared/contracts/knowledge';
import { PAGE } from '#shared/limits';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { readStored, writeStored } from '../../../lib/storage.ts';

/** Name of the stored knowledge list (spec §3 "Stored client values: … knowledges"). */
export const KNOWLEDGE_STORAGE_NAME = 'knowledges';
/** Knowledge changes with framework releases, not with courseware: a day is fresh enough. */
export const KNOWLEDGE_STALE_MS = 24 * 60 * 60 * 1000;
/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 50;

const KnowledgeList = z.array(KnowledgeSchema);

/**
 * Every knowledge item (KSA, TKS, KU), fetched 10000 per page and looped until no
 * `nextPageToken` is left (spec §7 "List knowledge items").
 */
export async function getKnowledge({ signal }: { signal?: AbortSignal } = {}): Promise<Knowledge[]> {
  const items: Knowledge[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(apiUrl('listKnowledge', {}, { limit: PAGE.knowledgeMax, pageToken }), KnowledgePage, {
      signal,
    });
    items.push(...result.items);
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return items;
}

/**
 * Query options of the knowledge list: cached for a day and kept in local storage
 * under the settings version, so a returning visitor starts without a request.
 */
export function getKnowledgeQueryOptions({ storageVersion }: { storageVersion: string }) {
  let stored: ReturnType<typeof readStored<typeof KnowledgeList>> = null;
  let read = false;
  const readOnce = () => {
    if (!read) {
      stored = readStored(KNOWLEDGE_STORAGE_NAME, storageVersion, KnowledgeList);
      read = true;
    }
    return stored;
  };
  return queryOptions({
    queryKey: ['knowledge'],
    queryFn: async ({ signal }) => {
      const items = await getKnowledge({ signal });
      writeStored(KNOWLEDGE_STORAGE_NAME, storageVersion, items);
      return items;
    },
    initialData: () => readOnce()?.value,
    initialDataUpdatedAt: () => readOnce()?.savedAt,
    staleTime: KNOWLEDGE_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useKnowledge({ queryConfig }: { queryConfig?: QueryConfig<typeof getKnowledgeQueryOptions> } = {}) {
  const { storageVersion } = useRuntimeConfig();
  return useQuery({ ...getKnowledgeQueryOptions({ storageVersion }), ...queryConfig });
}
