import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_TYPES, FILE_SCOPES } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { bundleFileName, ContentBundle, categoryBundleTitle } from '#shared/contracts/download';
import { createContent } from '../../data/content.ts';
import type { ContentRecord, FileItem } from '../../data/items.ts';
import { createLesson } from '../../data/lessons.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { storeAttachedFile } from '../../test-support/stored-file.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens = { faculty: '', coursewareOnly: '', editor: '', noFiles: '' };
type Who = keyof typeof tokens | null;

const fileClaim = (scope: string) => ({ type: CLAIM_TYPES.scopedFile, value: 'file', scopes: [scope] });

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.faculty = await signPortalToken(
    studentTokenInput({ claims: [fileClaim(FILE_SCOPES.courseware), fileClaim(FILE_SCOPES.lesson)] }),
  );
  tokens.coursewareOnly = await signPortalToken(studentTokenInput({ claims: [fileClaim(FILE_SCOPES.courseware)] }));
  tokens.editor = await signPortalToken(
    editorTokenInput({ claims: [...editorTokenInput().claims, fileClaim(FILE_SCOPES.courseware)] }),
  );
  tokens.noFiles = await signPortalToken(studentTokenInput());
});
afterAll(async () => {
  await stack?.stop();
});

async function preview(query: Record<string, string>, who: Who) {
  let event = withQuery(loadEvent('content/get-content-bundle'), query);
  if (who) event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode, body: jsonBody(result) };
}

async function storedFile(ownerId: string, name: string, filename: string, text: string): Promise<FileItem> {
  return storeAttachedFile({ ownerId, name, filename, type: 'text/plain', bytes: Buffer.from(text) });
}

async function item(name: string, overrides: Partial<ContentRecord>, files: FileItem[] = []) {
  return createContent(
    contentRecord(name, {
      ...overrides,
      files: files.map((file) => ({ id: file.id, name: file.name, type: file.type, filename: file.filename })),
    }),
  );
}

describe('GET /api/v1/content-bundle', () => {
  const rootName = `Bundle preview module ${newId()}`;
  let rootId = '';
  let hiddenId = '';

  beforeAll(async () => {
    rootId = newId();
    const readme = await storedFile(rootId, 'Read me', 'readme.txt', 'read me first');
    await item(rootName, { id: rootId, categories: ['module'], category: 'module' }, [readme]);
    const labId = newId();
    const lab = await storedFile(labId, 'Lab', 'lab.txt', 'lab text');
    await item(`Lab one ${rootId}`, { id: labId, name: 'Lab one', parentId: rootId, ancestorIds: [rootId] }, [lab]);
    const unlistedId = newId();
    const unlisted = await storedFile(unlistedId, 'Hidden but linked', 'x.txt', 'unlisted');
    await item(
      `Unlisted ${rootId}`,
      { id: unlistedId, name: 'Unlisted lab', parentId: rootId, index: 1, ancestorIds: [rootId], status: 'unlisted' },
      [unlisted],
    );
    const archivedId = newId();
    const archived = await storedFile(archivedId, 'Old', 'old.txt', 'archived');
    await item(
      `Archived ${rootId}`,
      { id: archivedId, name: 'Archived lab', parentId: rootId, index: 2, ancestorIds: [rootId], status: 'archived' },
      [archived],
    );
    const lessonId = newId();
    const slides = await storedFile(lessonId, 'Slides', 'slides.txt', 'slide text');
    const now = new Date().toISOString();
    await createLesson(
      {
        id: lessonId,
        contentId: rootId,
        alternateId: null,
        name: 'Week 1',
        index: 0,
        urls: [{ fileId: slides.id, type: 'slides' }],
        pages: [],
        createdTimestamp: now,
        modifiedTimestamp: now,
        version: 1,
      },
      [],
    );
    hiddenId = newId();
    await item(`Unpublished ${rootId}`, { id: hiddenId, status: 'unpublished' });
  });

  it('lists the files of the item and its published or unlisted descendants, lesson artifacts included', async () => {
    const { status, body } = await preview({ contentId: rootId }, 'faculty');
    expect(status).toBe(200);
    const bundle = ContentBundle.parse(body);
    expect(bundle.name).toBe(bundleFileName(rootName, new Date()));
    expect(bundle.files).toEqual([
      { path: `${rootName}/Read me.txt`, size: 13 },
      { path: `${rootName}/Lessons/Week 1/Slides.txt`, size: 10 },
      { path: `${rootName}/Lab one/Lab.txt`, size: 8 },
      { path: `${rootName}/Unlisted lab/Hidden but linked.txt`, size: 8 },
    ]);
    expect(bundle).toMatchObject({ fileCount: 4, totalBytes: 39 });
  });

  it('leaves lesson artifacts out for a caller who may not view lesson files', async () => {
    const { body } = await preview({ contentId: rootId }, 'coursewareOnly');
    expect(ContentBundle.parse(body)).toMatchObject({ fileCount: 3, totalBytes: 29 });
  });

  it('answers 404 for content the caller may not see, 401 to visitors and 403 without file rights', async () => {
    expect(await preview({ contentId: hiddenId }, 'faculty')).toEqual({
      status: 404,
      body: expect.objectContaining({ message: CONTENT_NOT_FOUND_MESSAGE }),
    });
    expect((await preview({ contentId: hiddenId }, 'editor')).status).toBe(200);
    expect((await preview({ contentId: newId() }, 'faculty')).status).toBe(404);
    expect((await preview({ contentId: rootId }, null)).status).toBe(401);
    expect((await preview({ contentId: rootId }, 'noFiles')).status).toBe(403);
    expect((await preview({}, 'faculty')).status).toBe(400);
    expect((await preview({ contentId: rootId, category: 'module' }, 'faculty')).status).toBe(400);
  });

  it('bundles a category under its title, each matching item once', async () => {
    const { status, body } = await preview({ category: 'module' }, 'faculty');
    expect(status).toBe(200);
    const bundle = ContentBundle.parse(body);
    const title = categoryBundleTitle('module');
    expect(bundle.name).toBe(bundleFileName(title, new Date()));
    expect(bundle.files.filter((file) => file.path.startsWith(`${title}/${rootName}/`)).length).toBe(4);
  });
});
