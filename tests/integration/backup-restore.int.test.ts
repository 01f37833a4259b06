import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDetail } from '#shared/contracts/content';
import { SavedContent } from '#shared/contracts/content-save';
import { CreatedUpload } from '#shared/contracts/file';
import type { PersonaName } from '#shared/contracts/identity';
import { ROUTES, type Route } from '#shared/routes';
import { BUCKETS } from '#shared/table';
import { seedId } from '../../functions/src/domain/ids.ts';
import { seededPageId } from '../../functions/src/seed/pages.ts';
import { SEED_ID_KINDS } from '../../functions/src/seed/plan.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';
import { waitUntilSearchFinds } from '../support/search-over-http.ts';

/**
 * Backup and restore of a whole portal (issue 28 item 1, decision record 082): a seeded
 * portal gets edits over the API (a new item with a file, a library save, a download, so
 * counters move), is stopped and backed up with `npm run backup`; the archive is restored
 * with `npm run restore` into a fresh folder. Then the original (started again on its
 * folder, so both start from the archived state) and the restored portal answer every GET
 * route a visitor or a signed-in reader (faculty-uscr) may call with the same status and
 * body, and hold byte-identical objects. The routes that record a download as they answer
 * are asked last, so the download each portal records reaches no other answer.
 *
 * Normalised, because they legitimately differ between two runs: the JWKS key material
 * (the signing keys are configuration, not data: `$DATA_DIR/keys/` locally, Secrets
 * Manager on AWS; neither is in an archive), the per-request signature, date and
 * credential scope of presigned URLs and their `expiresAt`, OAI-PMH's `responseDate`, the
 * first HTML's `fetchedAt` and a personal-data export's `exportedTimestamp` (each the time
 * of the answer). Both portals run on the same port, so addresses match.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
process.env.RATE_LIMIT_SCALE = '100';

const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';
const UNKNOWN_ID = '01jd8z6w5k3m2n1p0q9r8s7t6v';

/** The GET routes a visitor (public) or a signed-in reader (authenticated) may call. */
type ReaderRoute = Extract<Route, { method: 'GET'; access: 'public' | 'authenticated' }>;
type ReaderOperation = ReaderRoute['operationId'];

/** Ids the sample paths use, read from the original portal. */
interface Ids {
  labId: string;
  labPdf: string;
  moduleId: string;
  newItem: string;
  newFile: string;
  news: string;
  event: string;
  collection: string;
  businessUnit: string;
}

/**
 * Sample requests of every reader GET route: keyed by operationId, so a new reader route
 * does not compile until it is covered here. Routes that write as they answer (a download
 * records an event) are last, so their effect reaches no other answer.
 */
