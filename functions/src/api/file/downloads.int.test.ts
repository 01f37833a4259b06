import { createHash } from 'node:crypto';
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANY_SCOPE, CLAIM_TYPES, FILE_SCOPES } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  BUNDLE_FORMAT_MESSAGE,
  bundleFileName,
  CARTRIDGE_FILES_REFUSED_MESSAGE,
  cartridgeFileName,
  DOWNLOAD_REFUSALS,
  emptyBundleMessage,
} from '#shared/contracts/download';
import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import type { PersonaName } from '#shared/contracts/identity';
import { dynamoDocumentClient, sfnClient } from '../../adapters/aws-clients.ts';
import { putObject } from '../../adapters/file-objects.ts';
import { BUNDLE_STATE_MACHINE_ENV } from '../../adapters/workflows.ts';
import { createBundleRecord } from '../../data/bundles.ts';
import { createContent, getContentByAlias } from '../../data/content.ts';
import { tableName } from '../../data/dynamo.ts';
import { createFile, createPendingFile, getFile } from '../../data/files.ts';
import type { BundleState, ContentItem } from '../../data/items.ts';
import { DOWNLOAD_STATISTIC_CATEGORY } from '../../domain/download-statistics.ts';
import { newId, seedId } from '../../domain/ids.ts';
import { env } from '../../lib/env.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
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
import { BUNDLE_NOT_DELETABLE_MESSAGE } from './delete-file.ts';
import { BUNDLE_NOT_READY_MESSAGE, DOWNLOAD_URL_SECONDS } from './get-download-url.ts';
import { handler } from './index.ts';
import { BUNDLES_UNAVAILABLE_MESSAGE } from './request-bundle.ts';

/**
 * The file group's download routes against the embedded emulators, seeded with the
 * real courseware and the dev identity provider's personas (decision record 022).
 * Tokens are issued as `authenticate` issues them: the persona's account with the
 * brand's eligibility applied (`principalFor`).
 */

const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';
const COURSE_ALIAS = 'seed-labs-hands-on-labs-for-security-education';

let stack: Awaited<ReturnType<typeof startSeededStack>>;
type Who = PersonaName | 'coursewareOnly';
const tokens = new Map<string, string>();
const setup = {
  lab: null as unknown as ContentItem,
  module: null as unknown as ContentItem,
  labPdf: '',
  draftFile: '',
  unicodeFile: '',
  artifact: '',
  unattached: '',
  publicFile: '',
  emptyContentId: '',
  draftContentId: '',
};

/** A private file attached to `ownerId` (no TTL), with its bytes stored. */
async function attachedFile(ownerId: string, name: string, filename: string, bytes: Buffer): Promise<string> {
  return (await storeAttachedFile({ ownerId, name, filename, type: 'application/pdf', bytes })).id;
}

const PDF = Buffer.from('%PDF-1.7\n% a test lab guide\n');

