import { runContentBulkAction as runBulkAction } from '../../services/content-bulk.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/content-bulk-actions` (issue 25 item 8; decision record 069): one
 * action on up to 100 items, each through its single-item service; answers each item's
 * result (`services/content-bulk.ts`).
 */
export const runContentBulkAction = defineRoute('runContentBulkAction', ({ body, caller }) =>
  runBulkAction(body, caller),
);
