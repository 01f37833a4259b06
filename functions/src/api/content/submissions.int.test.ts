import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLAIM_TYPES } from '#shared/capabilities';
import { DownloadUrl } from '#shared/contracts/download';
import { CreatedUpload, FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import {
  type CreateSubmissionRequest,
  SUBMISSION_STALE_MESSAGE,
  SUBMISSION_STATE_MESSAGE,
  Submission,
  SubmissionDetail,
  SubmissionList,
  SubmissionPage,
} from '#shared/contracts/submission';
import { headObject } from '../../adapters/file-objects.ts';
import { getContentById } from '../../data/content.ts';
import { createContributor, getContributorById } from '../../data/contributors.ts';
import { getFile } from '../../data/files.ts';
import { putKnowledgeBatch } from '../../data/knowledge.ts';
import { listPendingOutbox, type OutboxItem } from '../../data/messages.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { env } from '../../lib/env.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

/**
 * Submission and review of courseware over the emulators (issue 25 item 6; decision
 * record 067): the content group's Lambda entry with real uploads (presigned POSTs to
 * s3rver), DynamoDB transactions through dynalite's transaction proxy, and the outbox
 * read back as the outbox consumer would read it.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const SUBMIT_CLAIM = { type: CLAIM_TYPES.submitAbstract, value: 'any' };
const ids = {
  ada: newId(),
  bob: newId(),
  editor: newId(),
  student: newId(),
};
const tokens = { ada: '', bob: '', editor: '', student: '', visitor: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const faculty = (userId: string, displayName: string, email: string) =>
    signPortalToken(studentTokenInput({ userId, displayName, email, claims: [SUBMIT_CLAIM] }));
  tokens.ada = await faculty(ids.ada, 'Ada Submitter', 'ada.submitter@example.edu');
  tokens.bob = await faculty(ids.bob, 'Bob Submitter', 'bob.submitter@example.edu');
  tokens.editor = await signPortalToken(editorTokenInput({ userId: ids.editor, displayName: 'Eve Editor' }));
  tokens.student = await signPortalToken(studentTokenInput({ userId: ids.student }));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

async function invoke(
  group: typeof handler,
  who: Who,
  name: string,
  options: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(name);
  if (options.path) event = withPathParameters(event, options.path);
  if (options.query) event = withQuery(event, options.query);
  event = { ...event, body: options.body === undefined ? '' : JSON.stringify(options.body) };
  if (tokens[who]) event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await group(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

const call = (who: Who, name: string, options: Parameters<typeof invoke>[3] = {}) =>
  invoke(handler, who, `content/${name}`, options);

const PDF = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.7\n', 'latin1'));
  return bytes;
};

/** A real upload of a content file by `who`: createUpload, the presigned POST, completeUpload. */
async function upload(who: Who, bytes: Uint8Array = PDF(400)): Promise<string> {
  const created = await invoke(fileHandler, who, 'file/create-upload', {
    body: { kind: 'content', name: 'guide.pdf', type: 'application/pdf', size: bytes.length },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { fileId, upload: post } = CreatedUpload.parse(created.body);
  const form = new FormData();
  for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }));
  expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
  const completed = await invoke(fileHandler, who, 'file/complete-upload', { path: { id: fileId } });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return fileId;
}

let unique = 0;
function proposal(files: { id: string; name: string }[], email = 'ada.lovelace@example.edu'): CreateSubmissionRequest {
  unique += 1;
  return {
    name: `Phishing lab ${Date.now()} ${unique}`,
    description: '<p>Recognising phishing.</p><script>alert(1)</script>',
    categories: ['exercise'],
    educationLevels: ['universityundergraduate'],
    track: 'informal',
    contributor: { firstName: 'Ada', lastName: `Lovelace ${unique}`, school: 'GMU', email },
    files,
  };
}