beforeAll(async () => {
  stack = await startSeededStack();
  for (const persona of ['student', 'faculty-vacr', 'faculty-uscr', 'editor', 'admin'] as const) {
    tokens.set(persona, await seededPersonaToken(persona, 'USCR'));
  }
  tokens.set(
    'coursewareOnly',
    await seededPersonaToken('faculty-uscr', 'USCR', {
      claims: [{ type: CLAIM_TYPES.scopedFile, value: ANY_SCOPE, scopes: [FILE_SCOPES.courseware] }],
    }),
  );

  const lab = await getContentByAlias(SEED_LAB_ALIAS);
  const module = await getContentByAlias(MODULE_ALIAS);
  if (!lab || !module) throw new Error('The seeded SEED lab is missing.');
  setup.lab = lab;
  setup.module = module;
  setup.labPdf = lab.files.find((file) => file.type === 'application/pdf')?.id ?? '';

  const draft = contentRecord('Download draft lab', { status: 'unpublished' });
  setup.draftContentId = draft.id;
  setup.draftFile = await attachedFile(draft.id, 'Draft guide', 'draft.pdf', PDF);
  await createContent({
    ...draft,
    files: [{ id: setup.draftFile, name: 'Draft guide', type: 'application/pdf', filename: 'draft.pdf' }],
  });

  const unicode = contentRecord('Laboratorio de desbordamiento');
  setup.unicodeFile = await attachedFile(unicode.id, 'Guía del laboratorio — “buffer”', 'guia.pdf', PDF);
  await createContent({
    ...unicode,
    files: [
      { id: setup.unicodeFile, name: 'Guía del laboratorio — “buffer”', type: 'application/pdf', filename: 'guia.pdf' },
    ],
  });

  const empty = contentRecord('Download empty lesson');
  setup.emptyContentId = empty.id;
  await createContent(empty);

  const lessonId = newId();
  setup.artifact = await attachedFile(lessonId, 'Stack frames slides', 'slides.pdf', PDF);
  await createLessonWithSlides(lessonId, lab.id, setup.artifact);
  const now = new Date().toISOString();

  setup.unattached = newId();
  await putObject(env().privateBucket, `files/${setup.unattached}`, PDF, 'application/pdf');
  await createPendingFile({
    id: setup.unattached,
    name: 'Unattached.pdf',
    filename: 'Unattached.pdf',
    type: 'application/pdf',
    size: PDF.length,
    sha256: '',
    visibility: 'private',
    objectKey: `files/${setup.unattached}`,
    metadata: { id: lab.id, type: 'Content' },
    createdTimestamp: now,
    createdBy: seedId('user', 'editor'),
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  });

  setup.publicFile = newId();
  await createFile({
    id: setup.publicFile,
    name: 'Portrait',
    filename: 'portrait.png',
    type: 'image/png',
    size: 10,
    sha256: '',
    status: 'Ready',
    visibility: 'public',
    objectKey: `files/${setup.publicFile}`,
    metadata: { id: newId(), type: 'Portrait' },
    createdTimestamp: now,
  });

  // A workflow that succeeds at once: what this group must do is start it.
  const arn = stack.stepFunctions?.register(
    'test-bundle',
    { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } } as never,
    {},
  );
  if (!arn) throw new Error('The embedded Step Functions endpoint is not running.');
  process.env[BUNDLE_STATE_MACHINE_ENV] = arn;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});
beforeEach(() => {
  delete process.env.BRAND;
});

const call = handlerCaller<Who>(handler, tokens);

const downloadUrl = (fileId: string, who: Who | 'visitor') =>
  call(withPathParameters(loadEvent('file/get-download-url'), { id: fileId }), who);
const fileStatus = (fileId: string, who: Who) =>
  call(withPathParameters(loadEvent('file/get-file'), { id: fileId }), who);
const deleteFile = (fileId: string, who: Who) =>
  call(withPathParameters(loadEvent('file/delete-file'), { id: fileId }), who);
const requestBundle = (body: unknown, who: Who | 'visitor') =>
  call({ ...loadEvent('file/request-bundle'), body: JSON.stringify(body) }, who);

const counter = (metric: string, value: string, at = new Date()) =>
  statisticDayCounter(DOWNLOAD_STATISTIC_CATEGORY, metric, value, at);

/** The raw download events of this month for a file. */
const eventsOf = (fileId: string) => fileStatisticEvents(DOWNLOAD_STATISTIC_CATEGORY, fileId);

