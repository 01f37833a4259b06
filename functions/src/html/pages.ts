import { contentAddressKey, contentPath } from '#shared/content-address';
import { EntityId } from '#shared/contracts/common';
import type { ChildContent, ContentDetail, ContentSummary } from '#shared/contracts/content';
import type { Contributor } from '#shared/contracts/contributor';
import type { Event, News } from '#shared/contracts/news';
import { normalizePageHref, PAGE_HREF_PATTERN, type Page } from '#shared/contracts/page';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { SearchContentPage } from '#shared/contracts/search';
import {
  type CoursewareSearch,
  isSearching,
  PAGE_PARAM,
  PER_PAGE_PARAM,
  parseCoursewareSearch,
  parseSearchView,
  SEARCH_KEYS,
  type SearchView,
  SORT_PARAM,
  searchPageRequest,
  toSearchParams,
  validateSearchText,
} from '#shared/courseware-search';
import {
  CONTENT_CATEGORY_LABELS,
  type ContentCategory,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
} from '#shared/enums';
import { fileTypeLabel } from '#shared/file-type-labels';
import { hiddenByFlag } from '#shared/flagged-paths';
import { HOME_ATTRIBUTES, HOME_BLOCKS, HOME_HEADINGS, HOME_INTRO, homeFeatureRows } from '#shared/home-copy';
import { knownLicence } from '#shared/licences';
import { LIMITS, NEWS_EVENT_LIMITS, PAGE, PAGE_LIMITS } from '#shared/limits';
import { publicFileUrl } from '#shared/public-files';
import type { OperationId } from '#shared/routes';
import { getContent } from '../api/content/get-content.ts';
import { getContributor } from '../api/content/get-contributor.ts';
import { getEvent } from '../api/content/get-event.ts';
import { getNews } from '../api/content/get-news.ts';
import { listContentChildren } from '../api/content/list-content-children.ts';
import { listEvents } from '../api/content/list-events.ts';
import { listNews } from '../api/content/list-news.ts';
import { getPageByHref } from '../api/page/get-page-by-href.ts';
import { searchContent } from '../api/search/search-content.ts';
import { sanitizeDescription } from '../domain/html.ts';
import { stripSearchTags } from '../domain/search-tags.ts';
import type { RouteHandler } from '../lib/handler.ts';
import { invokeRoute } from './invoke-route.ts';
import { learningResourceJsonLd } from './structured-data.ts';
import { attr, breadcrumbs, type Html, type RenderedPage, raw, section, text, textList } from './templates.ts';

/**
 * One query of the SPA's cache, as the first HTML embeds it (decision record 038):
 * the query key the SPA's query options use, the API operation whose answer `data`
 * is (the SPA validates it with that route's response schema, as `apiGet` does), and
 * for an infinite query (`infinite: true`) `data` is that operation's first page.
 * `data: null` is the answer of a lookup that found nothing (the SPA's lookups
 * resolve `null` on a 404).
 */
export interface EmbeddedQuery {
  readonly queryKey: readonly unknown[];
  readonly operationId: OperationId;
  readonly data: unknown;
  readonly infinite?: true;
}

/** A public page resolved for a path: what to render and the queries to embed. */
export interface ResolvedPage extends RenderedPage {
  readonly queries: readonly EmbeddedQuery[];
}

/** What the resolver needs about the request. */
export interface PageRequest {
  /** The page's path as the browser asked for it, starting with `/` (no query string). */
  readonly pathname: string;
  /** The address's query string (`/courseware` reads its search from it); empty when it has none. */
  readonly query?: URLSearchParams;
  /** `https://host`, no trailing slash: the base of canonical links. */
  readonly origin: string;
  readonly config: RuntimeConfig;
  readonly requestId: string;
}

