import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonaName } from '#shared/contracts/identity';
import { UpdateNoticeSettings, UpdateNoticeUnsubscribeResult } from '#shared/contracts/update-notices';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { handler as contentHandler } from '../api/content/index.ts';
import { handler as fileHandler } from '../api/file/index.ts';
import { handler as userHandler } from '../api/user/index.ts';
import { handler as resolveTask } from '../bundles/resolve-task.ts';
import { createBundleRecord } from '../data/bundles.ts';
import { createContent, getContentByAlias, getContentById } from '../data/content.ts';
import { tableName } from '../data/dynamo.ts';
import { getFile } from '../data/files.ts';
import type { ContentItem } from '../data/items.ts';
import { contentDownloaderKey } from '../data/keys.ts';
import { getOutboxMessage, listPendingOutbox, type OutboxItem } from '../data/messages.ts';
import { listContentDownloaders } from '../data/update-notices.ts';
import { deleteUserMessage } from '../data/user-messages.ts';
import { getUserAccount } from '../data/users.ts';
import { newId, seedId } from '../domain/ids.ts';
import { buildMimeMessage } from '../domain/mime-message.ts';
import { parseUnsubscribeToken, unsubscribeToken } from '../domain/unsubscribe-tokens.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { loadEvent, withPathParameters } from '../test-support/events.ts';
import {
  handlerCaller,
  SEED_LAB_ALIAS,
  seededPersonaToken,
  startSeededStack,
} from '../test-support/seeded-handlers.ts';
import { storeAttachedFile } from '../test-support/stored-file.ts';
import { deliverUpdateNotices, queueContentUpdateNotice, sendUpdateNoticeDigests } from './update-notices.ts';

/**
 * Update notices over the emulators (issue 25 item 5; decision record 066): faculty
 * download through the file group's Lambda (a file, and a bundle resolved by the
 * workflow's own resolve task), a publish's notice is queued with
 * `queueContentUpdateNotice`, delivered and digested with a chosen `now` (no waiting on
 * the clock), and the switch and one-click unsubscribe go through the user group's Lambda.
 */

type Who = 'faculty-uscr' | 'editor' | 'admin' | 'faculty-vacr';
const PERSONAS: readonly Who[] = ['faculty-uscr', 'editor', 'admin', 'faculty-vacr'];
const tokens = new Map<string, string>();
const userIdOf = (who: PersonaName) => seedId('user', who);
let stack: Awaited<ReturnType<typeof startSeededStack>>;
let lab: ContentItem;
const bundleItems = { parent: '', child: '' };

const file = handlerCaller<Who>(fileHandler, tokens);
const content = handlerCaller<Who>(contentHandler, tokens);
const user = handlerCaller<Who>(userHandler, tokens);
const downloadUrl = (fileId: string, who: Who) =>
  file(withPathParameters(loadEvent('file/get-download-url'), { id: fileId }), who);
const putSettings = (who: Who, emailDigest: boolean) =>
  user({ ...loadEvent('user/update-update-notice-settings'), body: JSON.stringify({ emailDigest }) }, who);
const getSettings = (who: Who) => user(loadEvent('user/get-update-notice-settings'), who);
function unsubscribe(token: string) {
  const event = loadEvent('user/unsubscribe-update-notices');
  return user(
    {
      ...event,
      rawQueryString: new URLSearchParams({ token }).toString(),
      queryStringParameters: { token },
      // A client address of its own, so this file's requests do not share a rate-limit window with others.
      requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp: '198.51.100.25' } },
    },
    'faculty-vacr',
  );
}

/** The update-notice messages (link to a change log) of a persona's account menu. */
async function noticeMessages(who: Who) {
  const account = await getUserAccount(userIdOf(who), { consistent: true });
  return (account?.messages ?? []).filter((message) => message.link?.endsWith('#change-log'));
}

