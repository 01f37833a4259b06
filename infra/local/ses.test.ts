import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSes, startSes } from './ses.ts';

describe('the local SES', () => {
  let ses: LocalSes;
  beforeAll(async () => {
    ses = await startSes();
  });
  afterAll(async () => {
    await ses.close();
  });

  it('keeps a message sent with the real SES client in its store', async () => {
    const client = new SESClient({
      endpoint: ses.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const subject = `Contact request ${Date.now()}`;

    const { MessageId } = await client.send(
      new SendEmailCommand({
        Source: 'portal@example.com',
        Destination: { ToAddresses: ['team@example.com'] },
        Message: { Subject: { Data: subject }, Body: { Text: { Data: 'Hello from the contact form' } } },
      }),
    );
    client.destroy();
    const store = (await (await fetch(`${ses.url}/store`)).json()) as {
      emails: { messageId: string; subject: string; destination: { to: string[] }; body: { text?: string } }[];
    };

    expect(store.emails.find((e) => e.subject === subject)).toMatchObject({
      messageId: MessageId,
      destination: { to: ['team@example.com'] },
      body: { text: 'Hello from the contact form' },
    });
  });

  it('serves its inbox page at the root', async () => {
    const page = await fetch(`${ses.url}/`);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});