/** First segments of the SPA's own screens: never a content, news or CMS page. */
const APP_SEGMENTS = new Set([
  'login',
  'logout',
  'signup',
  'exercises',
  'dashboard',
  'admin',
  'invitations',
  'invitation',
  'archived-content',
  'unsafe_site',
  'dev',
  'api',
  'assets',
  'public',
]);

/** A content URL alias (decision record 005), as the SPA's catch-all checks it (`web/src/app/routes/dynamic/lookup.ts`). */
const ALIAS = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/**
 * The public page at `pathname`, or null when it is not one (an app screen, a file,
 * an unpublished or missing item, a switched-off feature): then the plain SPA shell
 * is served. Everything shown is what a visitor may see: the API routes are called
 * as a visitor (issue 22 item 2; decision record 038).
 */
export async function resolvePage(request: PageRequest): Promise<ResolvedPage | null> {
  const segments = request.pathname.split('/').filter((segment) => segment.length > 0);
  const lower = segments.map((segment) => segment.toLowerCase());
  const { flags } = request.config;
  if (lower.length === 0) return homePage(request);
  const first = lower[0] ?? '';
  if (APP_SEGMENTS.has(first) || /\.[a-z0-9]{1,8}$/i.test(request.pathname)) return null;
  // What a switched-off flag hides (spec §2.2), the SPA shows as not found: nothing of it here either.
  if (hiddenByFlag(request.pathname, flags)) return null;
  if (first === 'courseware') {
    if (lower.length === 1) return flags.courseware ? coursewareListPage(request) : null;
    return contentPage(request, segments.slice(1).join('/'));
  }
  if (first === 'contributors' && lower.length === 2) {
    return flags.courseware ? contributorPage(request, lower[1] ?? '') : null;
  }
  if (first === 'news' || first === 'events') {
    const kind = first === 'news' ? 'news' : 'event';
    if ((kind === 'news' && !flags.news) || (kind === 'event' && !flags.event)) return null;
    if (lower.length === 1) return newsEventListPage(request, kind);
    if (lower.length === 2) return newsEventItemPage(request, kind, segments[1] ?? '');
    return null;
  }
  return dynamicPage(request, lower);
}

async function call(
  handler: RouteHandler,
  operationId: OperationId,
  request: PageRequest,
  input: Parameters<typeof invokeRoute>[2],
): Promise<unknown | null> {
  const answer = await invokeRoute(handler, operationId, input, request.requestId);
  if (answer.statusCode === 404 || answer.statusCode === 400) return null;
  if (answer.statusCode !== 200) throw new Error(`${operationId} answered ${answer.statusCode}.`);
  return answer.body;
}

/** `/courseware/<id|alias>` or a root id or alias: a visible content item. */
async function contentPage(request: PageRequest, idOrAlias: string): Promise<ResolvedPage | null> {
  const key = idOrAlias
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
  if (!key || key.length > LIMITS.idOrAliasMaxChars) return null;
  const detail = (await call(getContent, 'getContent', request, { path: { idOrAlias: key } })) as ContentDetail | null;
  if (!detail) return null;
  const children = await contentChildren(request, detail);
  return {
    ...renderContent(request, detail, children?.items ?? []),
    queries: [
      { queryKey: ['content', 'detail', key], operationId: 'getContent', data: detail },
      ...contentDetailKeys(detail, key),
      ...(children
        ? [
            {
              queryKey: ['content', 'children', detail.content.id],
              operationId: 'listContentChildren',
              data: children,
              infinite: true,
            } as const,
          ]
        : []),
    ],
  };
}

/** Courseware cards per page of a contributor's page, as the SPA asks (`CONTRIBUTOR_COURSEWARE_PAGE_SIZE`). */
const CONTRIBUTOR_COURSEWARE_PAGE_SIZE = 12;

/**
 * `/contributors/<id>` (issue 24 item 6; decision record 057): the contributor's name,
 * portrait, title and school and the first page of their courseware a visitor finds
 * (the search the SPA sends for it), embedded under the SPA's query keys. Null for an
 * id that is not one or an unknown contributor (the SPA says "not found").
 */
