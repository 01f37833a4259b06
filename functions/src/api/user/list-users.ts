import { listUsersByEmail, toUserSummary } from '../../data/users.ts';
import { defineRoute } from '../../lib/handler.ts';

/** `GET /api/v1/users` (spec §6 privileged actions; decision record 012): users by e-mail, for administrators. */
export const listUsers = defineRoute('listUsers', async ({ query }) => {
  const page = await listUsersByEmail({ limit: query.limit, pageToken: query.pageToken });
  return { items: page.items.map(toUserSummary), nextPageToken: page.nextPageToken };
});
