import { deleteUserMessage } from '../../data/user-messages.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/** Answered when the message is not the caller's, or was already dismissed. */
export const MESSAGE_NOT_FOUND_MESSAGE = 'Message not found.';

/**
 * `DELETE /api/v1/messages/{id}` (spec §2.3, §3 Message; issue 25 item 5): dismisses one of the
 * caller's messages. Only the caller's partition is touched, so another user's id is 404; a
 * second dismiss of the same id is 404 too (decision record 066).
 */
export const dismissMessage = defineRoute('dismissMessage', async ({ caller, path }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  if (!(await deleteUserMessage(caller.sub, path.id))) throw new NotFoundError(MESSAGE_NOT_FOUND_MESSAGE);
  return { id: path.id };
});