async function contributorPage(request: PageRequest, id: string): Promise<ResolvedPage | null> {
  if (!EntityId.safeParse(id).success) return null;
  const contributor = (await call(getContributor, 'getContributor', request, { path: { id } })) as Contributor | null;
  if (!contributor) return null;
  const courseware = (await call(searchContent, 'searchContent', request, {
    body: { text: '', filter: { contributorIds: [id] }, limit: CONTRIBUTOR_COURSEWARE_PAGE_SIZE },
  })) as SearchContentPage | null;
  const name = contributorName(contributor);
  const about = [contributor.title, contributor.school].filter(Boolean).join(', ');
  const portraitUrl = contributor.portraitFileId
    ? publicFileUrl(request.config.publicFilesBaseUrl, contributor.portraitFileId)
    : null;
  const portrait = portraitUrl
    ? `<img src="${attr(portraitUrl)}" alt="${attr(`Portrait of ${name}`)}" width="96" height="96">`
    : '';
  const details = [contributor.title, contributor.school]
    .filter((line): line is string => Boolean(line))
    .map((line) => `<p>${text(line)}</p>`)
    .join('');
  const items = courseware?.items ?? [];
  const list = items.length > 0 ? summaryList(items, 'h3') : '<p>No courseware by this contributor yet.</p>';
  const path = `/contributors/${id}`;
  return {
    head: {
      title: name,
      description: `${about ? `${name}, ${about}` : name}: courseware by ${name} on ${request.config.siteName}.`,
      canonicalUrl: `${request.origin}${path}`,
      ogType: 'website',
      imageUrl: portraitUrl ? absolute(request, portraitUrl) : null,
    },
    main: raw(
      `<header>${portrait}<h1>${text(name)}</h1>${details}</header>${section('contributor-courseware-heading', `Courseware by ${name}`, list)}`,
    ),
    queries: [
      { queryKey: ['contributors', 'profile', id], operationId: 'getContributor', data: contributor },
      ...(courseware
        ? [
            {
              queryKey: ['content', 'by-contributor', id],
              operationId: 'searchContent',
              data: courseware,
              infinite: true,
            } as const,
          ]
        : []),
    ],
  };
}

/** The same detail under the item's canonical address key too, so the SPA's redirect to it fetches nothing. */
function contentDetailKeys(detail: ContentDetail, usedKey: string): EmbeddedQuery[] {
  const canonical = contentAddressKey(detail.content);
  return canonical === usedKey
    ? []
    : [{ queryKey: ['content', 'detail', canonical], operationId: 'getContent', data: detail }];
}

async function contentChildren(
  request: PageRequest,
  detail: ContentDetail,
): Promise<{ items: ChildContent[]; nextPageToken: string | null } | null> {
  if (detail.content.children.length === 0) return null;
  return (await call(listContentChildren, 'listContentChildren', request, {
    path: { id: detail.content.id },
    query: { limit: String(PAGE.childrenMax) },
  })) as { items: ChildContent[]; nextPageToken: string | null } | null;
}

