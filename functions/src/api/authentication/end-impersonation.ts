import { newAuditEvent, putAuditEvent } from '../../data/audit.ts';
import { getUserAccount } from '../../data/users.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { ConflictError, SessionEndedError } from '../../lib/errors.ts';
import { tokenInput } from './authenticate.ts';
import { defineRoute } from './define-route.ts';

/** Message of the 409 for ending an impersonation from a session that is none. */
export const NOT_IMPERSONATING_MESSAGE = 'You are not impersonating anyone.';

/**
 * `POST /api/v1/impersonation/end` (spec §4 "Impersonation: exit restores the
 * original token"; issue 21 item 19): the caller's token is an impersonation (`act`
 * names the administrator); the answer is a fresh portal token of the administrator,
 * read from their account as stored now, once the `impersonation.end` audit event
 * (actor: the administrator, target: the impersonated user) is stored. 409
 * {@link NOT_IMPERSONATING_MESSAGE} for a token without `act`; 401 when the
 * administrator's account is gone. Three DynamoDB requests (the account's Query, its
 * unit's GetItem, the audit PutItem) besides the session check.
 */
export const endImpersonation = defineRoute('endImpersonation', async ({ caller }) => {
  const actorId = caller?.claims.act?.sub;
  if (!caller || actorId === undefined) throw new ConflictError(NOT_IMPERSONATING_MESSAGE);
  const administrator = await getUserAccount(actorId, { consistent: true });
  if (!administrator) throw new SessionEndedError();
  // Recorded before the token exists, as its start is: no return without its audit event.
  await putAuditEvent(
    newAuditEvent({
      action: 'impersonation.end',
      actor: { id: administrator.user.id, displayName: administrator.user.displayName, impersonatorId: null },
      target: { type: 'user', id: caller.sub, name: caller.claims.displayName },
      before: null,
      after: null,
    }),
  );
  return { token: await signPortalToken(await tokenInput(administrator, caller.claims.provider, null)) };
});