async function fetchBytes(url: string) {
  const res = await fetch(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /api/v1/file-access', () => {
  const access = (who: Who | 'visitor') => call(loadEvent('file/get-file-access'), who);

  it('lets national-range faculty download both kinds of file on USCR', async () => {
    expect(await access('faculty-uscr')).toEqual({
      status: 200,
      body: { courseware: true, lesson: true, reason: null },
    });
  });

  it('tells Virginia faculty on USCR that downloads are for national-range users', async () => {
    expect((await access('faculty-vacr')).body).toEqual({
      courseware: false,
      lesson: false,
      reason: DOWNLOAD_REFUSALS.notNationalRangeUser,
    });
  });

  it('tells a student the account has no courseware file rights', async () => {
    expect((await access('student')).body).toEqual({
      courseware: false,
      lesson: false,
      reason: DOWNLOAD_REFUSALS.noCoursewareFileRights,
    });
  });

  it('answers a visitor 401', async () => {
    expect(await access('visitor')).toEqual({ status: 401, body: { statusCode: 401, message: SIGN_IN_MESSAGE } });
  });
});

describe('GET /api/v1/files/{id}/download-url', () => {
  it('lets faculty-uscr download a seeded SEED lab PDF: the event and counters first, then a working URL', async () => {
    const before = { total: await counter('total', 'all'), file: await counter('file', setup.labPdf) };
    const file = await getFile(setup.labPdf);
    const asked = Date.now();
    const { status, body } = await downloadUrl(setup.labPdf, 'faculty-uscr');
    const answered = Date.now();

    expect(status).toBe(200);
    expect(body).toEqual({
      id: setup.labPdf,
      name: expect.stringMatching(/\.pdf$/),
      publicUrl: expect.stringContaining(`/${file?.objectKey}?`),
      expiresAt: expect.any(String),
    });
    // DOWNLOAD_URL_SECONDS from the handler's clock, read between asking and the answer.
    const expiresAt = Date.parse(body.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(asked + DOWNLOAD_URL_SECONDS * 1000);
    expect(expiresAt).toBeLessThanOrEqual(answered + DOWNLOAD_URL_SECONDS * 1000);

    const { res, bytes } = await fetchBytes(body.publicUrl as string);
    expect(res.status).toBe(200);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file?.sha256);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = parseContentDisposition(res.headers.get('content-disposition') ?? '');
    expect(disposition).toEqual({ type: 'attachment', parameters: { filename: body.name } });

    const [event] = await eventsOf(setup.labPdf);
    expect(event).toMatchObject({
      userId: seedId('user', 'faculty-uscr'),
      contentId: setup.lab.id,
      topMostContentId: (await getContentByAlias(COURSE_ALIAS))?.id,
      metadata: {
        userName: 'Una Faculty',
        userEmail: 'faculty-uscr@example.edu',
        fileName: body.name,
        fileId: setup.labPdf,
        downloadedFrom: { contentName: setup.lab.name, tags: setup.lab.tags },
        topMostContent: { contentName: 'SEED Labs: Hands-on Labs for Security Education' },
      },
    });
    const units = Object.values(
      (event?.metadata as { businessUnits: Record<string, unknown> } | undefined)?.businessUnits ?? {},
    );
    expect(units).toEqual([
      { name: 'University of Nebraska at Omaha', category: 'university', region: expect.any(String) },
    ]);
    expect(await counter('total', 'all')).toBe(before.total + 1);
    expect(await counter('file', setup.labPdf)).toBe(before.file + 1);
  });

  it('names a non-ASCII download with an RFC 6266 filename* and an ASCII fallback', async () => {
    const { status, body } = await downloadUrl(setup.unicodeFile, 'faculty-uscr');
    expect(status).toBe(200);
    expect(body.name).toBe('Guía del laboratorio — “buffer”.pdf');
    const { res, bytes } = await fetchBytes(body.publicUrl as string);
    expect(bytes.equals(PDF)).toBe(true);
    const header = res.headers.get('content-disposition') ?? '';
    expect(header).toBe(
      `attachment; filename="Gu?a del laboratorio ? ?buffer?.pdf"; filename*=UTF-8''${encodeURIComponent(body.name as string)}`,
    );
    // A reader that understands RFC 8187 gets the name back exactly.
    expect(parseContentDisposition(header).parameters.filename).toBe(body.name);
  });

  it('refuses Virginia faculty on USCR with the national-range reason, and lets them download on VACR', async () => {
    const refused = await downloadUrl(setup.labPdf, 'faculty-vacr');
    expect(refused).toEqual({
      status: 403,
      body: { statusCode: 403, message: DOWNLOAD_REFUSALS.notNationalRangeUser },
    });

    process.env.BRAND = 'VACR';
    tokens.set('faculty-vacr-on-vacr', await seededPersonaToken('faculty-vacr', 'VACR'));
    const allowed = await call(
      withPathParameters(loadEvent('file/get-download-url'), { id: setup.labPdf }),
      'faculty-vacr-on-vacr' as Who,
    );
    expect(allowed.status).toBe(200);
  });

  it('refuses a student with the no-rights reason and a visitor with 401', async () => {
    expect(await downloadUrl(setup.labPdf, 'student')).toEqual({
      status: 403,
      body: { statusCode: 403, message: DOWNLOAD_REFUSALS.noCoursewareFileRights },
    });
    expect((await downloadUrl(setup.labPdf, 'visitor')).status).toBe(401);
  });

  it('asks viewLessonFiles of a lesson artifact', async () => {
    expect((await downloadUrl(setup.artifact, 'faculty-uscr')).status).toBe(200);
    expect((await downloadUrl(setup.artifact, 'editor')).status).toBe(200);
    expect(await downloadUrl(setup.artifact, 'coursewareOnly')).toEqual({
      status: 403,
      body: { statusCode: 403, message: DOWNLOAD_REFUSALS.noLessonFileRights },
    });
    expect((await downloadUrl(setup.labPdf, 'coursewareOnly')).status).toBe(200);
    const [event] = await eventsOf(setup.artifact);
    expect(event).toMatchObject({ contentId: setup.lab.id, metadata: { fileName: 'Stack frames slides.pdf' } });
  });

  it('hides a file of unpublished content from faculty, not from an editor', async () => {
    expect(await downloadUrl(setup.draftFile, 'faculty-uscr')).toEqual({
      status: 404,
      body: { statusCode: 404, message: FILE_NOT_FOUND_MESSAGE },
    });
    expect((await downloadUrl(setup.draftFile, 'editor')).status).toBe(200);
  });

  it('answers 404 for an unattached upload and an unknown file, recording nothing', async () => {
    expect((await downloadUrl(setup.unattached, 'editor')).status).toBe(404);
    expect((await downloadUrl('01jd8z6w5k3m2n1p0q9r8s7t6v', 'editor')).status).toBe(404);
    expect(await eventsOf(setup.unattached)).toEqual([]);
  });

  it('answers a public file with its public address and records nothing', async () => {
    const { status, body } = await downloadUrl(setup.publicFile, 'student');
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Portrait.png', publicUrl: `/public/files/${setup.publicFile}` });
    expect(await eventsOf(setup.publicFile)).toEqual([]);
  });
});