/** Plain text of an HTML description, for meta descriptions (at most 300 characters). */
export function plainText(html: string, max = 300): string {
  const flat = stripSearchTags(html)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    // Block elements separate words; inline ones (strong, a, span…) do not.
    .replace(
      /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|figure|figcaption|section|article)\b[^>]*>/gi,
      ' ',
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Stored description HTML made safe to show: the search-tags block removed, then the server's allow-list. */
function descriptionHtml(html: string): string {
  return sanitizeDescription(stripSearchTags(html));
}

function renderContent(request: PageRequest, detail: ContentDetail, children: readonly ChildContent[]): RenderedPage {
  const { content, ancestors, contributors } = detail;
  const href = contentPath(content);
  const description = plainText(content.description) || `${content.name}: courseware of ${request.config.siteName}.`;
  const crumbs = breadcrumbs([
    { label: 'Courseware', href: '/courseware' },
    ...ancestors.map((ancestor) => ({ label: ancestor.name, href: contentPath(ancestor) })),
    { label: content.name, href },
  ]);
  const parts: string[] = [crumbs, `<header><h1>${text(content.name)}</h1>`];
  if (content.categories.length > 0) {
    parts.push(
      `<ul aria-label="Categories">${content.categories.map((c: ContentCategory) => `<li>${text(CONTENT_CATEGORY_LABELS[c])}</li>`).join('')}</ul>`,
    );
  }
  parts.push('</header>', `<div>${descriptionHtml(content.description)}</div>`);
  if (content.includes.length > 0) parts.push(section('includes-heading', 'Includes', textList(content.includes)));
  if (children.length > 0) {
    parts.push(
      section(
        'children-heading',
        'Contents',
        `<ul>${children.map((child) => `<li><a href="${attr(contentPath(child))}">${text(child.name)}</a></li>`).join('')}</ul>`,
      ),
    );
  }
  for (const part of [...content.sections].sort((a, b) => a.index - b.index)) {
    parts.push(section(`section-${part.id}`, part.name, descriptionHtml(part.description)));
  }
  if (content.files.length > 0) {
    parts.push(
      section(
        'files-heading',
        'Files',
        `<ul>${content.files.map((file) => `<li>${text(file.name)} (${text(fileTypeLabel(file.type))})</li>`).join('')}</ul>`,
      ),
    );
  }
  const knowledge: [string, string, readonly { id: string; name: string }[]][] = [
    ['tkss-heading', 'TKS statements', content.tkss],
    ['ksas-heading', 'KSA statements', content.ksas],
    ['kus-heading', 'Knowledge units', content.kus],
  ];
  for (const [id, heading, items] of knowledge) {
    if (items.length > 0) parts.push(section(id, heading, textList(items.map((item) => `${item.id}: ${item.name}`))));
  }
  const facts: string[] = [];
  if (content.educationLevels.length > 0) {
    facts.push(
      `<dt>Education level</dt><dd>${text(content.educationLevels.map((l) => EDUCATION_LEVEL_LABELS[l]).join(', '))}</dd>`,
    );
  }
  if (content.experienceLevels.length > 0) {
    facts.push(
      `<dt>Experience level</dt><dd>${text(content.experienceLevels.map((l) => EXPERIENCE_LEVEL_LABELS[l]).join(', '))}</dd>`,
    );
  }
  if (facts.length > 0) parts.push(`<dl>${facts.join('')}</dl>`);
  if (contributors.length > 0) {
    parts.push(section('contributors-heading', 'Contributors', textList(contributors.map(contributorName))));
  }
  parts.push(licenceSection(content));
  const canonicalUrl = `${request.origin}${href}`;
  return {
    head: {
      title: content.name,
      description,
      canonicalUrl,
      ogType: 'article',
      imageUrl: content.image ? absolute(request, content.image) : null,
      jsonLd: learningResourceJsonLd(detail, { url: canonicalUrl, description, siteName: request.config.siteName }),
    },
    main: raw(parts.join('')),
  };
}

/** A contributor's name as shown: prefix, first, middle, last, suffix. */
export function contributorName(contributor: ContentDetail['contributors'][number]): string {
  return [contributor.prefix, contributor.firstName, contributor.middleName, contributor.lastName, contributor.suffix]
    .filter((part): part is string => typeof part === 'string' && part.trim().length > 0)
    .join(' ');
}

function absolute(request: PageRequest, address: string): string | null {
  try {
    return new URL(address, `${request.origin}/`).toString();
  } catch {
    return null;
  }
}

function summaryList(items: readonly ContentSummary[], heading: 'h2' | 'h3'): string {
  return `<ul class="ssr-list">${items
    .map(
      (item) =>
        `<li><article><${heading}><a href="${attr(contentPath(item))}">${text(item.name)}</a></${heading}>${item.summary ? `<p>${text(plainText(item.summary, 240))}</p>` : ''}</article></li>`,
    )
    .join('')}</ul>`;
}

/**
 * The parameters of a `/courseware` address: the search (spec §2.5) and how its results
 * are shown (`page`, `sort`, `per`); another one makes the address the SPA's alone.
 */
const COURSEWARE_KEY_SET: ReadonlySet<string> = new Set([...SEARCH_KEYS, SORT_PARAM, PER_PAGE_PARAM]);

/**
 * `/courseware`: the page of results the SPA shows for the address (decision records
 * 053 and 062), asked for with the body the SPA sends for it (`searchPageRequest`,
 * shared): without text or filters the landing list ("All courseware", recently
 * updated first unless `sort` says otherwise), else the search in the address (`q`,
 * filters; spec §2.5); in both the page, order and results per page of the address.
 * It is embedded with the page after it (the SPA's numbered next page) under the
 * SPA's own query keys: taking the page over, or going to the next page, asks the API
 * for nothing. An address the SPA handles differently gets the bare shell: a page past
 * the last (the SPA shows the last instead), search text it would refuse, or parameters
 * that are no part of a search (`creating=1`). Only the landing list's default view is
 * for search engines' indexes; its other pages and orders, like search results, are
 * `noindex, follow`.
 */
async function coursewareListPage(request: PageRequest): Promise<ResolvedPage | null> {
  const params = request.query ?? new URLSearchParams();
  if ([...params.keys()].some((key) => !COURSEWARE_KEY_SET.has(key))) return null;
  const search = parseCoursewareSearch(params);
  if (!validateSearchText(search.q).ok) return null;
  const view = parseSearchView(params);
  const bodyOf = (page: number) => searchPageRequest(search, { ...view, page }).request;
  const searchPage = (page: number) =>
    call(searchContent, 'searchContent', request, { body: bodyOf(page) }) as Promise<SearchContentPage | null>;
  const shown = await searchPage(view.page);
  if (!shown || (view.page > 1 && shown.items.length === 0)) return null;
  const queries: EmbeddedQuery[] = [
    { queryKey: ['content', 'search', bodyOf(view.page)], operationId: 'searchContent', data: shown },
  ];
  const next = shown.nextPageToken ? await searchPage(view.page + 1) : null;
  if (next)
    queries.push({ queryKey: ['content', 'search', bodyOf(view.page + 1)], operationId: 'searchContent', data: next });
  const siteName = request.config.siteName;
  if (!isSearching(search)) {
    const defaultView = view.page === 1 && view.sort === undefined && view.perPage === PAGE.listPageSize;
    const cards =
      shown.items.length > 0 ? summaryList(shown.items, 'h3') : '<p role="status">Content does not exist.</p>';
    return {
      head: {
        title: 'Courseware',
        description: `Cybersecurity courseware of ${siteName}: courses, modules, lessons and hands-on exercises.`,
        canonicalUrl: `${request.origin}/courseware${defaultView ? '' : `?${viewParams(view).toString()}`}`,
        ogType: 'website',
        ...(defaultView ? {} : { robots: 'noindex, follow' }),
      },
      main: raw(`<h1>Courseware</h1>${section('content-list', 'All courseware', cards)}`),
      queries,
    };
  }
  const queryString = toSearchParams(search).toString();
  const cards = shown.items.length > 0 ? summaryList(shown.items, 'h2') : '<p>No courseware matches this search.</p>';
  return {
    head: {
      title: search.q ? `Search: ${search.q}` : 'Courseware search',
      description: `Cybersecurity courseware of ${siteName} matching ${search.q ? `“${search.q}”` : 'the chosen filters'}.`,
      canonicalUrl: `${request.origin}/courseware?${queryString}`,
      ogType: 'website',
      // Search results are for visitors, not for search engines' indexes; their links are followed.
      robots: 'noindex, follow',
      feedQuery: queryString,
    },
    main: raw(`<h1>Courseware</h1><p role="status">${text(searchResultsHeading(search, shown.total))}</p>${cards}`),
    queries,
  };
}

/** The address parameters of a view that is not the default one: `page` above 1, `sort` when given, `per` when not 10. */
function viewParams(view: SearchView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.page > 1) params.set(PAGE_PARAM, String(view.page));
  if (view.sort) params.set(SORT_PARAM, view.sort);
  if (view.perPage !== PAGE.listPageSize) params.set(PER_PAGE_PARAM, String(view.perPage));
  return params;
}

