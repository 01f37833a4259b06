import * as z from 'zod';
import { RelatedContentPage, RelatedContentPath, RelatedContentQuery } from '../contracts/related.ts';
import { SearchContentPage, SearchContentRequest } from '../contracts/search.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/**
 * An OAI-PMH 2.0 response (`text/xml; charset=utf-8`), always HTTP 200: a protocol
 * error is an `<error>` element of the document (issue 24 item 7; decision record 054).
 */
const OaiPmhDocument = z.string().meta({ id: 'OaiPmhDocument', description: 'An OAI-PMH 2.0 text/xml document.' });

const OAI_SUMMARY = 'OAI-PMH 2.0 repository of the published catalogue (issue 24 item 7; decision record 054).';

/** The routes of the `search` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const SEARCH_ROUTES = [
  {
    operationId: 'searchContent',
    method: 'POST',
    path: '/api/v1/search/content',
    group: 'search',
    access: 'public',
    summary:
      'Search content by text and the filters of spec §3 "Search filter", with facet counts; visitors find published content only (spec §2.5, §7 "Search content").',
    request: { body: SearchContentRequest },
    response: SearchContentPage,
  },
  {
    operationId: 'relatedContent',
    method: 'GET',
    path: '/api/v1/search/related/{id}',
    group: 'search',
    access: 'public',
    summary:
      'The courseware that shares the most NICE and CAE knowledge items and tags with one content item, without the item, its ancestors and descendants; visitors get published items only (issue 24 item 5; decision record 056).',
    request: { path: RelatedContentPath, query: RelatedContentQuery },
    response: RelatedContentPage,
    errorStatuses: [404],
  },
  {
    operationId: 'harvestOai',
    method: 'GET',
    path: '/api/v1/oai',
    group: 'search',
    access: 'public',
    summary: `${OAI_SUMMARY} Arguments in the query string.`,
    request: {},
    response: OaiPmhDocument,
  },
  {
    operationId: 'harvestOaiForm',
    method: 'POST',
    path: '/api/v1/oai',
    group: 'search',
    access: 'public',
    summary: `${OAI_SUMMARY} Arguments in a form body.`,
    request: {},
    response: OaiPmhDocument,
  },
] as const satisfies readonly GroupRouteDefinition<'search'>[];
