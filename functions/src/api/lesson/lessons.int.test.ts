import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { CreatedUpload } from '#shared/contracts/file';
import {
  LESSON_ARCHIVED_MESSAGE,
  LESSON_FILE_NOT_ALLOWED_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  LESSON_STALE_MESSAGE,
  Lesson,
  LessonList,
} from '#shared/contracts/lesson';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { headObject } from '../../adapters/file-objects.ts';
import { createContent } from '../../data/content.ts';
import { getFile } from '../../data/files.ts';
import { getLesson, listLessons } from '../../data/lessons.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { env } from '../../lib/env.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const EDITOR_ID = '01jd0000000000000000000e01';
const OTHER_EDITOR_ID = '01jd0000000000000000000e02';
const tokens = { editor: '', otherEditor: '', faculty: '', visitor: '' };
const course = contentRecord('Lesson course');
const hidden = contentRecord('Lesson hidden course', { status: 'unpublished' });
const archived = contentRecord('Lesson archived course', { status: 'archived' });

const editorClaims = [
  { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
  { type: CLAIM_TYPES.api, value: API_CLAIMS.listLessons },
];

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.editor = await signPortalToken(studentTokenInput({ userId: EDITOR_ID, claims: editorClaims }));
  tokens.otherEditor = await signPortalToken(studentTokenInput({ userId: OTHER_EDITOR_ID, claims: editorClaims }));
  tokens.faculty = await signPortalToken(
    studentTokenInput({ claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.listLessons }] }),
  );
  for (const record of [course, hidden, archived]) await createContent(record);
});
afterAll(async () => {
  await stack?.stop();
});

type Who = keyof typeof tokens;
type Result = { status: number; body: Record<string, unknown> & { errors?: { path: string; message: string }[] } };

async function call(
  who: Who,
  event: string,
  options: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Result> {
  let e = loadEvent(event);
  if (options.path) e = withPathParameters(e, options.path);
  if (options.query) e = withQuery(e, options.query);
  if (options.body !== undefined) e = { ...e, body: JSON.stringify(options.body) };
  else if (e.body !== undefined) e = { ...e, body: undefined };
  if (who !== 'visitor') e = withHeaders(e, { authorization: `Bearer ${tokens[who]}` });
  const run = event.startsWith('file/') ? fileHandler : handler;
  const result = await run(e, lambdaContext());
  return { status: result.statusCode ?? 0, body: JSON.parse(String(result.body)) };
}

/** A real upload: createUpload, a presigned POST to s3rver, completeUpload. Returns the file id. */
async function upload(who: Who = 'editor', name = 'Slides.pdf'): Promise<string> {
  const bytes = Buffer.from(`%PDF-1.7\n% ${name}\n`);
  const created = await call(who, 'file/create-upload', {
    body: { kind: 'content', name, type: 'application/pdf', size: bytes.length, ownerId: course.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { fileId, upload: presigned } = CreatedUpload.parse(created.body);
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.fields)) form.append(field, value);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }));
  expect((await fetch(presigned.url, { method: 'POST', body: form })).status).toBe(204);
  expect((await call(who, 'file/complete-upload', { path: { id: fileId } })).status).toBe(200);
  return fileId;
}

async function objectExists(fileId: string): Promise<boolean> {
  return (await headObject(env().privateBucket, `files/${fileId}`)) !== null;
}

async function gone(fileId: string): Promise<boolean> {
  return (await getFile(fileId)) === null && !(await objectExists(fileId));
}