/** "12 results for “buffer overflow”", or "3 results" for filters alone. */
function searchResultsHeading(search: CoursewareSearch, total: number): string {
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
  return search.q ? `${count} for “${search.q}”` : count;
}

type NewsEventKind = 'news' | 'event';
const NEWS_EVENT = {
  news: {
    segment: 'news',
    key: 'news',
    title: 'News',
    list: listNews,
    listOp: 'listNews',
    get: getNews,
    getOp: 'getNews',
  },
  event: {
    segment: 'events',
    key: 'events',
    title: 'Events',
    list: listEvents,
    listOp: 'listEvents',
    get: getEvent,
    getOp: 'getEvent',
  },
} as const;

function newsEventHref(kind: NewsEventKind, item: News | Event): string {
  return `/${NEWS_EVENT[kind].segment}/${encodeURIComponent(item.link || item.id)}`;
}

function isoDay(date: string): string {
  return date.slice(0, 10);
}

async function newsEventListPage(request: PageRequest, kind: NewsEventKind): Promise<ResolvedPage | null> {
  const meta = NEWS_EVENT[kind];
  const query = { limit: PAGE.listPageSize, status: 'published' } as const;
  const page = (await call(meta.list, meta.listOp, request, {
    query: { limit: String(query.limit), status: query.status },
  })) as { items: (News | Event)[]; nextPageToken: string | null } | null;
  if (!page) return null;
  const items = page.items
    .map(
      (item) =>
        `<li><article><h2><a href="${attr(newsEventHref(kind, item))}">${text(item.name)}</a></h2><p><time datetime="${attr(item.date)}">${text(isoDay(item.date))}</time></p></article></li>`,
    )
    .join('');
  return {
    head: {
      title: meta.title,
      description: `${meta.title} of ${request.config.siteName}.`,
      canonicalUrl: `${request.origin}/${meta.segment}`,
      ogType: 'website',
    },
    main: raw(`<h1>${text(meta.title)}</h1><ul class="ssr-list">${items}</ul>`),
    queries: [{ queryKey: [meta.key, 'list', query], operationId: meta.listOp, data: page }],
  };
}

