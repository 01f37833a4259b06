import { PAGE_GROUP_PREFIX } from '#shared/contracts/page';
import { updatePageItem } from '../../data/pages.ts';
import { defineRoute } from './define-route.ts';
import { loadPageForWrite, reloadPage } from './page-writes.ts';

/**
 * `PUT /api/v1/pages/{id}/group-order` `{ groups }` (spec §2.14, §5 "Pages"; decision
 * record 026), for content editors: the groups of a grouped list in their new order.
 * Replaces every `group-<name>` layout parameter by `group-<name>` = its position
 * (other parameters stay), with the page's version check. A group left out is
 * removed; its sections keep their `key`.
 */
export const reorderGroups = defineRoute('reorderGroups', async ({ path, body }) => {
  const { item } = await loadPageForWrite(path.id);
  const kept = Object.entries(item.layout.parameters).filter(([key]) => !key.startsWith(PAGE_GROUP_PREFIX));
  const groups = body.groups.map((name, index) => [`${PAGE_GROUP_PREFIX}${name}`, String(index)] as const);
  await updatePageItem(item, {
    title: item.title,
    href: item.href,
    parentId: item.parentId,
    status: item.status,
    meta: item.meta,
    layout: { name: item.layout.name, parameters: Object.fromEntries([...kept, ...groups]) },
  });
  return reloadPage(item.id);
});
