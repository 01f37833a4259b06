import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '#shared/contracts/identity';
import { s3Client } from '../adapters/aws-clients.ts';
import { getBusinessUnitsByIds } from '../data/business-units.ts';
import { getCatalogRevision } from '../data/catalog.ts';
import { getContentByIds } from '../data/content.ts';
import { getFilesByIds } from '../data/files.ts';
import { getUserAccount, getUserIdByIdentity } from '../data/users.ts';
import { getWorkRole, listCompetencyAreas, listWorkRoles } from '../data/work-roles.ts';
import { seedId } from '../domain/ids.ts';
import { env } from '../lib/env.ts';
import { headCatalogSnapshot } from '../search/snapshot-store.ts';
import { startTestStack } from '../test-support/stack.ts';
import { DEFAULT_DATA_ROOT, runSeed, type SeedReport } from './import.ts';
import { PERSONA_ACCOUNTS } from './personas.ts';
import { planSeed } from './plan.ts';
import { readSeedSources } from './sources.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let first: SeedReport;
let second: SeedReport;
const firstLog: string[] = [];
let firstFinishedAt: number;

beforeAll(async () => {
  stack = await startTestStack();
  first = await runSeed({ log: (line) => firstLog.push(line) });
  firstFinishedAt = Date.now();
  second = await runSeed({ log: () => undefined });
});

afterAll(async () => {
  await stack?.stop();
});