async function submit(who: Who, body: CreateSubmissionRequest): Promise<Submission> {
  const created = await call(who, 'create-submission', { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Submission.parse(created.body);
}

async function emailsOf(submissionId: string): Promise<OutboxItem<'submissionEmail'>[]> {
  const page = await listPendingOutbox({ before: '9999', limit: 1000 });
  return page.items.filter(
    (item): item is OutboxItem<'submissionEmail'> =>
      item.kind === 'submissionEmail' && (item.payload as { submissionId: string }).submissionId === submissionId,
  );
}

describe('courseware submission and review: the whole life (issue 25 item 6)', () => {
  it('submits, threads comments, requests changes, resubmits and accepts into an unpublished item with contributor and files', async () => {
    const first = await upload('ada');
    const second = await upload('ada');
    const submission = await submit('ada', proposal([{ id: first, name: 'Lab guide' }]));
    expect(submission).toMatchObject({ state: 'submitted', track: 'informal', version: 1, contentId: null });
    expect(submission.description).toBe('<p>Recognising phishing.</p>');
    // The file is attached to the submission: no TTL any more.
    const attached = await getFile(first);
    expect(attached?.metadata.id).toBe(submission.id);
    expect(attached?.expiresAt).toBeUndefined();

    // The review queue lists it, the longest waiting first.
    const queue = SubmissionPage.parse((await call('editor', 'list-submission-reviews', { query: {} })).body);
    expect(queue.items.map((item) => item.id)).toContain(submission.id);

    // A threaded exchange: the team asks, the submitter answers that comment.
    const asked = await call('editor', 'comment-on-submission', {
      path: { id: submission.id },
      body: { text: 'Which tools does the lab need?' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const question = SubmissionDetail.parse(asked.body).comments[0];
    const answered = await call('ada', 'comment-on-submission', {
      path: { id: submission.id },
      body: { text: 'Only a browser.', inReplyTo: question?.id },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    const thread = SubmissionDetail.parse((await call('ada', 'get-submission', { path: { id: submission.id } })).body);
    expect(thread.comments.map((comment) => [comment.authorRole, comment.text, comment.inReplyTo])).toEqual([
      ['team', 'Which tools does the lab need?', null],
      ['submitter', 'Only a browser.', question?.id],
    ]);
    expect(thread.submission.commentCount).toBe(2);

    // Changes requested; the submitter edits (a second file) and resubmits.
    const requested = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'requestChanges', message: 'Please add the answer key.', version: 1 },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const afterRequest = SubmissionDetail.parse(requested.body).submission;
    expect(afterRequest).toMatchObject({ state: 'changesRequested', version: 2 });
    const resubmitted = await call('ada', 'update-own-submission', {
      path: { id: submission.id },
      body: {
        ...proposal([
          { id: first, name: 'Lab guide' },
          { id: second, name: 'Answer key' },
        ]),
        name: submission.name,
        version: 2,
      },
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(Submission.parse(resubmitted.body)).toMatchObject({ state: 'submitted', version: 3 });

    // Accept: one transaction makes the unpublished item with contributor and files.
    const accepted = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'accept', version: 3 },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const done = SubmissionDetail.parse(accepted.body).submission;
    expect(done.state).toBe('accepted');
    const content = await getContentById(done.contentId as string);
    expect(content).toMatchObject({
      name: submission.name,
      status: 'unpublished',
      categories: ['exercise'],
      files: [
        { id: first, name: 'Lab guide' },
        { id: second, name: 'Answer key' },
      ],
    });
    const contributorId = content?.contributors[0]?.id as string;
    expect(await getContributorById(contributorId)).toMatchObject({ firstName: 'Ada', school: 'GMU' });
    for (const fileId of [first, second]) {
      const file = await getFile(fileId);
      expect(file?.metadata.id).toBe(content?.id);
      expect(file?.expiresAt).toBeUndefined();
    }

    // Accepting again, or accepting with the old version, is a 409.
    const again = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'accept', version: 4 },
    });
    expect(again).toMatchObject({ status: 409, body: { message: SUBMISSION_STATE_MESSAGE } });

    // E-mails through the outbox: the team for the submission, the answer and the resubmission;
    // the submitter for the team's comment and each decision.
    const emails = await emailsOf(submission.id);
    expect(emails.map((email) => [email.payload.event, email.payload.recipient]).sort()).toEqual(
      [
        ['submitted', 'team'],
        ['comment', 'submitter'],
        ['comment', 'team'],
        ['changesRequested', 'submitter'],
        ['resubmitted', 'team'],
        ['accepted', 'submitter'],
      ].sort(),
    );
    const toSubmitter = emails.find((email) => email.payload.event === 'changesRequested');
    expect(toSubmitter?.email.to).toEqual(['ada.submitter@example.edu']);
    expect(toSubmitter?.email.text).toContain('Please add the answer key.');
    expect(toSubmitter?.email.text).toContain(`/callforcourseware?submission=${submission.id}`);
  });

  it('accepts with the existing contributor whose e-mail matches, in any case', async () => {
    const contributor = await createContributor({
      id: newId(),
      prefix: null,
      middleName: null,
      suffix: null,
      title: null,
      firstName: 'Grace',
      lastName: `Hopper ${Date.now()}`,
      school: 'Yale',
      email: 'grace.hopper@example.edu',
      portraitFileId: null,
    });
    const submission = await submit('bob', proposal([], ' Grace.Hopper@Example.edu'));
    const accepted = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'accept', version: 1 },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const content = await getContentById(SubmissionDetail.parse(accepted.body).submission.contentId as string);
    expect(content?.contributors.map((ref) => ref.id)).toEqual([contributor.id]);
  });

  it('declines with a required reason, deletes the files and refuses any later decision', async () => {
    const fileId = await upload('bob');
    const submission = await submit('bob', proposal([{ id: fileId, name: 'Guide' }]));
    const noReason = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'decline', version: 1 },
    });
    expect(noReason.status).toBe(400);
    const declined = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'decline', reason: 'Out of scope for this call.', version: 1 },
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const detail = SubmissionDetail.parse(declined.body);
    expect(detail.submission).toMatchObject({ state: 'declined', declineReason: 'Out of scope for this call.' });
    expect(detail.comments.at(-1)).toMatchObject({ decision: 'decline', text: 'Out of scope for this call.' });
    expect(await getFile(fileId)).toBeNull();
    expect(await headObject(env().privateBucket, `files/${fileId}`)).toBeNull();
    const accept = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'accept', version: 2 },
    });
    expect(accept).toMatchObject({ status: 409, body: { message: SUBMISSION_STATE_MESSAGE } });
    const comment = await call('bob', 'comment-on-submission', {
      path: { id: submission.id },
      body: { text: 'Why?' },
    });
    expect(comment.status).toBe(409);
    expect((await emailsOf(submission.id)).map((email) => email.payload.event)).toContain('declined');
  });
});