/** Every stored update-notice digest e-mail of a persona (pending: nothing sends them in this file). */
async function digestsOf(who: Who): Promise<OutboxItem<'updateNoticeDigest'>[]> {
  const found: OutboxItem<'updateNoticeDigest'>[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listPendingOutbox({ before: '9999', limit: 100, pageToken });
    for (const item of page.items) {
      if (item.kind === 'updateNoticeDigest' && (item.payload as { userId: string }).userId === userIdOf(who)) {
        found.push(item as OutboxItem<'updateNoticeDigest'>);
      }
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return found;
}

const PDF = Buffer.from('%PDF-1.7\n% update notices\n');

beforeAll(async () => {
  stack = await startSeededStack();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  for (const persona of PERSONAS) tokens.set(persona, await seededPersonaToken(persona, 'USCR'));
  const found = await getContentByAlias(SEED_LAB_ALIAS);
  if (!found) throw new Error('The seeded SEED lab is missing.');
  lab = found;

  // A module of its own with one child, each with a PDF, for the bundle.
  const parent = contentRecord('Notices bundle module', { category: 'module', categories: ['module'] });
  const child = contentRecord('Notices bundle lab', { parentId: parent.id, ancestorIds: [parent.id], index: 0 });
  bundleItems.parent = parent.id;
  bundleItems.child = child.id;
  for (const item of [parent, child]) {
    const pdf = await storeAttachedFile({
      ownerId: item.id,
      name: `${item.name} guide`,
      filename: 'guide.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    await createContent({
      ...item,
      files: [{ id: pdf.id, name: pdf.name, type: 'application/pdf', filename: 'guide.pdf' }],
    });
  }
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

describe('who downloaded what', () => {
  it('records a file download for the item it belongs to, answered by one Query of the item', async () => {
    const pdf = lab.files.find((ref) => ref.type === 'application/pdf');
    expect(pdf).toBeDefined();
    expect((await downloadUrl(pdf?.id ?? '', 'faculty-uscr')).status).toBe(200);
    const downloaders = await listContentDownloaders(lab.id, { limit: 100 });
    expect(downloaders.items).toContain(userIdOf('faculty-uscr'));
    expect(downloaders.items).not.toContain(userIdOf('faculty-vacr'));
  });

  it('counts a bundle download for every content item whose files are in it', async () => {
    const id = newId();
    await createBundleRecord({
      id,
      name: 'Notices_bundle_module_bundle.zip',
      scope: { contentId: bundleItems.parent },
      includesLessonFiles: true,
      createdBy: userIdOf('admin'),
    });
    await resolveTask({ bundleId: id });
    const resolved = await getFile(id);
    expect(resolved?.bundle?.contentIds).toEqual([bundleItems.parent, bundleItems.child]);
    // As the workflow's finish step leaves it: Ready, with its zip.
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...resolved, status: 'Ready', objectKey: `bundles/${id}.zip`, size: 22 },
      }),
    );
    expect(await listContentDownloaders(bundleItems.child, { limit: 10 })).toEqual({ items: [], nextPageToken: null });
    expect((await downloadUrl(id, 'admin')).status).toBe(200);
    expect((await listContentDownloaders(bundleItems.parent, { limit: 10 })).items).toEqual([userIdOf('admin')]);
    expect((await listContentDownloaders(bundleItems.child, { limit: 10 })).items).toEqual([userIdOf('admin')]);

    await queueContentUpdateNotice({
      contentId: bundleItems.child,
      revisionId: newId(),
      note: 'Task 2 uses a new VM image',
      publishedTimestamp: '2026-11-20T09:00:00.000Z',
    });
    await deliverUpdateNotices(new Date('2026-11-20T09:15:00.000Z'));
    const messages = await noticeMessages('admin');
    expect(messages.map((message) => message.link)).toContain('/courseware/notices-bundle-lab#change-log');
  });
});