describe('runSeed', () => {
  it('creates every item on the first run', () => {
    expect(first.knowledge).toEqual({ created: 1180 + 2148 + 67, alreadyPresent: 0 });
    expect(first.workRoles).toEqual({ created: 52 + 41, alreadyPresent: 0 });
    expect(first.competencyAreas).toEqual({ created: 11, alreadyPresent: 0 });
    expect(first.crosswalk).toEqual({ created: 38, alreadyPresent: 0 });
    expect(first.contributors).toEqual({ created: 12 + 9, alreadyPresent: 0 });
    expect(first.files).toEqual({ created: 90 + 132, alreadyPresent: 0 });
    expect(first.content).toEqual({ created: 60 + 81, alreadyPresent: 0 });
    // Every institution of schools.csv (3271) and the synthetic K12 districts and state units (220).
    expect(first.businessUnits).toEqual({ created: 3491, alreadyPresent: 0, upgraded: 0 });
    expect(first.personas).toEqual({ created: PERSONAS.length, alreadyPresent: 0 });
    expect(firstLog).toContain(`seed: personas ${PERSONAS.length} created, 0 already present`);
  });

  it('creates nothing on a second run and leaves what is there untouched', async () => {
    expect(second.knowledge).toEqual({ created: 0, alreadyPresent: 3395 });
    expect(second.workRoles).toEqual({ created: 0, alreadyPresent: 52 + 41 });
    expect(second.competencyAreas).toEqual({ created: 0, alreadyPresent: 11 });
    expect(second.crosswalk).toEqual({ created: 0, alreadyPresent: 38 });
    expect(second.contributors).toEqual({ created: 0, alreadyPresent: 12 + 9 });
    expect(second.files).toEqual({ created: 0, alreadyPresent: 90 + 132 });
    expect(second.content).toEqual({ created: 0, alreadyPresent: 60 + 81 });
    expect(second.businessUnits).toEqual({ created: 0, alreadyPresent: 3491, upgraded: 0 });
    expect(second.personas).toEqual({ created: 0, alreadyPresent: PERSONAS.length });
    const [course] = await getContentByIds([seedId('content', 'SEED Labs: Hands-on Labs for Security Education')]);
    expect(course?.version).toBe(1);
    expect(Date.parse(course?.modifiedTimestamp ?? '')).toBeLessThanOrEqual(firstFinishedAt);
  });

  it('stores the work roles of both generations and the competency areas (issue 27 item 1)', async () => {
    expect(await listWorkRoles('2017')).toHaveLength(52);
    const role = await getWorkRole('DD-WRL-001');
    expect(role).toMatchObject({ generation: '2.1.0', name: 'Cybersecurity Architecture', opmCodes: ['652'] });
    expect(role?.statements).toContain('K0018');
    expect(await listCompetencyAreas()).toHaveLength(11);
  });

  it('builds the search catalog snapshot of the seeded content once, at revision 1', async () => {
    expect(first.catalog).toMatchObject({ rebuilt: true, revision: 1, documents: 141 });
    expect(second.catalog).toMatchObject({ rebuilt: false, revision: 1, documents: 141 });
    expect(await getCatalogRevision()).toBe(1);
    expect(await headCatalogSnapshot()).toMatchObject({ revision: 1, documents: 141 });
    expect(firstLog.some((line) => line.startsWith('seed: search catalog revision 1, 141 documents'))).toBe(true);
  });

  it('stores each file under an id-built key with the bytes, size and digest of its record', async () => {
    const plan = planSeed(await readSeedSources(DEFAULT_DATA_ROOT));
    const records = new Map((await getFilesByIds(plan.files.map((file) => file.id))).map((r) => [r.id, r]));
    expect(records.size).toBe(90 + 132);
    for (const file of plan.files) {
      const record = records.get(file.id);
      expect(record).toMatchObject({
        objectKey: `content/${file.contentId}/${file.id}`,
        status: 'Ready',
        visibility: 'private',
        metadata: { id: file.contentId, type: 'Content' },
      });
      const object = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: file.objectKey }));
      const stored = Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
      const local = await readFile(path.join(DEFAULT_DATA_ROOT, file.collection, file.relativePath));
      expect(stored.equals(local), file.relativePath).toBe(true);
      expect(record?.size).toBe(local.length);
      expect(record?.sha256).toBe(createHash('sha256').update(local).digest('hex'));
      expect(object.ContentType).toBe(file.type);
    }
  });

  it('lands the courseware-extra items with their own licence, files and mappings (issue 24 item 0)', async () => {
    const courseId = seedId('content', 'Cryptography and Computer Security (University of Ljubljana)');
    const notebookId = seedId('content', 'Elliptic curves');
    const stored = await getContentByIds([courseId, notebookId]);
    const course = stored.find((item) => item.id === courseId);
    const notebook = stored.find((item) => item.id === notebookId);
    expect(course).toMatchObject({ licence: 'MIT', status: 'published', category: 'course' });
    expect(notebook).toMatchObject({ licence: 'MIT', parentId: course?.id, category: 'lesson' });
    expect(notebook?.files.map((file) => file.type)).toContain('application/x-ipynb+json');
    expect(notebook?.ksas.length).toBeGreaterThan(0);
    const extraFiles = planSeed(await readSeedSources(DEFAULT_DATA_ROOT)).files.filter(
      (file) => file.collection === 'courseware-extra',
    );
    expect(await getFilesByIds(extraFiles.map((file) => file.id))).toHaveLength(132);
    expect(first.mappings.find((note) => note.from === 'courseware-extra/mappings.json')?.count).toBe(81);
  });

  it('seeds each persona with its identity links at both providers, claims, subscriptions and messages', async () => {
    const faculty = PERSONA_ACCOUNTS.find((account) => account.persona === 'faculty-vacr');
    expect(faculty?.subject).toBe('dev|faculty-vacr');
    for (const provider of ['vcr', 'sso'] as const) {
      expect(await getUserIdByIdentity(provider, 'dev|faculty-vacr')).toBe(faculty?.userId);
    }
    const account = await getUserAccount(faculty?.userId ?? '');
    expect(account?.user).toMatchObject({
      displayName: faculty?.displayName,
      email: faculty?.email,
      ranges: ['VACR'],
      businessUnit: { name: 'George Mason University', state: 'VA', public: true },
    });
    expect(account?.roles).toEqual(['USER']);
    expect(account?.subscriptions).toEqual(['coursewareFeature']);
    expect(account?.claims).toContainEqual({ type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] });
    expect(account?.messages.map((message) => message.link)).toEqual(expect.arrayContaining(['/courseware']));
    const [unit] = await getBusinessUnitsByIds([account?.user.businessUnitId ?? '']);
    expect(unit).toMatchObject({
      category: 'university',
      region: 'Southeast',
      state: 'VA',
      public: true,
      eligibleBrands: ['VACR'],
    });
  });

  it('reports every mapping rule it applied, in the report and in the log', () => {
    const lab = first.mappings.find((note) => note.rule === 'CATEGORY_MAP' && note.from === 'lab');
    expect(lab).toMatchObject({ to: 'exercise + tag "lab"', count: 29 });
    const middleSchool = first.mappings.find((note) => note.from === 'middle school');
    expect(middleSchool).toMatchObject({ rule: 'EDUCATION_LEVEL_MAP', to: 'highschool + tag "middle school"' });
    for (const note of first.mappings) {
      expect(
        firstLog.some((line) => line.includes(`mapping ${note.rule}: "${note.from}"`)),
        note.rule,
      ).toBe(true);
    }
  });
});
