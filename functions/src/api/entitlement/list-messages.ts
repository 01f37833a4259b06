import { getUserAccount } from '../../data/users.ts';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/messages` (spec §2.3, §3 Message): the caller's messages for the avatar badge. */
export const listMessages = defineRoute('listMessages', async ({ caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  const account = await getUserAccount(caller.sub);
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { items: account.messages };
});
