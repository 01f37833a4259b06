import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { sesClient } from './aws-clients.ts';

/**
 * Sends a complete MIME message (`functions/src/domain/mime-message.ts`) through SES
 * `SendRawEmail`; the envelope is read from the message's From and To headers.
 * Answers SES's message id.
 * @throws the SDK's error when SES refuses the message or cannot be reached.
 */
export async function sendRawEmail(raw: string): Promise<string> {
  const output = await sesClient.send(new SendRawEmailCommand({ RawMessage: { Data: new TextEncoder().encode(raw) } }));
  return output.MessageId ?? '';
}