describe('courseware submission: access and conflicts', () => {
  it('answers 401 to a visitor, 403 without the capability, 404 to another submitter and to a student', async () => {
    const submission = await submit('ada', proposal([]));
    expect((await call('visitor', 'list-own-submissions')).status).toBe(401);
    expect((await call('student', 'create-submission', { body: proposal([]) })).status).toBe(403);
    expect((await call('student', 'list-submission-reviews')).status).toBe(403);
    expect((await call('ada', 'list-submission-reviews')).status).toBe(403);
    expect((await call('bob', 'get-submission', { path: { id: submission.id } })).status).toBe(404);
    expect((await call('student', 'get-submission', { path: { id: submission.id } })).status).toBe(404);
    expect((await call('editor', 'get-submission', { path: { id: submission.id } })).status).toBe(200);
    expect(
      (await call('bob', 'comment-on-submission', { path: { id: submission.id }, body: { text: 'Hi' } })).status,
    ).toBe(404);
    const own = SubmissionList.parse((await call('bob', 'list-own-submissions')).body);
    expect(own.items.map((item) => item.id)).not.toContain(submission.id);
    const mine = SubmissionList.parse((await call('ada', 'list-own-submissions')).body);
    expect(mine.items[0]?.id).toBe(submission.id);
  });

  it('refuses an upload that is not the caller’s (400) and a non-content upload kind by a submitter (403)', async () => {
    const bobs = await upload('bob');
    const refused = await call('ada', 'create-submission', { body: proposal([{ id: bobs, name: 'Guide' }]) });
    expect(refused.status).toBe(400);
    const image = await invoke(fileHandler, 'ada', 'file/create-upload', {
      body: { kind: 'image', name: 'a.png', type: 'image/png', size: 100 },
    });
    expect(image.status).toBe(403);
  });

  it('answers 409 to a stale version and to an edit while the submission is not awaiting changes', async () => {
    const submission = await submit('ada', proposal([]));
    const edit = await call('ada', 'update-own-submission', {
      path: { id: submission.id },
      body: { ...proposal([]), version: 1 },
    });
    expect(edit).toMatchObject({ status: 409, body: { message: SUBMISSION_STATE_MESSAGE } });
    const stale = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'requestChanges', message: 'More detail, please.', version: 7 },
    });
    expect(stale).toMatchObject({ status: 409, body: { message: SUBMISSION_STALE_MESSAGE } });
  });
});

