import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalSes, startSes } from '../../../infra/local/ses.ts';
import { sesClient } from './aws-clients.ts';
import { SES_CONFIGURATION_SET_ENV, sendRawEmail } from './email.ts';

/** Every SendRawEmail input the real client sent, recorded before it goes on the wire. */
const inputs: Record<string, unknown>[] = [];
const record = (next: (args: unknown) => Promise<unknown>) => async (args: { input: Record<string, unknown> }) => {
  inputs.push(args.input);
  return next(args);
};

function rawMessage(subject: string): string {
  return [
    'From: portal@example.org',
    'To: team@example.org',
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello from the portal',
    '',
  ].join('\r\n');
}

async function storedSubjects(ses: LocalSes): Promise<string[]> {
  const store = (await (await fetch(`${ses.url}/store`)).json()) as { emails: { subject: string }[] };
  return store.emails.map((email) => email.subject);
}

describe('sendRawEmail', () => {
  let ses: LocalSes;
  beforeAll(async () => {
    ses = await startSes();
    sesClient.middlewareStack.add(record as never, { step: 'initialize', name: 'recordForTest' });
  });
  afterAll(async () => {
    sesClient.middlewareStack.remove('recordForTest');
    await ses.close();
  });
  beforeEach(() => {
    inputs.length = 0;
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    vi.stubEnv('AWS_ENDPOINT_URL_SES', ses.url);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('names no configuration set when SES_CONFIGURATION_SET is unset (the local stack)', async () => {
    vi.stubEnv(SES_CONFIGURATION_SET_ENV, '');
    const subject = `No set ${Date.now()}`;

    const messageId = await sendRawEmail(rawMessage(subject));

    expect(messageId).not.toBe('');
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).not.toHaveProperty('ConfigurationSetName');
    expect(await storedSubjects(ses)).toContain(subject);
  });

  it('sends with the configuration set SES_CONFIGURATION_SET names, which the local emulator accepts', async () => {
    vi.stubEnv(SES_CONFIGURATION_SET_ENV, 'portal-uscr-prod');
    const subject = `With set ${Date.now()}`;

    await sendRawEmail(rawMessage(subject));

    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({ ConfigurationSetName: 'portal-uscr-prod' });
    expect(await storedSubjects(ses)).toContain(subject);
  });
});