const SAMPLES: Record<ReaderOperation, (ids: Ids) => string[]> = {
  getOpenIdConfiguration: () => ['/api/v1/auth/.well-known/openid-configuration'],
  getJwks: () => ['/api/v1/auth/jwks.json'],
  listClaims: () => ['/api/v1/claims'],
  listMessages: () => ['/api/v1/messages'],
  listOrganizations: () => ['/api/v1/organizations'],
  listUserCourses: () => ['/api/v1/user/courses'],
  getInvitationPreview: () => ['/api/v1/invitations/preview?token=not-a-token'],
  getUpdateNoticeSettings: () => ['/api/v1/update-notices/settings'],
  listContent: () => ['/api/v1/content?limit=50', '/api/v1/content?limit=5&sort=name'],
  getContent: (ids) => [`/api/v1/content/${LAB_ALIAS}`, `/api/v1/content/${ids.newItem}`],
  getContentCoverageReport: () => [`/api/v1/content-coverage/${MODULE_ALIAS}`],
  listContentChildren: (ids) => [`/api/v1/content-children/${ids.moduleId}`],
  listKnowledge: () => ['/api/v1/knowledge?type=KU', '/api/v1/knowledge?type=KSA&limit=50'],
  getKnowledge: () => ['/api/v1/knowledge/KU/CSF'],
  listWorkRoles: () => ['/api/v1/work-roles?generation=2017'],
  getWorkRole: () => ['/api/v1/work-roles/DD-WRL-001'],
  listContributors: () => ['/api/v1/contributors'],
  getContributor: () => [
    `/api/v1/contributors/${seedId(SEED_ID_KINDS.contributor, 'Wenliang|Du|Syracuse University')}`,
  ],
  listNews: () => ['/api/v1/news'],
  getNews: (ids) => [`/api/v1/news/${ids.news}`],
  listEvents: () => ['/api/v1/events'],
  getEvent: (ids) => [`/api/v1/events/${ids.event}`],
  getSubmission: () => [`/api/v1/submissions/${UNKNOWN_ID}`],
  getMyContentReview: (ids) => [`/api/v1/content-items/${ids.labId}/reviews/mine`],
  listContentReviews: (ids) => [`/api/v1/content-items/${ids.labId}/reviews`],
  getPageByHref: () => ['/api/v1/pages/by-href?href=/about'],
  getPage: () => [`/api/v1/pages/${seededPageId('/about')}`],
  listPageSections: () => [`/api/v1/pages/${seededPageId('/about')}/sections`],
  relatedContent: (ids) => [`/api/v1/search/related/${ids.labId}?limit=4`],
  searchFeed: () => ['/api/v1/search/feed'],
  getSitemap: () => ['/api/v1/search/sitemap'],
  harvestOai: () => ['/api/v1/oai?verb=Identify', '/api/v1/oai?verb=ListRecords&metadataPrefix=oai_dc'],
  listSavedSearches: () => ['/api/v1/saved-searches'],
  getContentUsage: (ids) => [`/api/v1/content-items/${ids.labId}/usage`],
  listBusinessUnits: () => ['/api/v1/business-units'],
  getBusinessUnit: (ids) => [`/api/v1/business-units/${ids.businessUnit}`],
  getFile: (ids) => [`/api/v1/files/${ids.newFile}`],
  getFileAccess: () => ['/api/v1/file-access'],
  getProductSubscription: () => ['/api/v1/product-subscriptions/coursewareFeature'],
  getOpenApiDocument: () => ['/api/v1/openapi.json'],
  getHomeHtml: () => ['/api/v1/html'],
  getPageHtml: () => [`/api/v1/html/courseware/${LAB_ALIAS}`, '/api/v1/html/about'],
  listLibrary: () => ['/api/v1/library/saved'],
  listSavedContentIds: () => ['/api/v1/library/saved-ids'],
  listDownloadHistory: () => ['/api/v1/library/downloads'],
  listMyCollections: () => ['/api/v1/collections/mine'],
  listCuratedCollections: () => ['/api/v1/collections'],
  getCollection: (ids) => [`/api/v1/collections/${ids.collection}`],
  getCollectionCoverage: (ids) => [`/api/v1/collections/${ids.collection}/coverage`],
  getCollectionCoverageReport: (ids) => [`/api/v1/collections/${ids.collection}/coverage-report`],
  getCollectionCaeWorksheet: (ids) => [`/api/v1/collections/${ids.collection}/cae-worksheet`],
  exportPersonalData: () => ['/api/v1/personal-data'],
  getPreviewUrl: (ids) => [`/api/v1/files/${ids.labPdf}/preview-url`],
  getDownloadUrl: (ids) => [`/api/v1/files/${ids.labPdf}/download-url`, `/api/v1/files/${ids.newFile}/download-url`],
};

const READER: PersonaName = 'faculty-uscr';

interface Answer {
  request: string;
  status: number;
  body: unknown;
}

/** Routes answering a presigned URL, whose `expiresAt` is the time of the answer plus its lifetime. */
const PRESIGNING = new Set(['getDownloadUrl', 'getPreviewUrl']);
/** Routes that write as they answer (a download event): asked last, after every other route. */
const WRITING = new Set(['getDownloadUrl', 'getPreviewUrl']);

/** The presigned parts that differ per request: signature, its date and its credential scope. */
const PER_REQUEST_QUERY = ['X-Amz-Date', 'X-Amz-Signature', 'X-Amz-Credential'];

