import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RelatedContentPage } from '#shared/contracts/related';
import type { ContentStatus } from '#shared/enums';
import { bumpCatalogRevision } from '../../data/catalog.ts';
import { createContent } from '../../data/content.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { syncCatalogSnapshot } from '../../search/indexer.ts';
import { resetSnapshotSearch, SEARCH_CATALOG_CHECK_ENV } from '../../search/snapshot-search.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { atPath, jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * Related courseware over the emulators (issue 24 item 5): content written with
 * `createContent` (a course, its module and lesson, and other items sharing knowledge
 * items and tags), the revision bumped and the snapshot synced as the indexer does,
 * then asked through the search group's Lambda entry as a visitor and as an editor.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let editorToken: string;
const ids: Record<string, string> = {};

const ref = (id: string, index = 0) => ({ id, name: id, index });

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv(), { [SEARCH_CATALOG_CHECK_ENV]: '0' });
  resetPortalTokenCaches();
  resetSnapshotSearch();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  editorToken = await signPortalToken(editorTokenInput());
  const shared = { ksas: [ref('K0001'), ref('K0002', 1)], kus: [ref('CSF')], tags: ['ciphers'] };
  const course = contentRecord('Related course', shared);
  const module = contentRecord('Related module', {
    ...shared,
    parentId: course.id,
    ancestorIds: [course.id],
    urlAlias: `${course.urlAlias}/related-module`,
  });
  const lesson = contentRecord('Related lesson', {
    ...shared,
    parentId: module.id,
    ancestorIds: [course.id, module.id],
    urlAlias: `${module.urlAlias}/related-lesson`,
  });
  const records = [
    course,
    module,
    lesson,
    contentRecord('Shares everything', shared),
    contentRecord('Shares one knowledge unit', { kus: [ref('CSF')] }),
    contentRecord('Shares nothing', { ksas: [ref('K0999')], tags: ['web'] }),
    ...(['unpublished', 'unlisted', 'archived'] satisfies ContentStatus[]).map((status) =>
      contentRecord(`Shares everything, ${status}`, { ...shared, status }),
    ),
  ];
  for (const record of records) {
    await createContent(record);
    ids[record.name] = record.id;
  }
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

function request(id: string, token?: string): APIGatewayProxyEventV2 {
  const sample = withQuery(loadEvent('search/related-content'), { limit: '10' });
  const event = atPath(sample, `/api/v1/search/related/${id}`, { id });
  return token ? withHeaders(event, { authorization: `Bearer ${token}` }) : event;
}

async function related(name: string, token?: string): Promise<string[]> {
  const result = await handler(request(ids[name] ?? '', token), lambdaContext());
  expect(result.statusCode, String(result.body)).toBe(200);
  return RelatedContentPage.parse(jsonBody(result)).items.map((item) => item.name);
}

describe('relatedContent over the emulators', () => {
  it('gives a visitor the published items sharing the most, never the lesson, its ancestors or descendants', async () => {
    expect(await related('Related module')).toEqual(['Shares everything', 'Shares one knowledge unit']);
    expect(await related('Related lesson')).toEqual(['Shares everything', 'Shares one knowledge unit']);
  });

  it('gives an editor unlisted and unpublished items too, never archived ones', async () => {
    expect(await related('Related module', editorToken)).toEqual([
      'Shares everything',
      'Shares everything, unlisted',
      'Shares everything, unpublished',
      'Shares one knowledge unit',
    ]);
  });

  it('answers 404 to a visitor for an unpublished item, 200 to an editor', async () => {
    const id = ids['Shares everything, unpublished'] ?? '';
    expect((await handler(request(id), lambdaContext())).statusCode).toBe(404);
    const asEditor = await handler(request(id, editorToken), lambdaContext());
    expect(asEditor.statusCode).toBe(200);
    expect(RelatedContentPage.parse(jsonBody(asEditor)).items.map((item) => item.name)).toContain('Related course');
  });
});
