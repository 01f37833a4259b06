import { MessageList } from '#shared/contracts/identity';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

/** The signed-in reader's messages for the avatar badge (`GET /api/v1/messages`, spec §2.3, §3). */
export function getMessages({ signal }: { signal?: AbortSignal } = {}): Promise<MessageList> {
  return apiGet(apiUrl('listMessages'), MessageList, { signal });
}
