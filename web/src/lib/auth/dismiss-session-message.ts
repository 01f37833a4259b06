import { ApiError } from '../api-client.ts';
import { dismissMessage } from './api/dismiss-message.ts';
import { getSession, sessionGeneration, setSessionMessages } from './session-store.ts';

/**
 * Dismisses one of the reader's messages (issue 25 item 5; decision record 066): it
 * leaves the list at once (the badge follows), then `DELETE /api/v1/messages/{id}`; a
 * 404 (already gone) counts as done. Any other failure puts the message back in its
 * place, unless the login changed or it came back meanwhile, and rethrows so the caller
 * can say so. Kept out of the session store, so the first render does not carry it.
 * @throws ApiError of the DELETE, other than a 404.
 */
export async function dismissSessionMessage(id: string): Promise<void> {
  const loginGeneration = sessionGeneration();
  const before = getSession().messages;
  const index = before.findIndex((message) => message.id === id);
  const removed = before[index];
  if (!removed) return;
  setSessionMessages(
    before.filter((message) => message.id !== id),
    loginGeneration,
  );
  try {
    await dismissMessage({ id });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return;
    const now = getSession().messages;
    if (!now.some((message) => message.id === id)) {
      const messages = [...now];
      messages.splice(Math.min(index, messages.length), 0, removed);
      setSessionMessages(messages, loginGeneration);
    }
    throw error;
  }
}