function normalise(operationId: string, value: unknown): unknown {
  if (operationId === 'getJwks' && value && typeof value === 'object' && 'keys' in value) {
    const keys = (value as { keys: { kty?: string; alg?: string; use?: string }[] }).keys;
    return { keys: keys.map(({ kty, alg, use }) => ({ kty, alg, use })) };
  }
  if (typeof value === 'string' && value.includes('"fetchedAt":')) {
    return value.replace(/"fetchedAt":\d+/g, '"fetchedAt":0');
  }
  if (typeof value === 'string' && value.includes('<responseDate>')) {
    return value.replace(/<responseDate>[^<]*<\/responseDate>/, '<responseDate/>');
  }
  if (typeof value === 'string' && /X-Amz-Signature=/.test(value)) {
    const url = new URL(value);
    for (const name of PER_REQUEST_QUERY) url.searchParams.delete(name);
    return url.toString();
  }
  if (Array.isArray(value)) return value.map((entry) => normalise(operationId, entry));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [
        key,
        (key === 'expiresAt' && PRESIGNING.has(operationId)) ||
        (key === 'exportedTimestamp' && operationId === 'exportPersonalData')
          ? 'time of the answer'
          : normalise(operationId, entry),
      ]),
    );
  }
  return value;
}

/** Every reader GET request, as a visitor for public routes and as the reader for all. */
async function answersOf(portal: LocalPortal, ids: Ids): Promise<Answer[]> {
  const token = await portalTokenFor(portal, READER);
  const answers: Answer[] = [];
  const readerRoutes = ROUTES.filter(
    (route): route is ReaderRoute =>
      route.method === 'GET' && (route.access === 'public' || route.access === 'authenticated'),
  ).sort((a, b) => Number(WRITING.has(a.operationId)) - Number(WRITING.has(b.operationId)));
  for (const route of readerRoutes) {
    for (const requestPath of SAMPLES[route.operationId](ids)) {
      const callers = route.access === 'public' ? ['visitor', READER] : [READER];
      for (const caller of callers) {
        const response = await fetch(`${portal.baseUrl}${requestPath}`, {
          headers: caller === 'visitor' ? {} : { authorization: `Bearer ${token}` },
        });
        const text = await response.text();
        let body: unknown = text;
        if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
        else if (!/^(text|application\/(xml|rss|atom))/.test(response.headers.get('content-type') ?? '')) {
          body = createHash('sha256').update(Buffer.from(text, 'latin1')).digest('hex');
        }
        answers.push({
          request: `${route.operationId} ${caller} ${requestPath}`,
          status: response.status,
          body: normalise(route.operationId, body),
        });
      }
    }
  }
  return answers;
}

