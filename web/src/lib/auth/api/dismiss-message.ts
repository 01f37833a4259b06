import { DismissedMessage } from '#shared/contracts/identity';
import { apiDelete, apiUrl } from '../../../lib/api-client.ts';

/**
 * Dismisses one of the signed-in reader's messages (`DELETE /api/v1/messages/{id}`,
 * issue 25 item 5; decision record 066). Answers `{ id }`. Throws `ApiError`: 404 when
 * the message is already gone (another tab dismissed it) — the caller treats that as done.
 */
export function dismissMessage({ id }: { id: string }): Promise<DismissedMessage> {
  return apiDelete(apiUrl('dismissMessage', { id }), DismissedMessage);
}
