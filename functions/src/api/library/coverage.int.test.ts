import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Collection } from '#shared/contracts/collection';
import { CAE_WORKSHEET_COLUMNS, CAE_WORKSHEET_MEDIA_TYPE, Coverage } from '#shared/contracts/coverage';
import type { Knowledge } from '#shared/contracts/knowledge';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { getContentByAlias, getContentById } from '../../data/content.ts';
import { tableName } from '../../data/dynamo.ts';
import type { ContentItem } from '../../data/items.ts';
import { contentKey } from '../../data/keys.ts';
import { knowledgeSnapshot } from '../../data/knowledge.ts';
import { listWorkRoles } from '../../data/work-roles.ts';
import { atPath, jsonBody, loadEvent } from '../../test-support/events.ts';
import {
  callLibrary,
  storedPerson,
  type TestPerson,
  VIEW_COURSEWARE_FILES,
} from '../../test-support/library-callers.ts';
import { startSeededStack } from '../../test-support/seeded-handlers.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler as contentHandler } from '../content/index.ts';
import { handler as libraryHandler } from './index.ts';

/**
 * Coverage over the emulators on the real seeded SEED Labs courseware (issue 27 items 2
 * and 3; decision record 080): the API's coverage of a module equals a brute-force count
 * over its items read directly, and the CAE worksheet of a collection opens with a
 * spreadsheet library and holds one row per (KU, item).
 */

const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';

let stack: Awaited<ReturnType<typeof startSeededStack>>;
let fay: TestPerson;
let module: ContentItem;
/** The module and every published or unlisted descendant, read one by one (the brute force's own walk). */
let moduleItems: ContentItem[];
let kus: Knowledge[];

/** The module's items as a visitor sees them: a plain walk of `children` with one GetItem each. */
async function readableSubtree(root: ContentItem): Promise<ContentItem[]> {
  const found = [root];
  for (let at = 0; at < found.length; at += 1) {
    for (const child of found[at]?.children ?? []) {
      const item = await getContentById(child.id);
      if (item && (item.status === 'published' || item.status === 'unlisted')) found.push(item);
    }
  }
  return found;
}

async function contentCoverage(idOrAlias: string): Promise<Coverage> {
  const event = atPath(loadEvent('content/get-content-coverage-report'), `/api/v1/content-coverage/${idOrAlias}`, {
    idOrAlias: encodeURIComponent(idOrAlias),
  });
  const result = await contentHandler(event, lambdaContext());
  expect(result.statusCode, String(result.body)).toBe(200);
  return Coverage.parse(jsonBody(result));
}

beforeAll(async () => {
  stack = await startSeededStack();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fay = await storedPerson('Fay Faculty', [VIEW_COURSEWARE_FILES]);
  const found = await getContentByAlias(MODULE_ALIAS);
  if (!found) throw new Error('The seeded module is missing.');
  module = found;
  moduleItems = await readableSubtree(module);
  kus = (await knowledgeSnapshot()).filter((item) => item.type === 'KU');
  // An editor's outcome marks on the first lab that maps a KU with outcomes (issue 27 item 4).
  const marked = moduleItems.find((item) =>
    item.kus.some((ref) => kus.find((ku) => ku.id === ref.id)?.outcomes?.length),
  );
  if (marked) {
    const kuId = marked.kus.find((ref) => kus.find((ku) => ku.id === ref.id)?.outcomes?.length)?.id;
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKey(marked.id),
        UpdateExpression: 'SET kuOutcomes = :marks',
        ExpressionAttributeValues: { ':marks': [{ kuId, outcomes: [0] }] },
      }),
    );
    moduleItems = await readableSubtree((await getContentById(module.id)) ?? module);
  }
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('coverage of a SEED module', () => {
  it('equals a brute-force count over its items’ mappings', async () => {
    const coverage = await contentCoverage(MODULE_ALIAS);
    expect(moduleItems.length).toBeGreaterThan(3);
    expect(coverage.subject).toEqual({
      kind: 'content',
      id: module.id,
      name: module.name,
      itemCount: moduleItems.length,
    });
    expect(new Set(coverage.items.map((item) => item.id))).toEqual(new Set(moduleItems.map((item) => item.id)));

    // CAE: for each KU, the items mapping it; the outcomes marked.
    const expectedItems = new Map<string, Set<string>>();
    const expectedOutcomes = new Map<string, Set<string>>();
    for (const item of moduleItems) {
      for (const ref of item.kus) {
        expectedItems.set(ref.id, (expectedItems.get(ref.id) ?? new Set()).add(item.id));
      }
      const marks = (item as ContentItem & { kuOutcomes?: { kuId: string; outcomes: number[] }[] }).kuOutcomes ?? [];
      for (const mark of marks) {
        for (const index of mark.outcomes) {
          const key = `${mark.kuId}#${index}`;
          expectedOutcomes.set(key, (expectedOutcomes.get(key) ?? new Set()).add(item.id));
        }
      }
    }
    const units = coverage.cae.programs.flatMap((program) => program.groups.flatMap((group) => group.units));
    expect(units.length).toBe(kus.length);
    expect(coverage.cae.unitCount).toBe(kus.length);
    let covered = 0;
    for (const unit of units) {
      const expected = expectedItems.get(unit.id) ?? new Set();
      expect(new Set(unit.items), unit.id).toEqual(expected);
      expect(unit.covered).toBe(expected.size > 0);
      if (expected.size > 0) covered += 1;
      for (const outcome of unit.outcomes) {
        expect(new Set(outcome.addressedBy)).toEqual(expectedOutcomes.get(`${unit.id}#${outcome.index}`) ?? new Set());
      }
    }
    expect(covered).toBeGreaterThan(0);
    expect(coverage.cae.coveredCount).toBe(covered);
    expect(expectedOutcomes.size).toBeGreaterThan(0);
    const gapCount = coverage.cae.gaps.reduce((sum, gap) => sum + gap.units.length, 0);
    expect(gapCount).toBe(kus.length - covered);

    // NICE: per role, the statements some item maps (2017 by KSAs, v2.1.0 by TKS statements).
    const ksas = new Set(moduleItems.flatMap((item) => item.ksas.map((ref) => ref.id)));
    const tkss = new Set(moduleItems.flatMap((item) => item.tkss.map((ref) => ref.id)));
    const roles = await listWorkRoles();
    const served = new Map<string, number>();
    for (const role of roles) {
      let count = 0;
      for (const id of new Set(role.statements)) {
        if ((role.generation === '2017' ? ksas : tkss).has(id)) count += 1;
      }
      if (count > 0) served.set(`${role.generation}/${role.id}`, count);
    }
    expect(served.size).toBeGreaterThan(0);
    expect(new Map(coverage.nice.roles.map((role) => [`${role.generation}/${role.id}`, role.coveredCount]))).toEqual(
      served,
    );
  });

  it('answers 404 for an item that does not exist', async () => {
    const event = atPath(loadEvent('content/get-content-coverage-report'), '/api/v1/content-coverage/no-such-item', {
      idOrAlias: 'no-such-item',
    });
    expect((await contentHandler(event, lambdaContext())).statusCode).toBe(404);
  });
});