/** sha256 of every object of both buckets of the running portal, by `<bucket>/<key>`. */
async function objectDigests(portal: LocalPortal): Promise<Map<string, string>> {
  const s3 = new S3Client({
    endpoint: portal.urls.s3,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const digests = new Map<string, string>();
  try {
    for (const bucket of [BUCKETS.private.localName, BUCKETS.public.localName]) {
      let marker: string | undefined;
      for (;;) {
        const page = await s3.send(new ListObjectsCommand({ Bucket: bucket, Marker: marker }));
        const keys = (page.Contents ?? []).map((object) => object.Key as string);
        for (const key of keys) {
          const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const bytes = await object.Body?.transformToByteArray();
          digests.set(
            `${bucket}/${key}`,
            createHash('sha256')
              .update(bytes ?? new Uint8Array())
              .digest('hex'),
          );
        }
        if (!page.IsTruncated || keys.length === 0) break;
        marker = keys[keys.length - 1];
      }
    }
  } finally {
    s3.destroy();
  }
  return digests;
}

/** Runs `npm run <tool>`'s script in a child process on `dataDir`, with no endpoint of this process. */
async function tool(name: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const variable of Object.keys(env)) {
    if (
      variable.startsWith('AWS_ENDPOINT_URL') ||
      ['TABLE_NAME', 'PRIVATE_BUCKET', 'PUBLIC_BUCKET'].includes(variable)
    ) {
      delete env[variable];
    }
  }
  return run(process.execPath, ['--import', 'tsx', `infra/tools/${name}.ts`, ...args], { cwd: ROOT, env });
}

let original: LocalPortal | undefined;
let restored: LocalPortal | undefined;
let work: string;
const folders = { original: '', restored: '' };

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
}, 10_000);
afterAll(async () => {
  await original?.stop();
  await restored?.stop();
  for (const folder of [folders.original, folders.restored, work]) {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
});

describe('npm run backup, then npm run restore into a fresh folder', () => {
  it('gives a portal that answers every reader GET route as the original, with byte-identical objects', async () => {
    original = await startLocalPortal({ seed: true, keepData: true });
    folders.original = original.dataDir as string;
    const port = Number(new URL(original.baseUrl).port);
    const api = (p: string, persona: string, init: RequestInit = {}) =>
      fetch(`${(original as LocalPortal).baseUrl}${p}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${persona}`, ...init.headers },
      });

    // Edits over the API: a new published item with a PDF, a library save and downloads.
    const editor = await portalTokenFor(original, 'editor');
    const reader = await portalTokenFor(original, READER);
    const pdf = Buffer.from('%PDF-1.7\n% backup drill guide\n');
    const upload = CreatedUpload.parse(
      await (
        await api('/api/v1/files/uploads', editor, {
          method: 'POST',
          body: JSON.stringify({ kind: 'content', name: 'Drill guide.pdf', type: 'application/pdf', size: pdf.length }),
        })
      ).json(),
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.upload.fields)) form.append(name, value);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }));
    const posted = await fetch(upload.upload.url, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBe(204);
    expect((await api(`/api/v1/files/${upload.fileId}/complete`, editor, { method: 'POST' })).status).toBe(200);
    const saved = await api('/api/v1/content-saves', editor, {
      method: 'POST',
      body: JSON.stringify({
        fields: { name: 'Numbat restore drill', description: '<p>Restores.</p>', status: 'published' },
        files: [{ id: upload.fileId, name: 'Drill guide.pdf' }],
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const newItem = SavedContent.parse(await saved.json()).content.id;
    const lab = ContentDetail.parse(await (await api(`/api/v1/content/${LAB_ALIAS}`, editor)).json());
    const module = ContentDetail.parse(await (await api(`/api/v1/content/${MODULE_ALIAS}`, editor)).json());
    const labPdf = lab.content.files.find((file) => file.filename === 'Buffer_Overflow_Setuid.pdf')?.id ?? '';
    expect((await api(`/api/v1/library/saved/${lab.content.id}`, reader, { method: 'PUT' })).status).toBe(200);
    expect((await api(`/api/v1/files/${labPdf}/download-url`, reader)).status).toBe(200);
    await waitUntilSearchFinds(original, 'numbat restore drill', newItem);

    const first = async (p: string, token?: string) => {
      const body = (await (await api(p, token ?? '')).json()) as { items?: { id: string }[] };
      return body.items?.[0]?.id ?? UNKNOWN_ID;
    };
    const ids: Ids = {
      labId: lab.content.id,
      labPdf,
      moduleId: module.content.id,
      newItem,
      newFile: upload.fileId,
      news: await first('/api/v1/news'),
      event: await first('/api/v1/events'),
      collection: await first('/api/v1/collections'),
      businessUnit: await first('/api/v1/business-units', reader),
    };
    await original.stop();
    original = undefined;

    const archive = path.join(work, 'portal.zip');
    const backup = await tool('backup', folders.original, archive);
    expect(backup.stdout).toMatch(/^backup: .*portal\.zip: \d+ items, \d+ objects/m);

    // The original, started again on its folder: the state the archive holds.
    original = await startLocalPortal({ dataDir: folders.original, port });
    const originalObjects = await objectDigests(original);
    const expected = await answersOf(original, ids);
    await original.stop();
    original = undefined;

    folders.restored = await mkdtemp(path.join(os.tmpdir(), 'portal-restored-'));
    const restore = await tool('restore', folders.restored, archive);
    expect(restore.stdout).toMatch(/^restore: data-folder .* restored from /m);
    restored = await startLocalPortal({ dataDir: folders.restored, port });
    const restoredObjects = await objectDigests(restored);
    const actual = await answersOf(restored, ids);

    expect(restoredObjects.size).toBe(originalObjects.size);
    expect(Object.fromEntries(restoredObjects)).toEqual(Object.fromEntries(originalObjects));
    expect([...originalObjects.keys()].some((key) => key.includes(ids.newFile))).toBe(true);
    expect(actual.map((a) => a.request)).toEqual(expected.map((a) => a.request));
    const differences = actual.filter((answer, index) => JSON.stringify(answer) !== JSON.stringify(expected[index]));
    expect(
      differences.map((answer) => ({ actual: answer, expected: expected[actual.indexOf(answer)] })),
      'answers that differ',
    ).toEqual([]);
    // The comparison is not vacuous: most reader requests succeed, the new item among them.
    expect(expected.filter((a) => a.status === 200).length).toBeGreaterThan(expected.length * 0.8);
    expect(expected.find((a) => a.request.startsWith(`getContent visitor /api/v1/content/${newItem}`))?.status).toBe(
      200,
    );
  }, 300_000);
});
