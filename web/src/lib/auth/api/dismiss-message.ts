import { DismissedMessage } from '#shared/contracts/identity';
import { apiDelete, apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operation of this module with its path below `/api/v1` (decision record 040),
 * loaded when a reader dismisses a message, not with the first render.
 */
export const DISMISS_MESSAGE_API_PATHS = { dismissMessage: '/messages/{id}' } as const satisfies ApiPathTable;

const dismissMessageApiUrl = apiUrlFor(DISMISS_MESSAGE_API_PATHS);

/**
 * Dismisses one of the signed-in reader's messages (`DELETE /api/v1/messages/{id}`,
 * issue 25 item 5; decision record 066). Answers `{ id }`. Throws `ApiError`: 404 when
 * the message is already gone (another tab dismissed it) — the caller treats that as done.
 */
export function dismissMessage({ id }: { id: string }): Promise<DismissedMessage> {
  return apiDelete(dismissMessageApiUrl('dismissMessage', { id }), DismissedMessage);
}
