import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { sesClient } from './aws-clients.ts';

/**
 * The environment variable naming the SES configuration set every e-mail is sent
 * with (set by `PortalFunction.bindEmailSending` in AWS; unset locally, where the
 * emulator needs none).
 */
export const SES_CONFIGURATION_SET_ENV = 'SES_CONFIGURATION_SET';

/**
 * Sends a complete MIME message (`functions/src/domain/mime-message.ts`) through SES
 * `SendRawEmail`; the envelope is read from the message's From and To headers. When
 * {@link SES_CONFIGURATION_SET_ENV} is set, the send names that configuration set
 * (TLS required, bounce and complaint events; issue 10), read on every call.
 * Answers SES's message id.
 * @throws the SDK's error when SES refuses the message or cannot be reached.
 */
export async function sendRawEmail(raw: string): Promise<string> {
  const configurationSet = process.env[SES_CONFIGURATION_SET_ENV] || undefined;
  const output = await sesClient.send(
    new SendRawEmailCommand({
      RawMessage: { Data: new TextEncoder().encode(raw) },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
  return output.MessageId ?? '';
}