async function newsEventItemPage(
  request: PageRequest,
  kind: NewsEventKind,
  idOrLink: string,
): Promise<ResolvedPage | null> {
  const meta = NEWS_EVENT[kind];
  if (!idOrLink || idOrLink.length > LIMITS.idOrAliasMaxChars) return null;
  const item = (await call(meta.get, meta.getOp, request, { path: { id: idOrLink } })) as (News | Event) | null;
  if (item?.status !== 'published') return null;
  const location = 'location' in item && item.location ? `<p>${text(item.location)}</p>` : '';
  const canonicalUrl = `${request.origin}${newsEventHref(kind, item)}`;
  return {
    head: {
      title: item.name,
      description: plainText(item.description) || item.name,
      canonicalUrl,
      ogType: 'article',
      imageUrl: item.image ? absolute(request, item.image) : null,
    },
    main: raw(
      `<article><h1>${text(item.name)}</h1><p><time datetime="${attr(item.date)}">${text(isoDay(item.date))}</time></p>${location}<div>${descriptionHtml(item.description)}</div></article>`,
    ),
    queries: [{ queryKey: [meta.key, 'detail', idOrLink.toLowerCase()], operationId: meta.getOp, data: item }],
  };
}

/** `/`: the home page (spec §2.4) with its news and events blocks, or the courseware list where there is no home route. */
async function homePage(request: PageRequest): Promise<ResolvedPage | null> {
  const { config } = request;
  if (config.homepageBaseUrl === null || !config.flags.home) {
    return config.flags.courseware ? coursewareListPage(request) : null;
  }
  const newsQuery = { limit: NEWS_EVENT_LIMITS.homeRecentNews, status: 'published' } as const;
  const eventQuery = { limit: NEWS_EVENT_LIMITS.homeEvents, status: 'published', upcoming: true } as const;
  const [news, events] = await Promise.all([
    config.flags.news
      ? (call(listNews, 'listNews', request, {
          query: { limit: String(newsQuery.limit), status: 'published' },
        }) as Promise<{
          items: News[];
        } | null>)
      : null,
    config.flags.event
      ? (call(listEvents, 'listEvents', request, {
          query: { limit: String(eventQuery.limit), status: 'published', upcoming: 'true' },
        }) as Promise<{ items: Event[] } | null>)
      : null,
  ]);
  const { siteName } = config;
  const buttons = [`<a href="/features">${text(HOME_INTRO.featuresLabel)}</a>`];
  if (config.flags.courseware) buttons.push(`<a href="/courseware">${text(HOME_INTRO.coursewareLabel)}</a>`);
  const parts = [
    `<h1>${text(HOME_INTRO.title)}</h1>`,
    `<p>${text(HOME_INTRO.text(siteName))}</p>`,
    `<p class="ssr-actions">${buttons.join('')}</p>`,
    section(
      'home-attributes',
      HOME_HEADINGS.attributes(siteName),
      `<ul class="ssr-list">${HOME_ATTRIBUTES.map((item) => `<li><h3>${text(item.title)}</h3><p>${text(item.text)}</p></li>`).join('')}</ul>`,
    ),
    section(
      'home-steps',
      HOME_HEADINGS.steps,
      `<ol class="ssr-list">${homeFeatureRows(siteName)
        .map(
          (row, index) =>
            `<li><h3><span class="ssr-sr">Step ${index + 1}: </span>${text(row.title)}</h3><p>${text(row.text)}</p></li>`,
        )
        .join('')}</ol>`,
    ),
  ];
  const queries: EmbeddedQuery[] = [];
  const block = (kind: NewsEventKind, items: readonly (News | Event)[]) => {
    const copy = HOME_BLOCKS[kind];
    const list =
      items.length === 0
        ? `<p>${text(copy.empty)}</p>`
        : `<ul class="ssr-list">${items.map((item) => `<li><h3><a href="${attr(newsEventHref(kind, item))}">${text(item.name)}</a></h3></li>`).join('')}</ul>`;
    return section(
      `home-${kind}-heading`,
      copy.heading,
      `<p><a href="/${NEWS_EVENT[kind].segment}">${text(copy.allLabel)}</a></p>${list}`,
    );
  };
  if (news) {
    queries.push({ queryKey: ['news', 'list', newsQuery], operationId: 'listNews', data: news });
    parts.push(block('news', news.items));
  }
  if (events) {
    queries.push({ queryKey: ['events', 'list', eventQuery], operationId: 'listEvents', data: events });
    parts.push(block('event', events.items));
  }
  return {
    head: {
      // As the SPA's home route titles it (`useDocumentTitle('Home')`).
      title: 'Home',
      description: HOME_INTRO.text(siteName),
      canonicalUrl: `${request.origin}/`,
      ogType: 'website',
    },
    main: raw(parts.join('')),
    queries,
  };
}

