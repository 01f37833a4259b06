import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/routes';
import { API_PATHS, type ServerOnlyOperationId } from './api-paths.ts';

/** The operations {@link API_PATHS} leaves out (the type `ServerOnlyOperationId`, as values). */
const SERVER_ONLY = [
  'getKnowledge',
  'createContent',
  'replaceContent',
  'createContributor',
  'updateContributor',
  'getLesson',
  'getOpenIdConfiguration',
  'getJwks',
  'getProductSubscription',
  'listPageSections',
  'getOpenApiDocument',
  'getHomeHtml',
  'getPageHtml',
  'getSitemap',
  'harvestOai',
  'harvestOaiForm',
  'getContentRevision',
  'previewContentDraft',
] as const satisfies readonly ServerOnlyOperationId[];

describe('API_PATHS', () => {
  it('holds exactly the path of every operation of the route table the SPA calls, below /api/v1', () => {
    const fromRoutes = Object.fromEntries(
      ROUTES.filter((route) => !(SERVER_ONLY as readonly string[]).includes(route.operationId)).map((route) => [
        route.operationId,
        route.path.replace(/^\/api\/v1/, ''),
      ]),
    );
    expect(API_PATHS).toEqual(fromRoutes);
  });

  it('leaves out only operations of the route table', () => {
    const operations = new Set(ROUTES.map((route) => route.operationId));
    expect(SERVER_ONLY.filter((operation) => !operations.has(operation))).toEqual([]);
  });
});
