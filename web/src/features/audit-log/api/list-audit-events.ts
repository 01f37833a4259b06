import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AuditEventPage } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { auditLogApiUrl } from './paths.ts';

const PER_PAGE = 50;

/**
 * One page of the audit log, newest first (`GET /api/v1/audit-events?targetId=`,
 * issue 11 item 2): `targetId` narrows to one user, unit, invitation or import.
 * Throws `ApiError`.
 */
export function listAuditEvents(
  { targetId, pageToken }: { targetId?: string; pageToken?: string | null },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(auditLogApiUrl('listAuditEvents', {}, { targetId, limit: PER_PAGE, pageToken }), AuditEventPage, {
    signal,
  });
}

export function listAuditEventsQueryOptions({ targetId }: { targetId?: string }) {
  return infiniteQueryOptions({
    queryKey: ['audit-events', 'list', { targetId: targetId ?? null }],
    queryFn: ({ pageParam, signal }) => listAuditEvents({ targetId, pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
    // The log grows with every change made on the other tabs: read it again on each visit.
    staleTime: 0,
  });
}

/** The audit events (of one target), a page at a time. */
export function useAuditEvents({ targetId }: { targetId?: string }) {
  return useInfiniteQuery(listAuditEventsQueryOptions({ targetId }));
}
