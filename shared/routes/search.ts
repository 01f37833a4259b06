import * as z from 'zod';
import { RelatedContentPage, RelatedContentPath, RelatedContentQuery } from '../contracts/related.ts';
import {
  CreateSavedSearchRequest,
  SavedSearch,
  SavedSearchList,
  SavedSearchPath,
  UnsubscribeQuery,
  UnsubscribeResult,
  UpdateSavedSearchRequest,
} from '../contracts/saved-search.ts';
import { SearchContentPage, SearchContentRequest } from '../contracts/search.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/**
 * The query of the search feed (issue 24 item 7; decision record 055): the search as the SPA
 * writes it in its address (`#shared/courseware-search`: `q`, the filters as repeated
 * parameters `edu`, `exp`, `cat`, `ksas`, `kus`, `tkss`, `cid`, `tag`, and `new`), read
 * with `parseCoursewareSearch`; a value the search would refuse is left out, as the SPA's
 * search leaves it out. Declared for the OpenAPI document; the handler reads the raw
 * query string, where a filter may repeat.
 */
const SearchFeedQuery = z.object({
  q: z.string().optional(),
  edu: z.string().optional(),
  exp: z.string().optional(),
  cat: z.string().optional(),
  ksas: z.string().optional(),
  kus: z.string().optional(),
  tkss: z.string().optional(),
  cid: z.string().optional(),
  tag: z.string().optional(),
  new: z.string().optional(),
});

/** An Atom 1.0 feed document (`application/atom+xml; charset=utf-8`, RFC 4287). */
const AtomDocument = z.string().meta({ id: 'AtomDocument', description: 'An Atom 1.0 feed (application/atom+xml).' });

/** A sitemap document (`application/xml; charset=utf-8`, the sitemaps.org 0.9 protocol). */
const SitemapDocument = z
  .string()
  .meta({ id: 'SitemapDocument', description: 'A sitemaps.org 0.9 urlset (application/xml).' });

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
    operationId: 'searchFeed',
    method: 'GET',
    path: '/api/v1/search/feed',
    group: 'search',
    access: 'public',
    summary:
      "An Atom 1.0 feed of the published courseware matching a search (the SPA's search address parameters; none: the whole repository), most recently updated first, at most 50 entries; always as a visitor sees it (issue 24 item 7; decision record 055).",
    request: { query: SearchFeedQuery },
    response: AtomDocument,
  },
  {
    operationId: 'getSitemap',
    method: 'GET',
    path: '/api/v1/search/sitemap',
    group: 'search',
    access: 'public',
    summary:
      'The sitemap of the public site (`/sitemap.xml`): home, courseware, every published content, contributor, news, event and CMS page with its last modification; never an unpublished one (issue 24 item 7; decision record 055).',
    request: {},
    response: SitemapDocument,
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
  {
    operationId: 'listSavedSearches',
    method: 'GET',
    path: '/api/v1/saved-searches',
    group: 'search',
    access: 'authenticated',
    summary:
      "The caller's saved searches, newest first, each with how many published items are new since it was last seen (issue 24 item 8; decision record 061).",
    request: {},
    response: SavedSearchList,
    errorStatuses: [401],
  },
  {
    operationId: 'createSavedSearch',
    method: 'POST',
    path: '/api/v1/saved-searches',
    idempotent: true,
    group: 'search',
    access: 'authenticated',
    summary:
      'Save a search (text, filter, sort) under a name, alerts on by default; 409 beyond 20 per user (issue 24 item 8; decision record 061).',
    request: { body: CreateSavedSearchRequest },
    response: SavedSearch,
    successStatus: 201,
    errorStatuses: [401, 409],
    maxBodyBytes: 64_000,
  },
  {
    operationId: 'updateSavedSearch',
    method: 'PATCH',
    path: '/api/v1/saved-searches/{id}',
    group: 'search',
    access: 'authenticated',
    summary: "Rename one of the caller's saved searches, or turn its alerts on or off; 404 for anyone else's.",
    request: { path: SavedSearchPath, body: UpdateSavedSearchRequest },
    response: SavedSearch,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'deleteSavedSearch',
    method: 'DELETE',
    path: '/api/v1/saved-searches/{id}',
    group: 'search',
    access: 'authenticated',
    summary: "Delete one of the caller's saved searches; 404 for anyone else's.",
    request: { path: SavedSearchPath },
    response: SavedSearch,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'markSavedSearchSeen',
    method: 'POST',
    path: '/api/v1/saved-searches/{id}/seen',
    group: 'search',
    access: 'authenticated',
    summary:
      "Mark the new items of one of the caller's saved searches as seen: none is new any more, on the screen or in the next digest.",
    request: { path: SavedSearchPath },
    response: SavedSearch,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'unsubscribeSavedSearches',
    method: 'POST',
    path: '/api/v1/saved-searches/unsubscribe',
    group: 'search',
    access: 'public',
    summary:
      "One-click unsubscribe of the weekly saved-search digest (RFC 8058; the token of the e-mail's link, no sign-in): every alert of the token's user goes off; 404 for a forged token.",
    request: { query: UnsubscribeQuery },
    response: UnsubscribeResult,
    errorStatuses: [404],
  },
] as const satisfies readonly GroupRouteDefinition<'search'>[];