describe('the CAE mapping worksheet of a collection', () => {
  it('opens with a spreadsheet library and holds exactly one row per (KU, item)', async () => {
    const labs = moduleItems.slice(1, 7);
    const made = await callLibrary(libraryHandler, fay, 'create-collection', {
      body: {
        name: 'Software security — CAE mapping',
        description: '',
        visibility: 'private',
        entries: labs.map((lab) => ({ contentId: lab.id, note: '' })),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const collection = Collection.parse(made.body);

    const event = {
      ...loadEvent('library/get-collection-cae-worksheet'),
      pathParameters: { id: collection.id },
      headers: { ...loadEvent('library/get-collection-cae-worksheet').headers, authorization: `Bearer ${fay.token}` },
    };
    const result = await libraryHandler(event, lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toBe(CAE_WORKSHEET_MEDIA_TYPE);
    expect(result.headers?.['content-disposition']).toBe(
      'attachment; filename="cae-worksheet-software-security-cae-mapping.xlsx"',
    );
    expect(result.isBase64Encoded).toBe(true);
    const sheets = await readXlsxFile(Buffer.from(String(result.body), 'base64'));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Mapping', 'Gaps']);
    const [header, ...rows] = sheets[0]?.data ?? [];
    expect(header).toEqual([...CAE_WORKSHEET_COLUMNS]);

    const known = new Set(kus.map((ku) => ku.id));
    const expected = labs.flatMap((lab) =>
      [...new Set(lab.kus.map((ref) => ref.id))].filter((id) => known.has(id)).map((id) => `${id}|${lab.name}`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((row) => `${row[2]}|${row[4]}`).sort()).toEqual(expected.sort());
    // Absolute links on the site the request came to, and the files for a reader who may download them.
    expect(rows.every((row) => String(row[5]).startsWith('https://portal.example.org/courseware/'))).toBe(true);
    const withFiles = labs.find((lab) => lab.files.length > 0 && lab.kus.some((ref) => known.has(ref.id)));
    if (withFiles) {
      const row = rows.find((candidate) => candidate[4] === withFiles.name);
      expect(String(row?.[7])).toContain(withFiles.files[0]?.filename ?? '');
    }

    const covered = new Set(expected.map((key) => key.split('|')[0]));
    const gaps = sheets[1]?.data.slice(1) ?? [];
    expect(gaps.length).toBe(kus.length - covered.size);
    expect(gaps.some((row) => covered.has(String(row[2])))).toBe(false);
  });

  it('is 404 to a visitor for a private collection', async () => {
    const made = await callLibrary(libraryHandler, fay, 'create-collection', {
      body: { name: 'Private', description: '', visibility: 'private', entries: [] },
    });
    const id = Collection.parse(made.body).id;
    const answer = await callLibrary(libraryHandler, null, 'get-collection-cae-worksheet', { path: { id } });
    expect(answer.status).toBe(404);
  });
});
