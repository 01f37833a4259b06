import { listAuditEvents as readAuditLog } from '../../data/audit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/audit-events` (issue 11 item 2): the audit log newest first — who
 * changed what, when, before and after; `targetId` narrows it to one user, business
 * unit, invitation or import. One Query per page in the normal case.
 */
export const listAuditEvents = defineRoute('listAuditEvents', ({ query }) =>
  readAuditLog({ targetId: query.targetId, limit: query.limit, pageToken: query.pageToken }),
);