describe('lessons of a content item (decision record 021)', () => {
  let lessonId = '';
  let slides = '';
  let handout = '';

  it('creates a lesson with two artifacts and a page, attaching the uploads', async () => {
    slides = await upload('editor', 'Slides.pdf');
    handout = await upload('editor', 'Handout.pdf');
    const created = await call('editor', 'lesson/create-lesson', {
      body: {
        contentId: course.id,
        name: 'Stack frames',
        alternateId: 'ex-42',
        urls: [{ fileId: slides, type: 'slides' }],
        pages: [{ name: 'Day 1', urls: [{ fileId: handout, type: 'handout' }] }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    lessonId = String(created.body.id);

    const got = await call('faculty', 'lesson/get-lesson', { path: { id: lessonId } });
    expect(got.status).toBe(200);
    const lesson = Lesson.parse(got.body);
    expect(lesson).toMatchObject({ contentId: course.id, name: 'Stack frames', alternateId: 'ex-42', index: 0 });
    expect(lesson.pages).toEqual([
      { id: expect.any(String), name: 'Day 1', urls: [{ fileId: handout, type: 'handout' }] },
    ]);
    for (const id of [slides, handout]) {
      const file = await getFile(id);
      expect(file?.metadata.id).toBe(lessonId);
      expect(file?.expiresAt).toBeUndefined();
    }
  });

  it('lists lessons in index order, paged, new ones after the last by default', async () => {
    const second = await call('editor', 'lesson/create-lesson', { body: { contentId: course.id, name: 'Heap' } });
    const first = await call('editor', 'lesson/create-lesson', {
      body: { contentId: course.id, name: 'Intro', index: 0 },
    });
    expect(second.status).toBe(201);
    const page1 = LessonList.parse(
      (await call('faculty', 'lesson/list-lessons', { query: { contentId: course.id, limit: '2' } })).body,
    );
    expect(page1.nextPageToken).toEqual(expect.any(String));
    const page2 = LessonList.parse(
      (
        await call('faculty', 'lesson/list-lessons', {
          query: { contentId: course.id, limit: '2', pageToken: page1.nextPageToken ?? '' },
        })
      ).body,
    );
    const all = [...page1.items, ...page2.items];
    expect(all.map((lesson) => lesson.index)).toEqual([0, 0, 1]);
    expect(all.map((lesson) => lesson.id)).toContain(first.body.id);
    expect(all.at(-1)).toMatchObject({ id: second.body.id, name: 'Heap', index: 1 });
  });

  it('replaces an artifact: the old file and its object are gone, the new one attached', async () => {
    const worksheet = await upload('editor', 'Worksheet.pdf');
    const current = Lesson.parse((await call('editor', 'lesson/get-lesson', { path: { id: lessonId } })).body);
    const saved = await call('editor', 'lesson/update-lesson', {
      path: { id: lessonId },
      body: {
        name: 'Stack frames, revised',
        urls: [{ fileId: worksheet, type: 'worksheet' }],
        pages: current.pages,
        version: current.version,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Lesson.parse(saved.body)).toMatchObject({
      version: 2,
      alternateId: 'ex-42',
      urls: [{ fileId: worksheet, type: 'worksheet' }],
      pages: current.pages,
    });
    expect(await gone(slides)).toBe(true);
    expect((await getFile(worksheet))?.metadata.id).toBe(lessonId);
    expect(await objectExists(handout)).toBe(true);
  });

  it('refuses a stale save with 409 and deletes the uploads it named', async () => {
    const extra = await upload('editor', 'Extra.pdf');
    const stale = await call('editor', 'lesson/update-lesson', {
      path: { id: lessonId },
      body: { name: 'Stale', urls: [{ fileId: extra, type: 'other' }], version: 1 },
    });
    expect(stale).toEqual({ status: 409, body: { statusCode: 409, message: LESSON_STALE_MESSAGE } });
    expect(await gone(extra)).toBe(true);
    expect((await getLesson(lessonId))?.name).toBe('Stack frames, revised');
  });

  it("refuses another user's upload with 400 at its field and leaves that upload alone", async () => {
    const foreign = await upload('otherEditor', 'Foreign.pdf');
    const res = await call('editor', 'lesson/create-lesson', {
      body: {
        contentId: course.id,
        name: 'Borrowed',
        pages: [{ name: 'P', urls: [{ fileId: foreign, type: 'other' }] }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      path: 'body.pages.0.urls.0.fileId',
      message: LESSON_FILE_NOT_ALLOWED_MESSAGE,
    });
    expect((await getFile(foreign))?.status).toBe('Ready');
  });

  it('takes a name of 1000 characters and refuses 1001', async () => {
    const ok = await call('editor', 'lesson/create-lesson', { body: { contentId: course.id, name: 'n'.repeat(1000) } });
    expect(ok.status).toBe(201);
    const bad = await call('editor', 'lesson/create-lesson', {
      body: { contentId: course.id, name: 'n'.repeat(1001) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => error.path)).toEqual(['body.name']);
  });

  it('answers 404 for hidden content and its lessons, and 409 for archived content', async () => {
    const list = await call('faculty', 'lesson/list-lessons', { query: { contentId: hidden.id } });
    expect(list).toEqual({ status: 404, body: { statusCode: 404, message: CONTENT_NOT_FOUND_MESSAGE } });
    const hiddenLesson = await call('editor', 'lesson/create-lesson', {
      body: { contentId: hidden.id, name: 'Draft' },
    });
    expect(hiddenLesson.status).toBe(201);
    const got = await call('faculty', 'lesson/get-lesson', { path: { id: String(hiddenLesson.body.id) } });
    expect(got).toEqual({ status: 404, body: { statusCode: 404, message: LESSON_NOT_FOUND_MESSAGE } });
    const onArchived = await call('editor', 'lesson/create-lesson', { body: { contentId: archived.id, name: 'X' } });
    expect(onArchived).toEqual({ status: 404, body: { statusCode: 404, message: CONTENT_NOT_FOUND_MESSAGE } });
  });

  it('deletes a lesson and every artifact file with its object', async () => {
    const current = Lesson.parse((await call('editor', 'lesson/get-lesson', { path: { id: lessonId } })).body);
    const fileIds = [...current.urls, ...current.pages.flatMap((page) => page.urls)].map((url) => url.fileId);
    expect(fileIds).toHaveLength(2);
    const res = await call('editor', 'lesson/delete-lesson', { path: { id: lessonId } });
    expect(res).toEqual({ status: 200, body: { id: lessonId, contentId: course.id } });
    expect(await getLesson(lessonId)).toBeNull();
    for (const id of fileIds) expect(await gone(id)).toBe(true);
    expect((await call('editor', 'lesson/delete-lesson', { path: { id: lessonId } })).status).toBe(404);
  });

  it('leaves no lesson and deletes the uploads when the transaction fails', async () => {
    const file = await upload('editor', 'Doomed.pdf');
    const before = (await listLessons({ contentId: course.id, limit: 100 })).items.length;
    const dynamo = mockClient(dynamoDocumentClient);
    dynamo.send.callThrough();
    dynamo.on(TransactWriteCommand).rejects(new Error('Service unavailable'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let res: Result;
    let logged: string[] = [];
    try {
      res = await call('editor', 'lesson/create-lesson', {
        body: { contentId: course.id, name: 'Doomed', urls: [{ fileId: file, type: 'slides' }] },
      });
    } finally {
      logged = log.mock.calls.map((args) => String(args[0]));
      dynamo.restore();
      log.mockRestore();
    }
    expect(res.status).toBe(500);
    expect(logged.join('\n')).toContain('Service unavailable');
    expect(await gone(file)).toBe(true);
    expect((await listLessons({ contentId: course.id, limit: 100 })).items.length).toBe(before);
  });
});

describe('archived content', () => {
  it('takes no new lessons (409) from who may see it', async () => {
    const admin = await signPortalToken(
      studentTokenInput({
        claims: [...editorClaims, { type: CLAIM_TYPES.viewArchivedContent, value: 'any' }],
      }),
    );
    const e = withHeaders(
      { ...loadEvent('lesson/create-lesson'), body: JSON.stringify({ contentId: archived.id, name: 'Late' }) },
      { authorization: `Bearer ${admin}` },
    );
    const result = await handler(e, lambdaContext());
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(String(result.body)).message).toBe(LESSON_ARCHIVED_MESSAGE);
  });
});