/**
 * Any other path, as the SPA's catch-all (spec §2.2; `web/src/app/routes/dynamic/lookup.ts`):
 * content by the first segment when it is an id, by the whole path when it can be a
 * URL alias, else the CMS page at that link. Every lookup the SPA would start is
 * embedded with its answer (null for a miss), so the SPA asks for none of them again.
 */
async function dynamicPage(request: PageRequest, segments: readonly string[]): Promise<ResolvedPage | null> {
  const first = segments[0] ?? '';
  const full = segments.join('/');
  const contentId = EntityId.safeParse(first).success ? first : null;
  const contentPath = segments.length > 1 && ALIAS.test(full) && full.length <= LIMITS.idOrAliasMaxChars ? full : null;
  const href = normalizePageHref(`/${full}`);
  const pageHref = PAGE_HREF_PATTERN.test(href) && href.length <= PAGE_LIMITS.hrefMaxChars ? href : null;

  const lookups: EmbeddedQuery[] = [];
  for (const idOrAlias of [contentId, contentPath]) {
    if (!idOrAlias) continue;
    const detail = (await call(getContent, 'getContent', request, { path: { idOrAlias } })) as ContentDetail | null;
    lookups.push({ queryKey: ['content', 'lookup', idOrAlias], operationId: 'getContent', data: detail });
    if (detail) {
      const children = await contentChildren(request, detail);
      const canonical = contentAddressKey(detail.content);
      return {
        ...renderContent(request, detail, children?.items ?? []),
        queries: [
          ...lookups,
          { queryKey: ['content', 'detail', canonical], operationId: 'getContent', data: detail },
          ...(children
            ? [
                {
                  queryKey: ['content', 'children', detail.content.id],
                  operationId: 'listContentChildren',
                  data: children,
                  infinite: true,
                } as const,
              ]
            : []),
        ],
      };
    }
  }
  if (!pageHref) return null;
  const page = (await call(getPageByHref, 'getPageByHref', request, { query: { href: pageHref } })) as Page | null;
  if (page?.status !== 'published') return null;
  return {
    ...renderCmsPage(request, page),
    queries: [...lookups, { queryKey: ['pages', 'by-href', pageHref], operationId: 'getPageByHref', data: page }],
  };
}

