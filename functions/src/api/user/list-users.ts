import { listUsersByEmail, toUserSummary } from '../../data/users.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/users` (spec §6 privileged actions; decision records 012, 030): users
 * by e-mail, for administrators; `q` keeps those whose name or e-mail contains it.
 */
export const listUsers = defineRoute('listUsers', async ({ query }) => {
  const page = await listUsersByEmail({ limit: query.limit, pageToken: query.pageToken, q: query.q });
  return { items: page.items.map(toUserSummary), nextPageToken: page.nextPageToken };
});
