import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import {
  KNOWLEDGE_IDS_MAX,
  type Knowledge,
  KnowledgePage,
  Knowledge as KnowledgeSchema,
} from '#shared/contracts/knowledge';
import { KNOWLEDGE_TYPES, type KnowledgeType } from '#shared/enums';
import { PAGE } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { knowledgeApiUrl } from './paths.ts';

/** Name of the stored knowledge lists (spec §3 "Stored client values: … knowledges"), one entry per type. */
export const KNOWLEDGE_STORAGE_NAME = 'knowledges';
/** Knowledge changes with framework releases, not with courseware: a day is fresh enough. */
export const KNOWLEDGE_STALE_MS = 24 * 60 * 60 * 1000;
/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 50;

const StoredTypeList = z.object({ savedAt: z.number(), items: z.array(KnowledgeSchema) });
/** The stored lists: each type's items and when they were fetched (ms since the epoch). */
const StoredKnowledge = z.partialRecord(z.enum(KNOWLEDGE_TYPES), StoredTypeList);
type StoredKnowledge = z.infer<typeof StoredKnowledge>;

/**
 * Every knowledge item of one type (KSA ≈ 1,200, TKS ≈ 2,150, KU ≈ 70), fetched
 * 10000 per page and looped until no `nextPageToken` is left (spec §7 "List
 * knowledge items"). Only a picker that is being used asks for it (issue 22 item 1).
 */
export async function getKnowledgeOfType(
  type: KnowledgeType,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Knowledge[]> {
  const items: Knowledge[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(
      knowledgeApiUrl('listKnowledge', {}, { type, limit: PAGE.knowledgeMax, pageToken }),
      KnowledgePage,
      { signal },
    );
    items.push(...result.items);
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return items;
}

function readStoredType(storageVersion: string, type: KnowledgeType) {
  return readStored(KNOWLEDGE_STORAGE_NAME, storageVersion, StoredKnowledge)?.value[type] ?? null;
}

function writeStoredType(storageVersion: string, type: KnowledgeType, items: Knowledge[]) {
  const current: StoredKnowledge = readStored(KNOWLEDGE_STORAGE_NAME, storageVersion, StoredKnowledge)?.value ?? {};
  writeStored(KNOWLEDGE_STORAGE_NAME, storageVersion, { ...current, [type]: { savedAt: Date.now(), items } });
}

/**
 * Query options of one type's knowledge list (key `['knowledge', 'type', <type>]`):
 * cached for a day and kept in local storage under the settings version, so a
 * returning visitor's picker starts without a request.
 */
export function getKnowledgeOfTypeQueryOptions({
  type,
  storageVersion,
}: {
  type: KnowledgeType;
  storageVersion: string;
}) {
  let stored: ReturnType<typeof readStoredType> = null;
  let read = false;
  const readOnce = () => {
    if (!read) {
      stored = readStoredType(storageVersion, type);
      read = true;
    }
    return stored;
  };
  return queryOptions({
    queryKey: ['knowledge', 'type', type],
    queryFn: async ({ signal }) => {
      const items = await getKnowledgeOfType(type, { signal });
      writeStoredType(storageVersion, type, items);
      return items;
    },
    initialData: () => readOnce()?.items,
    initialDataUpdatedAt: () => readOnce()?.savedAt,
    staleTime: KNOWLEDGE_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The knowledge list of one type, fetched only while `enabled` (a picker the reader
 * has reached); a list stored earlier is there at once either way.
 */
export function useKnowledgeOfType({ type, enabled }: { type: KnowledgeType; enabled: boolean }) {
  const { storageVersion } = useRuntimeConfig();
  return useQuery({ ...getKnowledgeOfTypeQueryOptions({ type, storageVersion }), enabled });
}

/**
 * The named knowledge items among `ids` of one type (`GET /api/v1/knowledge?type&ids`),
 * at most {@link KNOWLEDGE_IDS_MAX} ids (more are left out), in list order; unknown
 * ids are absent. For the chips of a filter address such as `?kus=CO-M.9`.
 */
export function getKnowledgeByIds(
  type: KnowledgeType,
  ids: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<Knowledge[]> {
  const asked = ids.slice(0, KNOWLEDGE_IDS_MAX);
  return apiGet(
    knowledgeApiUrl('listKnowledge', {}, { type, ids: asked.join(','), limit: asked.length }),
    KnowledgePage,
    {
      signal,
    },
  ).then((page) => page.items);
}

/** Query options of {@link getKnowledgeByIds}; the key holds the ids sorted, so order does not matter. */
export function getKnowledgeByIdsQueryOptions(type: KnowledgeType, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: ['knowledge', 'ids', type, sorted],
    queryFn: ({ signal }) => getKnowledgeByIds(type, sorted, { signal }),
    staleTime: KNOWLEDGE_STALE_MS,
  });
}

/** The items of `ids`, fetched only while `enabled` (when no whole list of the type is at hand). */
export function useKnowledgeByIds({
  type,
  ids,
  enabled,
}: {
  type: KnowledgeType;
  ids: readonly string[];
  enabled: boolean;
}) {
  return useQuery({ ...getKnowledgeByIdsQueryOptions(type, ids), enabled: enabled && ids.length > 0 });
}
