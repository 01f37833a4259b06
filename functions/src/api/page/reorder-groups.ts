import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/pages/{id}/group-order` `{ groups }` (spec §2.14, §5 "Pages"; decision
 * record 026), for content editors: the groups of a grouped list in their new order.
 * Replaces every `group-<name>` layout parameter by `group-<name>` = its position
 * (other parameters stay), with the page's version check. A group left out is
 * removed; its sections keep their `key`.
 */
export const reorderGroups = defineRoute('reorderGroups', ({ path, body }) => pages.reorderGroups(path.id, body));
