import { queryOptions, useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_IDS_MAX, type Knowledge, KnowledgePage } from '#shared/contracts/knowledge';
import { type NiceGeneration, WorkRole, WorkRoleList } from '#shared/contracts/work-role';
import type { KnowledgeType } from '#shared/enums';
import { apiGet } from '../../../lib/api-client.ts';
import { workRolesApiUrl } from './paths.ts';

/** Work roles change with framework releases, not with courseware: a day is fresh enough. */
export const WORK_ROLES_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Query options of the work roles of one generation, or of both without one
 * (`GET /api/v1/work-roles?generation=`; issue 27 item 1): `{ items, competencyAreas }`,
 * roles by generation then id. Errors are `ApiError`s.
 */
export function workRolesQueryOptions(generation?: NiceGeneration) {
  return queryOptions({
    queryKey: ['work-roles', 'list', generation ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet(workRolesApiUrl('listWorkRoles', {}, generation ? { generation } : {}), WorkRoleList, { signal }),
    staleTime: WORK_ROLES_STALE_MS,
  });
}

/** The work roles of `generation` (both when undefined), fetched only while `enabled` (default true). */
export function useWorkRoles(generation?: NiceGeneration, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workRolesQueryOptions(generation), enabled });
}

/**
 * One work role (`GET /api/v1/work-roles/{id}`); a 404 (unknown id) is handled by the
 * screen, which says so, rather than by the error dialog.
 */
export function useWorkRole(id: string) {
  return useQuery({
    queryKey: ['work-roles', 'one', id],
    queryFn: ({ signal }) => apiGet(workRolesApiUrl('getWorkRole', { id }), WorkRole, { signal }),
    staleTime: WORK_ROLES_STALE_MS,
    meta: { handledStatuses: [404] },
    retry: false,
  });
}

/**
 * The knowledge items `ids` of one type with their texts (`GET /api/v1/knowledge?type&ids`),
 * asked {@link KNOWLEDGE_IDS_MAX} ids at a time (a v2.1.0 role maps up to about 300
 * statements), in the order the API gives; unknown ids are absent. It asks the API
 * itself: features do not import each other (the knowledge feature has the same call).
 */
export async function getStatements(
  type: KnowledgeType,
  ids: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<Knowledge[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += KNOWLEDGE_IDS_MAX) {
    chunks.push(ids.slice(start, start + KNOWLEDGE_IDS_MAX));
  }
  const pages = await Promise.all(
    chunks.map((chunk) =>
      apiGet(workRolesApiUrl('listKnowledge', {}, { type, ids: chunk.join(','), limit: chunk.length }), KnowledgePage, {
        signal,
      }),
    ),
  );
  return pages.flatMap((page) => page.items);
}

/** The texts of a role's statements, keyed like the knowledge feature's lists; fetched while `enabled`. */
export function useStatements(type: KnowledgeType, ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: ['knowledge', 'ids', type, [...ids].sort()],
    queryFn: ({ signal }) => getStatements(type, ids, { signal }),
    staleTime: WORK_ROLES_STALE_MS,
    enabled: enabled && ids.length > 0,
  });
}
