import { createHash } from 'node:crypto';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_REFUSALS, PreviewUrl } from '#shared/contracts/download';
import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import type { PersonaName } from '#shared/contracts/identity';
import { PREVIEW_LIMITS } from '#shared/limits';
import { putObject } from '../../adapters/file-objects.ts';
import { createContent, getContentByAlias } from '../../data/content.ts';
import { createFile, getFile } from '../../data/files.ts';
import type { ContentItem } from '../../data/items.ts';
import { contentFileObjectKey } from '../../data/keys.ts';
import {
  DOWNLOAD_STATISTIC_CATEGORY,
  PREVIEW_STATISTIC_CATEGORY,
  type StatisticCategory,
} from '../../domain/download-statistics.ts';
import { newId, seedId } from '../../domain/ids.ts';
import { env } from '../../lib/env.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { loadEvent, withPathParameters } from '../../test-support/events.ts';
import {
  createLessonWithSlides,
  fileStatisticEvents,
  handlerCaller,
  SEED_LAB_ALIAS,
  seededPersonaToken,
  startSeededStack,
  statisticDayCounter,
} from '../../test-support/seeded-handlers.ts';
import { storeAttachedFile } from '../../test-support/stored-file.ts';
import { handler } from './index.ts';

/**
 * The preview URL (issue 24 item 1; decision record 058) against the embedded
 * emulators, seeded with the real courseware: the download URL's rights per persona,
 * an inline presigned GET with a safe media type, previews counted apart from
 * downloads, and the size limit.
 */

let stack: Awaited<ReturnType<typeof startSeededStack>>;
const tokens = new Map<PersonaName, string>();
const setup = {
  lab: null as unknown as ContentItem,
  labPdf: '',
  draftFile: '',
  htmlFile: '',
  largeFile: '',
  artifact: '',
  slides: '',
};

const PDF = Buffer.from('%PDF-1.7\n% a test lab guide\n');

