import { queryOptions, useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_IDS_MAX, type Knowledge, KnowledgePage } from '#shared/contracts/knowledge';
import { apiGet } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/** Knowledge changes with framework releases, not with courseware: a day is fresh enough. */
const KU_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * The CAE knowledge units among `ids` with their outcomes (`GET /api/v1/knowledge?type=KU&ids`,
 * at most {@link KNOWLEDGE_IDS_MAX} ids, more are left out), for the editor's outcome
 * checkboxes (issue 27 item 4). Unknown ids are absent.
 */
export function getKnowledgeUnits(ids: readonly string[], { signal }: { signal?: AbortSignal } = {}) {
  const asked = ids.slice(0, KNOWLEDGE_IDS_MAX);
  return apiGet(
    coursewareApiUrl('listKnowledge', {}, { type: 'KU', ids: asked.join(','), limit: asked.length }),
    KnowledgePage,
    {
      signal,
    },
  ).then((page): Knowledge[] => page.items);
}

/**
 * Query options of {@link getKnowledgeUnits}: the key the knowledge feature's
 * `getKnowledgeByIdsQueryOptions` uses (`['knowledge', 'ids', 'KU', <sorted ids>]`), so
 * both share one cache entry.
 */
export function getKnowledgeUnitsQueryOptions(ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: ['knowledge', 'ids', 'KU', sorted],
    queryFn: ({ signal }) => getKnowledgeUnits(sorted, { signal }),
    staleTime: KU_STALE_MS,
  });
}

/** The knowledge units of `ids` (none asked while empty). */
export function useKnowledgeUnits(ids: readonly string[]) {
  return useQuery({ ...getKnowledgeUnitsQueryOptions(ids), enabled: ids.length > 0 });
}