describe('bundles in the file routes', () => {
  async function bundle(owner: PersonaName, state: Partial<BundleState> = {}, ready = false): Promise<string> {
    const id = newId();
    const record = await createBundleRecord({
      id,
      name: bundleFileName(setup.module.name, new Date()),
      scope: { contentId: setup.module.id },
      includesLessonFiles: true,
      createdBy: seedId('user', owner),
    });
    if (!ready && Object.keys(state).length === 0) return id;
    const objectKey = `bundles/${id}.zip`;
    const zip = Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'binary');
    if (ready) await putObject(env().privateBucket, objectKey, zip, 'application/zip');
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...record,
          ...(ready ? { status: 'Ready', objectKey, size: zip.length } : {}),
          bundle: { ...record.bundle, ...state },
        },
      }),
    );
    return id;
  }

  it('lets a student download their own Thin Common Cartridge (no file rights needed), not a zip', async () => {
    const thin = await bundle('student', { format: 'imscc-thin', siteOrigin: 'https://portal.example.org' }, true);
    const answer = await downloadUrl(thin, 'student');
    expect(answer.status).toBe(200);
    const zip = await bundle('student', {}, true);
    expect((await downloadUrl(zip, 'student')).status).toBe(403);
  });

  it('shows a bundle only to its requester, with progress and reason', async () => {
    const id = await bundle('faculty-uscr', {
      progress: { filesDone: 1, filesTotal: 4, bytesDone: 10, bytesTotal: 40 },
    });
    expect((await fileStatus(id, 'faculty-uscr')).body).toEqual({
      id,
      name: bundleFileName(setup.module.name, new Date()),
      status: 'Pending',
      progress: { filesDone: 1, filesTotal: 4, bytesDone: 10, bytesTotal: 40 },
      reason: null,
    });
    expect((await fileStatus(id, 'editor')).status).toBe(404);
  });

  it("answers 404 for another user's bundle and 409 for one's own that is not ready", async () => {
    const id = await bundle('faculty-uscr');
    expect(await downloadUrl(id, 'editor')).toEqual({
      status: 404,
      body: { statusCode: 404, message: FILE_NOT_FOUND_MESSAGE },
    });
    expect(await downloadUrl(id, 'faculty-uscr')).toEqual({
      status: 409,
      body: { statusCode: 409, message: BUNDLE_NOT_READY_MESSAGE },
    });
  });

  it('downloads a Ready bundle under its own name', async () => {
    const id = await bundle('faculty-uscr', {}, true);
    const { status, body } = await downloadUrl(id, 'faculty-uscr');
    expect(status).toBe(200);
    expect(body.name).toBe(bundleFileName(setup.module.name, new Date()));
    const { res } = await fetchBytes(body.publicUrl as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(parseContentDisposition(res.headers.get('content-disposition') ?? '').parameters.filename).toBe(body.name);
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ contentId: setup.module.id, metadata: { fileName: body.name } });
  });

  it('never deletes a bundle: 409 for its requester, 404 for anyone else', async () => {
    const id = await bundle('editor');
    expect(await deleteFile(id, 'editor')).toEqual({
      status: 409,
      body: { statusCode: 409, message: BUNDLE_NOT_DELETABLE_MESSAGE },
    });
    expect((await deleteFile(id, 'admin')).status).toBe(404);
    expect((await getFile(id))?.status).toBe('Pending');
  });
});