beforeAll(async () => {
  stack = await startSeededStack();
  for (const persona of ['student', 'faculty-vacr', 'faculty-uscr', 'editor'] as const) {
    tokens.set(persona, await seededPersonaToken(persona, 'USCR'));
  }
  const lab = await getContentByAlias(SEED_LAB_ALIAS);
  if (!lab) throw new Error('The seeded SEED lab is missing.');
  setup.lab = lab;
  setup.labPdf = lab.files.find((file) => file.type === 'application/pdf')?.id ?? '';

  const draft = contentRecord('Preview draft lab', { status: 'unpublished' });
  setup.draftFile = (
    await storeAttachedFile({
      ownerId: draft.id,
      name: 'Draft',
      filename: 'draft.pdf',
      type: 'application/pdf',
      bytes: PDF,
    })
  ).id;
  await createContent({
    ...draft,
    files: [{ id: setup.draftFile, name: 'Draft', type: 'application/pdf', filename: 'draft.pdf' }],
  });

  const item = contentRecord('Preview types lab');
  const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
  setup.htmlFile = (
    await storeAttachedFile({ ownerId: item.id, name: 'Page', filename: 'page.html', type: 'text/html', bytes: html })
  ).id;
  const slides = Buffer.from('PK\u0003\u0004 not really slides');
  setup.slides = (
    await storeAttachedFile({
      ownerId: item.id,
      name: 'Slides',
      filename: 'slides.pptx',
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      bytes: slides,
    })
  ).id;
  // The record's size decides: a stored size over the limit (the bytes themselves are small).
  setup.largeFile = newId();
  const largeKey = contentFileObjectKey(item.id, setup.largeFile);
  await putObject(env().privateBucket, largeKey, PDF, 'application/pdf');
  await createFile({
    id: setup.largeFile,
    name: 'Big guide',
    filename: 'big.pdf',
    type: 'application/pdf',
    size: PREVIEW_LIMITS.maxBytes + 1,
    sha256: createHash('sha256').update(PDF).digest('hex'),
    status: 'Ready',
    visibility: 'private',
    objectKey: largeKey,
    metadata: { id: item.id, type: 'Content' },
    createdTimestamp: new Date().toISOString(),
  });
  await createContent({
    ...item,
    files: [
      { id: setup.htmlFile, name: 'Page', type: 'text/html', filename: 'page.html' },
      { id: setup.slides, name: 'Slides', type: 'application/octet-stream', filename: 'slides.pptx' },
      { id: setup.largeFile, name: 'Big guide', type: 'application/pdf', filename: 'big.pdf' },
    ],
  });

  const lessonId = newId();
  setup.artifact = (
    await storeAttachedFile({
      ownerId: lessonId,
      name: 'Notes',
      filename: 'notes.md',
      type: 'text/markdown',
      bytes: Buffer.from('# Notes\n'),
    })
  ).id;
  await createLessonWithSlides(lessonId, lab.id, setup.artifact);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const call = handlerCaller<PersonaName>(handler, tokens);
const previewUrl = (fileId: string, who: PersonaName | 'visitor') =>
  call(withPathParameters(loadEvent('file/get-preview-url'), { id: fileId }), who);
const downloadUrl = (fileId: string, who: PersonaName) =>
  call(withPathParameters(loadEvent('file/get-download-url'), { id: fileId }), who);

/** Today's `file` counter of `fileId` in `category`. */
const fileCounter = (category: StatisticCategory, fileId: string) => statisticDayCounter(category, 'file', fileId);

describe('GET /api/v1/files/{id}/preview-url', () => {
  it('lets faculty-uscr preview a seeded SEED lab PDF inline, counted as a preview and not as a download', async () => {
    const before = {
      previews: await fileCounter(PREVIEW_STATISTIC_CATEGORY, setup.labPdf),
      downloads: await fileCounter(DOWNLOAD_STATISTIC_CATEGORY, setup.labPdf),
    };
    const { status, body } = await previewUrl(setup.labPdf, 'faculty-uscr');
    expect(status).toBe(200);
    const preview = PreviewUrl.parse(body);
    expect(preview).toMatchObject({ id: setup.labPdf, kind: 'pdf', contentType: 'application/pdf', tooLarge: false });

    const res = await fetch(preview.publicUrl ?? '');
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe((await getFile(setup.labPdf))?.sha256);
    expect(preview.size).toBe(bytes.length);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(parseContentDisposition(res.headers.get('content-disposition') ?? '')).toEqual({
      type: 'inline',
      parameters: { filename: preview.name },
    });

    expect(await fileCounter(PREVIEW_STATISTIC_CATEGORY, setup.labPdf)).toBe(before.previews + 1);
    expect(await fileCounter(DOWNLOAD_STATISTIC_CATEGORY, setup.labPdf)).toBe(before.downloads);
    expect(await fileStatisticEvents(DOWNLOAD_STATISTIC_CATEGORY, setup.labPdf)).toEqual([]);
    expect(await fileStatisticEvents(PREVIEW_STATISTIC_CATEGORY, setup.labPdf)).toEqual([
      expect.objectContaining({ userId: seedId('user', 'faculty-uscr'), contentId: setup.lab.id }),
    ]);

    // A download afterwards is counted as a download only.
    expect((await downloadUrl(setup.labPdf, 'faculty-uscr')).status).toBe(200);
    expect(await fileCounter(DOWNLOAD_STATISTIC_CATEGORY, setup.labPdf)).toBe(before.downloads + 1);
    expect(await fileCounter(PREVIEW_STATISTIC_CATEGORY, setup.labPdf)).toBe(before.previews + 1);
  });

  it('refuses those without file rights as the download URL does, recording nothing', async () => {
    const before = await fileCounter(PREVIEW_STATISTIC_CATEGORY, setup.labPdf);
    expect(await previewUrl(setup.labPdf, 'student')).toEqual({
      status: 403,
      body: { statusCode: 403, message: DOWNLOAD_REFUSALS.noCoursewareFileRights },
    });
    expect(await previewUrl(setup.labPdf, 'faculty-vacr')).toEqual({
      status: 403,
      body: { statusCode: 403, message: DOWNLOAD_REFUSALS.notNationalRangeUser },
    });
    expect((await previewUrl(setup.labPdf, 'visitor')).status).toBe(401);
    expect(await fileCounter(PREVIEW_STATISTIC_CATEGORY, setup.labPdf)).toBe(before);
  });

  it('answers 404 for a file of content the caller may not see, and shows it to an editor', async () => {
    expect(await previewUrl(setup.draftFile, 'faculty-uscr')).toEqual({
      status: 404,
      body: { statusCode: 404, message: FILE_NOT_FOUND_MESSAGE },
    });
    expect((await previewUrl(setup.draftFile, 'editor')).status).toBe(200);
  });

  it('serves an HTML file as text/plain, so it is never rendered as a page', async () => {
    const { status, body } = await previewUrl(setup.htmlFile, 'faculty-uscr');
    expect(status).toBe(200);
    const preview = PreviewUrl.parse(body);
    expect(preview).toMatchObject({ kind: 'code', contentType: 'text/plain; charset=utf-8' });
    const res = await fetch(preview.publicUrl ?? '');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toContain('<script>');
  });

  it('answers tooLarge and no URL over the size limit, recording nothing', async () => {
    const { status, body } = await previewUrl(setup.largeFile, 'faculty-uscr');
    expect(status).toBe(200);
    expect(PreviewUrl.parse(body)).toMatchObject({ kind: 'pdf', tooLarge: true, publicUrl: null });
    expect(await fileStatisticEvents(PREVIEW_STATISTIC_CATEGORY, setup.largeFile)).toEqual([]);
    expect((await previewUrl(setup.largeFile, 'student')).status).toBe(403);
  });

  it('answers kind none and no URL for a type without a viewer', async () => {
    const { body } = await previewUrl(setup.slides, 'faculty-uscr');
    expect(PreviewUrl.parse(body)).toMatchObject({ kind: 'none', tooLarge: false, publicUrl: null });
    expect(await fileStatisticEvents(PREVIEW_STATISTIC_CATEGORY, setup.slides)).toEqual([]);
  });

  it('previews a lesson artifact for those with lesson file rights', async () => {
    const { status, body } = await previewUrl(setup.artifact, 'faculty-uscr');
    expect(status).toBe(200);
    const preview = PreviewUrl.parse(body);
    expect(preview.kind).toBe('markdown');
    expect(await (await fetch(preview.publicUrl ?? '')).text()).toBe('# Notes\n');
    expect((await previewUrl(setup.artifact, 'student')).status).toBe(403);
  });
});