describe('courseware submission: NICE/CAE mappings and the files before a decision (issue 25 item 6)', () => {
  const KSA = 'ZZ-SUB-K0001';
  const KU = 'ZZ-SUB-KU1';

  beforeAll(async () => {
    await putKnowledgeBatch([
      { id: KSA, type: 'KSA', name: 'Knowledge of phishing lures' },
      { id: KU, type: 'KU', name: 'Social engineering' },
    ]);
  });

  it('stores the mappings and carries them to the item the accept makes', async () => {
    const submission = await submit('ada', {
      ...proposal([]),
      ksas: [{ id: KSA, index: 0 }],
      kus: [{ id: KU, index: 0 }],
    });
    expect(submission).toMatchObject({ ksas: [{ id: KSA, index: 0 }], kus: [{ id: KU, index: 0 }], tkss: [] });
    const read = SubmissionDetail.parse((await call('editor', 'get-submission', { path: { id: submission.id } })).body);
    expect(read.submission.ksas).toEqual([{ id: KSA, index: 0 }]);
    const accepted = await call('editor', 'decide-submission', {
      path: { id: submission.id },
      body: { decision: 'accept', version: 1 },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const content = await getContentById(SubmissionDetail.parse(accepted.body).submission.contentId as string);
    expect(content?.ksas).toEqual([{ id: KSA, name: 'Knowledge of phishing lures', index: 0 }]);
    expect(content?.kus).toEqual([{ id: KU, name: 'Social engineering', index: 0 }]);
  });

  it('answers 400 naming the field for a mapping id that names no knowledge item, and stores nothing', async () => {
    const before = SubmissionList.parse((await call('bob', 'list-own-submissions')).body).items.length;
    const refused = await call('bob', 'create-submission', {
      body: { ...proposal([]), tkss: [{ id: 'T9999-NONE', index: 0 }] },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('body.tkss.0.id');
    expect(SubmissionList.parse((await call('bob', 'list-own-submissions')).body).items).toHaveLength(before);
  });

  it('answers a download URL for a file to the team and the submitter; 404 to another submitter and for a file not of it', async () => {
    const fileId = await upload('ada');
    const other = await upload('ada');
    const submission = await submit('ada', proposal([{ id: fileId, name: 'Lab guide' }]));
    const path = { id: submission.id, fileId };
    for (const who of ['editor', 'ada'] as const) {
      const answered = await call(who, 'get-submission-file-download-url', { path });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      const url = DownloadUrl.parse(answered.body);
      expect(url).toMatchObject({ id: fileId, name: 'Lab guide.pdf' });
      const fetched = await fetch(url.publicUrl);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
      expect((await fetched.arrayBuffer()).byteLength).toBe(400);
    }
    expect(await call('bob', 'get-submission-file-download-url', { path })).toMatchObject({ status: 404 });
    expect(await call('student', 'get-submission-file-download-url', { path })).toMatchObject({ status: 403 });
    expect(
      await call('editor', 'get-submission-file-download-url', { path: { id: submission.id, fileId: other } }),
    ).toMatchObject({ status: 404, body: { message: FILE_NOT_FOUND_MESSAGE } });
  });
});