function renderCmsPage(request: PageRequest, page: Page): RenderedPage {
  const parts = [`<h1>${text(page.title)}</h1>`];
  for (const part of [...page.sections].sort((a, b) => a.index - b.index)) {
    const body = part.description ? descriptionHtml(part.description) : '';
    parts.push(part.name ? section(`section-${part.id}`, part.name, body) : `<section>${body}</section>`);
  }
  return {
    head: {
      title: page.title,
      description: page.meta.description || page.title,
      canonicalUrl: `${request.origin}${page.href}`,
      ogType: 'website',
      imageUrl: page.meta.images[0] ? absolute(request, page.meta.images[0]) : null,
    },
    main: raw(parts.join('')) satisfies Html,
  };
}

/**
 * The item's own licence and attribution in the first HTML (issue 24 item 0), as the
 * SPA's licence notice shows it: a known licence named in full and linked with
 * `rel="license"`, an unknown one as its text; the copyright notice; the source address.
 */
export function licenceSection(content: ContentDetail['content']): string {
  const known = knownLicence(content.licence);
  const lines = [
    known
      ? `<p>Shared under the <a rel="license" href="${attr(known.url)}">${text(`${known.name} (${known.short})`)}</a>.</p>`
      : `<p>Licence: ${text(content.licence)}</p>`,
  ];
  if (content.copyrightNotice) lines.push(`<p>${text(content.copyrightNotice)}</p>`);
  if (content.sourceUrl && /^https?:\/\//i.test(content.sourceUrl)) {
    lines.push(`<p><a href="${attr(content.sourceUrl)}">Original source</a></p>`);
  }
  return section('licence-heading', 'Licence', lines.join(''));
}