describe('update notices after two edits of a lab on one day', () => {
  const DAY = '2026-11-24';
  const first = {
    revisionId: newId(),
    note: 'Task 3 uses Ubuntu 22.04 images',
    publishedTimestamp: `${DAY}T09:00:00.000Z`,
  };
  const second = { revisionId: newId(), note: 'Task 1 has a new hint', publishedTimestamp: `${DAY}T11:30:00.000Z` };

  beforeAll(async () => {
    const pdf = lab.files.find((ref) => ref.type === 'application/pdf')?.id ?? '';
    for (const who of ['faculty-uscr', 'editor'] as const) expect((await downloadUrl(pdf, who)).status).toBe(200);
    // The editor opts out with the signed-in switch.
    expect((await putSettings('editor', false)).body).toEqual({ emailDigest: false });
    expect(UpdateNoticeSettings.parse((await getSettings('editor')).body)).toEqual({ emailDigest: false });
    expect((await getSettings('faculty-uscr')).body).toEqual({ emailDigest: true });

    expect(await queueContentUpdateNotice({ contentId: lab.id, ...first })).toBe(true);
    expect(await queueContentUpdateNotice({ contentId: lab.id, ...first })).toBe(false);
    await deliverUpdateNotices(new Date(`${DAY}T09:15:00.000Z`));
    await queueContentUpdateNotice({ contentId: lab.id, ...second });
    await deliverUpdateNotices(new Date(`${DAY}T11:45:00.000Z`));
  });

  it('gives a downloader ONE message about the lab, with the latest note and a link to its change log', async () => {
    const messages = (await noticeMessages('faculty-uscr')).filter((m) => m.link?.includes(lab.urlAlias));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(`Updated ${DAY}: ${lab.name}. ${second.note}`);
    expect(messages[0]?.link).toBe(`/courseware/${lab.urlAlias}#change-log`);
  });

  it('gives a downloader who opted out of e-mail the message too, and one who never downloaded none', async () => {
    expect((await noticeMessages('editor')).filter((m) => m.link?.includes(lab.urlAlias))).toHaveLength(1);
    expect(await noticeMessages('faculty-vacr')).toEqual([]);
  });

  it('writes nothing when the delivery runs again', async () => {
    const again = await deliverUpdateNotices(new Date(`${DAY}T12:00:00.000Z`));
    expect(again.messages).toBe(0);
    const before = await dynamoDocumentClient.send(
      new GetCommand({ TableName: tableName(), Key: contentDownloaderKey(lab.id, userIdOf('faculty-uscr')) }),
    );
    expect(before.Item).toBeDefined();
  });

  it('mails ONE digest naming both updates to the downloader, none to the one who opted out, once a day', async () => {
    const run = await sendUpdateNoticeDigests(new Date(`${DAY}T13:00:00.000Z`));
    expect(run.emails).toBeGreaterThanOrEqual(1);
    const digests = await digestsOf('faculty-uscr');
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.email.subject).toBe(`Updated: ${lab.name}`);
    expect(digest?.email.text).toContain(`Updated ${DAY}: ${first.note}`);
    expect(digest?.email.text).toContain(`Updated ${DAY}: ${second.note}`);
    expect(digest?.email.text).toContain(`/courseware/${lab.urlAlias}#change-log`);
    expect(digest?.email.listUnsubscribe).toMatch(/\/api\/v1\/update-notices\/unsubscribe\?token=/);
    expect(digest?.email.text).toMatch(/\/saved-searches\/unsubscribe\?list=update-notices&token=/);
    // The MIME message carries RFC 8058's one-click headers.
    if (!digest) throw new Error('No digest.');
    const mime = buildMimeMessage({ ...digest.email });
    expect(mime).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(await digestsOf('editor')).toEqual([]);
    expect(await digestsOf('faculty-vacr')).toEqual([]);

    const again = await sendUpdateNoticeDigests(new Date(`${DAY}T18:00:00.000Z`));
    expect(again.emails).toBe(0);
    expect(await digestsOf('faculty-uscr')).toHaveLength(1);
  });

  it('stops the digest by the e-mail token once, and refuses a forged or used token with 404', async () => {
    const [digest] = await digestsOf('faculty-uscr');
    const link = new URL(digest?.email.listUnsubscribe ?? 'https://invalid.example/');
    const token = link.searchParams.get('token') ?? '';
    const parsed = parseUnsubscribeToken(token);
    expect(parsed?.userId).toBe(userIdOf('faculty-uscr'));

    const forged = unsubscribeToken(userIdOf('faculty-uscr'), 'A'.repeat(43));
    expect((await unsubscribe(forged)).status).toBe(404);
    expect((await unsubscribe('not-a-token')).status).toBe(400);

    const done = await unsubscribe(token);
    expect(done.status).toBe(200);
    expect(UpdateNoticeUnsubscribeResult.parse(done.body)).toEqual({ unsubscribed: true });
    expect((await getSettings('faculty-uscr')).body).toEqual({ emailDigest: false });
    expect((await unsubscribe(token)).status).toBe(404);

    // Back on with the switch: the next day's digest carries a new token.
    expect((await putSettings('faculty-uscr', true)).body).toEqual({ emailDigest: true });
    await queueContentUpdateNotice({
      contentId: lab.id,
      revisionId: newId(),
      note: 'Task 4 is new',
      publishedTimestamp: '2026-11-25T08:00:00.000Z',
    });
    await deliverUpdateNotices(new Date('2026-11-25T08:15:00.000Z'));
    await sendUpdateNoticeDigests(new Date('2026-11-25T09:00:00.000Z'));
    const digests = await digestsOf('faculty-uscr');
    expect(digests).toHaveLength(2);
    const tokens = digests.map((item) => new URL(item.email.listUnsubscribe ?? '').searchParams.get('token'));
    expect(new Set(tokens).size).toBe(2);
    expect((await getOutboxMessage(digests[0]?.id ?? ''))?.emailStatus).toBe('pending');
  });

  it('brings a dismissed message back at the next publish, not at a second delivery (issue 25 item 5)', async () => {
    const [message] = (await noticeMessages('faculty-uscr')).filter((m) => m.link?.includes(lab.urlAlias));
    expect(await deleteUserMessage(userIdOf('faculty-uscr'), message?.id ?? '')).toBe(true);
    await deliverUpdateNotices(new Date('2026-11-26T08:00:00.000Z'));
    expect((await noticeMessages('faculty-uscr')).filter((m) => m.link?.includes(lab.urlAlias))).toEqual([]);

    const third = { revisionId: newId(), note: 'Task 2 is shorter', publishedTimestamp: '2026-11-26T10:00:00.000Z' };
    expect(await queueContentUpdateNotice({ contentId: lab.id, ...third })).toBe(true);
    await deliverUpdateNotices(new Date('2026-11-26T10:15:00.000Z'));
    const back = (await noticeMessages('faculty-uscr')).filter((m) => m.link?.includes(lab.urlAlias));
    expect(back).toEqual([
      { id: message?.id, message: `Updated 2026-11-26: ${lab.name}. ${third.note}`, link: message?.link },
    ]);
  });
});

describe('a publish queues its notice (issue 25 items 3 and 5)', () => {
  it('writes the notice of every revision in the publishing write, so the downloaders are told', async () => {
    // The admin downloaded the bundle holding this item (above); an editor now changes it while published.
    const before = await getContentById(bundleItems.child);
    if (!before) throw new Error('The bundle lab is missing.');
    const patched = await content(
      {
        ...withPathParameters(loadEvent('content/patch-content'), { id: before.id }),
        body: JSON.stringify({ name: 'Notices bundle lab, revised', version: before.version }),
      },
      'editor',
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const delivered = await deliverUpdateNotices(new Date());
    expect(delivered.messages).toBeGreaterThanOrEqual(1);
    const told = (await noticeMessages('admin')).filter((message) => message.message.includes('Notices bundle lab'));
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain('Notices bundle lab, revised');
  });
});