describe('POST /api/v1/files/bundles', () => {
  it('records a Pending bundle named after the content and starts the workflow', async () => {
    const { status, body } = await requestBundle({ contentId: setup.module.id }, 'faculty-uscr');
    const name = bundleFileName(setup.module.name, new Date());
    expect(status).toBe(202);
    expect(body).toEqual({ id: expect.any(String), name, status: 'Pending' });
    expect(name).toMatch(/^SEED_Labs_Software_Security_\d{4}-\d\d-\d\d_bundle\.zip$/);
    const record = await getFile(body.id as string);
    expect(record).toMatchObject({
      name,
      status: 'Pending',
      visibility: 'private',
      createdBy: seedId('user', 'faculty-uscr'),
      bundle: { scope: { contentId: setup.module.id }, includesLessonFiles: true },
    });
    const execution = await sfnClient.send(
      new DescribeExecutionCommand({
        executionArn: `${process.env[BUNDLE_STATE_MACHINE_ENV]?.replace(':stateMachine:', ':execution:')}:${body.id}`,
      }),
    );
    expect(JSON.parse(execution.input ?? '{}')).toEqual({ bundleId: body.id });
  });

  it('records whether the requester may have lesson files in the zip', async () => {
    const { body } = await requestBundle({ contentId: setup.module.id }, 'coursewareOnly');
    expect((await getFile(body.id as string))?.bundle?.includesLessonFiles).toBe(false);
  });

  it('names a category bundle after the category', async () => {
    const { status, body } = await requestBundle({ category: 'module' }, 'faculty-uscr');
    expect(status).toBe(202);
    expect(body.name).toMatch(/^All_Module_files_\d{4}-\d\d-\d\d_bundle\.zip$/);
    expect((await getFile(body.id as string))?.bundle?.scope).toEqual({ category: 'module' });
  });

  it('refuses content the caller may not see like missing content, and content without any file', async () => {
    expect(await requestBundle({ contentId: setup.draftContentId }, 'faculty-uscr')).toEqual({
      status: 404,
      body: { statusCode: 404, message: CONTENT_NOT_FOUND_MESSAGE },
    });
    expect(await requestBundle({ contentId: setup.emptyContentId }, 'faculty-uscr')).toEqual({
      status: 404,
      body: { statusCode: 404, message: emptyBundleMessage('Download empty lesson') },
    });
  });

  it('refuses a student (403), a visitor (401) and a request naming both scopes (400)', async () => {
    expect((await requestBundle({ contentId: setup.module.id }, 'student')).status).toBe(403);
    expect((await requestBundle({ contentId: setup.module.id }, 'visitor')).status).toBe(401);
    const both = await requestBundle({ contentId: setup.module.id, category: 'module' }, 'faculty-uscr');
    expect(both.status).toBe(400);
  });

  it('gives every signed-in caller a Thin Common Cartridge, named <alias>.imscc, with the site origin of its links (issue 27 item 6)', async () => {
    const { status, body } = await requestBundle({ contentId: setup.module.id, format: 'imscc-thin' }, 'student');
    expect(status).toBe(202);
    expect(body).toEqual({ id: expect.any(String), name: 'seed-labs-software-security.imscc', status: 'Pending' });
    expect(body.name).toBe(cartridgeFileName(setup.module.urlAlias));
    expect((await getFile(body.id as string))?.bundle).toMatchObject({
      scope: { contentId: setup.module.id },
      format: 'imscc-thin',
      siteOrigin: 'https://portal.example.org',
      includesLessonFiles: false,
    });
  });

  it('refuses a full cartridge to a caller without file rights (403, pointing to the thin one) and makes one for faculty', async () => {
    expect(await requestBundle({ contentId: setup.module.id, format: 'imscc' }, 'student')).toEqual({
      status: 403,
      body: { statusCode: 403, message: CARTRIDGE_FILES_REFUSED_MESSAGE },
    });
    const { status, body } = await requestBundle({ contentId: setup.module.id, format: 'imscc' }, 'faculty-uscr');
    expect(status).toBe(202);
    expect((await getFile(body.id as string))?.bundle).toMatchObject({ format: 'imscc', includesLessonFiles: true });
    // A cartridge is never refused as empty: it always holds the item's link.
    expect(
      (await requestBundle({ contentId: setup.emptyContentId, format: 'imscc-thin' }, 'faculty-uscr')).status,
    ).toBe(202);
  });

  it('answers 400 with a field message for an unknown format', async () => {
    expect(await requestBundle({ contentId: setup.module.id, format: 'scorm' }, 'faculty-uscr')).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'body.format', message: BUNDLE_FORMAT_MESSAGE }] },
    });
  });

  it('answers 503 and marks the bundle Failed when the workflow cannot be started', async () => {
    // Step Functions refusing a start (throttling, an outage) cannot be staged against the local executor.
    const sfn = mockClient(sfnClient);
    try {
      sfn.on(StartExecutionCommand).rejects(new Error('Rate exceeded'));
      const result = await requestBundle({ contentId: setup.module.id }, 'faculty-uscr');
      expect(result).toEqual({ status: 503, body: { statusCode: 503, message: BUNDLES_UNAVAILABLE_MESSAGE } });
      const [started] = sfn.commandCalls(StartExecutionCommand);
      const bundleId = started?.args[0].input.name ?? '';
      expect((await getFile(bundleId))?.status).toBe('Failed');
    } finally {
      sfn.restore();
    }
  });
});
