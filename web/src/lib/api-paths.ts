import type { OperationId, Route } from '#shared/routes';

/**
 * The operations the SPA never calls, in no path table (decision record 040; issue 26:
 * the 18 entries were about 250 gzip bytes of the first render when one table named every
 * operation): the server-rendered pages, sitemap and OAI-PMH for crawlers and harvesters,
 * the identity provider's discovery documents, the OpenAPI document, and writes and reads
 * the SPA makes through other operations (a content save, the page with its sections, a
 * revision's comparison, a deletion through its subtree).
 */
export type ServerOnlyOperationId =
  | 'getKnowledge'
  | 'createContent'
  | 'replaceContent'
  | 'deleteContent'
  | 'createContributor'
  | 'updateContributor'
  | 'getLesson'
  | 'getOpenIdConfiguration'
  | 'getJwks'
  | 'getProductSubscription'
  | 'listPageSections'
  | 'getOpenApiDocument'
  | 'getHomeHtml'
  | 'getPageHtml'
  | 'getSitemap'
  | 'harvestOai'
  | 'harvestOaiForm'
  | 'getContentRevision'
  | 'previewContentDraft';

/** The operations the SPA calls: every operation of the route table but {@link ServerOnlyOperationId}; each is in a path table. */
export type SpaOperationId = Exclude<OperationId, ServerOnlyOperationId>;

/**
 * The path of an operation of the shared route table (`shared/routes.ts`) below the API
 * base address (`/api/v1` left off), as a type: `'/content/{idOrAlias+}'` for `getContent`.
 * `{name}`/`{name+}` mark its path parameters. A type only, so importing it costs the
 * JavaScript nothing.
 */
export type ApiPathOf<O extends OperationId> = Extract<
  Route,
  { readonly operationId: O }
>['path'] extends `/api/v1${infer P}`
  ? P
  : never;

/**
 * A path table: some operations the SPA calls, each with its path below `/api/v1`
 * (decision record 040). The SPA's API client builds addresses from such tables, not from
 * `ROUTES` itself: `ROUTES` carries every operation's zod contracts. There is one table per
 * feature (`web/src/features/<feature>/api/paths.ts`) and one per lazily loaded module of
 * `web/src/lib` that calls the API, loaded with the code that calls them, and
 * {@link FIRST_RENDER_API_PATHS} for the first render. Written
 * `{ … } as const satisfies ApiPathTable`: an unknown operation or a wrong path does not
 * compile; `api-paths.test.ts` checks that the tables together name every
 * {@link SpaOperationId} (in types and against `ROUTES`).
 */
export type ApiPathTable = { readonly [O in SpaOperationId]?: ApiPathOf<O> };

/**
 * The operations the first render calls (the session, the header, the start page's and
 * `/courseware`'s list and a content item by id or alias, the client-error report), the
 * only table in the JavaScript of the first render (issue 22 item 3, issue 28; decision
 * record 040). `apiUrl` of `api-client.ts` addresses them from any module; every other
 * operation is in the table of the feature that calls it.
 */
export const FIRST_RENDER_API_PATHS = {
  authenticate: '/authenticate',
  endImpersonation: '/impersonation/end',
  getSsoToken: '/sso-token',
  listClaims: '/claims',
  listMessages: '/messages',
  reportClientError: '/client-errors',
  getContent: '/content/{idOrAlias+}',
  searchContent: '/search/content',
} as const satisfies ApiPathTable;
