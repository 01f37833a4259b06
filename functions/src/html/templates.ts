import { escapeAttribute, escapeText } from 'entities/lib/escape.js';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';

/**
 * The small templates of the server-rendered first HTML (issue 22 item 2; decision
 * record 038): plain semantic HTML, no React. Every value from data goes through
 * {@link text} or {@link attr}; the only HTML taken as it is is a description that
 * the server sanitised when it was written (decision record 024, `domain/html.ts`).
 */

/** An HTML fragment that is already safe to place in a document. */
export interface Html {
  readonly html: string;
}

/** Wraps markup written by these templates (or HTML sanitised on write) as {@link Html}. */
export function raw(html: string): Html {
  return { html };
}

/** Text content, escaped (`&`, `<`, `>`, U+00A0). */
export function text(value: string): string {
  return escapeText(value);
}

/** An attribute value (between double quotes), escaped (`&`, `"`, U+00A0). */
export function attr(value: string): string {
  return escapeAttribute(value);
}

/**
 * A value as JSON safe inside a `<script type="application/json">` or
 * `application/ld+json` element: `<`, `>`, `&`, U+2028 and U+2029 written as `\uXXXX`
 * escapes, so no `</script>` or `<!--` can end or change the element, whatever the data.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What goes into `<head>` for a page (title, description, canonical link, Open Graph, JSON-LD). */
export interface PageHead {
  /** The document title without the site name. */
  readonly title: string;
  /** Plain text, at most a few hundred characters. */
  readonly description: string;
  /** Absolute address of the page's canonical form. */
  readonly canonicalUrl: string;
  /** `website` or `article` (Open Graph type). */
  readonly ogType: 'website' | 'article';
  /** Absolute address of an image for link previews, when the page has one. */
  readonly imageUrl?: string | null;
  /** schema.org JSON-LD document, when the page has one. */
  readonly jsonLd?: unknown;
  /** A `robots` meta tag's content (`noindex, follow` for search results), when the page has one. */
  readonly robots?: string;
  /**
   * The query string of the search the page shows (`toSearchParams`), when it shows one:
   * its Atom feed is named as an alternate beside the whole repository's (decision record 055).
   */
  readonly feedQuery?: string;
}

/** The Atom feed of the search group (`searchFeed`), below the API base address (decision record 055). */
export const FEED_API_PATH = '/search/feed';

/** The element ids of the embedded data blocks the SPA reads at start (`web/src/lib/embedded-data.ts`). */
export const EMBEDDED_IDS = { config: 'portal-config', queries: 'portal-queries' } as const;

/** The document title as the SPA sets it (`useDocumentTitle`): `<title> | <siteName>`. */
export function documentTitle(title: string, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}

/** The head tags of a page, as one fragment (inserted before `</head>`). */
export function headTags(head: PageHead, config: RuntimeConfig): string {
  const tags = [
    `<meta property="og:site_name" content="${attr(config.siteName)}">`,
    `<meta property="og:title" content="${attr(head.title)}">`,
    `<meta property="og:description" content="${attr(head.description)}">`,
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:url" content="${attr(head.canonicalUrl)}">`,
    `<link rel="canonical" href="${attr(head.canonicalUrl)}">`,
  ];
  // The whole repository's Atom feed on every page, and the shown search's (issue 24 item 7; decision record 055).
  const feed = `${config.apiBaseUrl.replace(/\/+$/, '')}${FEED_API_PATH}`;
  tags.push(
    `<link rel="alternate" type="application/atom+xml" title="${attr(`${config.siteName} courseware`)}" href="${attr(feed)}">`,
  );
  if (head.feedQuery) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${attr(`${config.siteName} courseware: ${head.title}`)}" href="${attr(`${feed}?${head.feedQuery}`)}">`,
    );
  }
  if (head.robots) tags.push(`<meta name="robots" content="${attr(head.robots)}">`);
  if (head.imageUrl) tags.push(`<meta property="og:image" content="${attr(head.imageUrl)}">`);
  if (head.jsonLd !== undefined) {
    tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}

/** Header and footer colours of each brand (`web/src/theme/brands.ts` surfaces), so the shell does not change colour when the SPA takes over. */
const BRAND_SURFACES = {
  USCR: { headerBg: '#0b1f3a', headerAccent: '#60a5fa', footerBg: '#06111f', footerFg: '#d5e0f0', link: '#1d4ed8' },
  VACR: { headerBg: '#5e1a2c', headerAccent: '#fdba74', footerBg: '#2b0a13', footerFg: '#f5dce1', link: '#741f35' },
} as const;

/**
 * The shell's style: the SPA's header (`minH 16`, `py 2`), main (`Container maxW 7xl`,
 * `py 6`) and footer sizes, so the server page and the SPA's first frame line up.
 * Inline styles are allowed by the CSP (`style-src 'unsafe-inline'`, Chakra needs it).
 */
function shellStyle(config: RuntimeConfig): string {
  const c = BRAND_SURFACES[config.brand];
  return [
    'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#18181b;background:#fff}',
    '.ssr-page{display:flex;flex-direction:column;min-height:100vh}',
    '.ssr-skip{position:absolute;left:-10000px;top:auto}',
    `.ssr-skip:focus{left:1rem;top:1rem;z-index:10;padding:.5rem 1rem;background:#fff;color:${c.link};outline:2px solid ${c.link}}`,
    '.ssr-box{max-width:80rem;margin:0 auto;padding-left:1rem;padding-right:1rem;box-sizing:border-box;width:100%}',
    '@media (min-width:48em){.ssr-box{padding-left:1.5rem;padding-right:1.5rem}}',
    '@media (min-width:62em){.ssr-box{padding-left:2rem;padding-right:2rem}}',
    `.ssr-header{background:${c.headerBg};color:#fff}`,
    '.ssr-header .ssr-box{display:flex;flex-wrap:wrap;align-items:center;min-height:4rem;padding-top:.5rem;padding-bottom:.5rem;gap:.5rem 1rem}',
    `.ssr-header a{color:#fff;text-decoration:none;font-weight:700}`,
    `.ssr-header nav a{font-weight:500;margin-right:1rem}`,
    '.ssr-account{margin-left:auto;display:flex;gap:.5rem}',
    '.ssr-header .ssr-account a{font-weight:600;font-size:.875rem;padding:.25rem .75rem;border:1px solid #fff;border-radius:.25rem}',
    '.ssr-main{flex:1}',
    '.ssr-main>.ssr-box{padding-top:1.5rem;padding-bottom:1.5rem}',
    `.ssr-main a{color:${c.link}}`,
    `.ssr-footer{background:${c.footerBg};color:${c.footerFg};margin-top:4rem}`,
    '.ssr-footer .ssr-box{padding-top:2.5rem;padding-bottom:2.5rem}',
    '.ssr-crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;padding:0;margin:0 0 1rem}',
    '.ssr-list{list-style:none;padding:0;margin:0;display:grid;gap:1rem}',
    '.ssr-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}',
    '.ssr-actions{display:flex;flex-wrap:wrap;gap:.75rem}',
  ].join('');
}

/**
 * The whole visible page: skip link, header with the main navigation and the Sign up
 * and Log in links (spec §2.3), the main content, and the footer. `main` is what differs per page.
 */
export function pageBody(main: Html, config: RuntimeConfig): string {
  const nav: [string, string][] = [];
  if (config.flags.courseware) nav.push(['/courseware', 'Courseware']);
  if (config.flags.news) nav.push(['/news', 'News']);
  if (config.flags.event) nav.push(['/events', 'Events']);
  const copyright = config.copyrightText ? `<p>${text(config.copyrightText)}</p>` : '';
  return [
    `<style>${shellStyle(config)}</style>`,
    '<div class="ssr-page">',
    '<a href="#main-content" class="ssr-skip">Skip to main content</a>',
    `<header class="ssr-header"><div class="ssr-box"><a href="/">${text(config.siteName)}</a>`,
    `<nav aria-label="Main">${nav.map(([href, label]) => `<a href="${attr(href)}">${text(label)}</a>`).join('')}</nav>`,
    // `data-spa-link`: a click starts the SPA, which follows the link (its /login comes back here).
    '<div class="ssr-account"><a href="/signup" data-spa-link>Sign up</a><a href="/login" data-spa-link>Log in</a></div>',
    '</div></header>',
    `<main id="main-content" class="ssr-main" tabindex="-1"><div class="ssr-box">${main.html}</div></main>`,
    `<footer class="ssr-footer"><div class="ssr-box"><p>${text(config.siteName)}</p>${copyright}</div></footer>`,
    '</div>',
  ].join('');
}

/** Breadcrumbs as the SPA shows them: a navigation landmark with an ordered list, the last item current. */
export function breadcrumbs(crumbs: readonly { label: string; href: string }[]): string {
  if (crumbs.length === 0) return '';
  const items = crumbs.map((crumb, index) =>
    index === crumbs.length - 1
      ? `<li><span aria-current="page">${text(crumb.label)}</span></li>`
      : `<li><a href="${attr(crumb.href)}">${text(crumb.label)}</a></li>`,
  );
  return `<nav aria-label="Breadcrumb" class="ssr-crumbs"><ol>${items.join('')}</ol></nav>`;
}

/** A section with an `h2` heading and its body, labelled by the heading (as the SPA's sections are). */
export function section(id: string, heading: string, body: string): string {
  return `<section aria-labelledby="${attr(id)}"><h2 id="${attr(id)}">${text(heading)}</h2>${body}</section>`;
}

/** A plain list of escaped strings. */
export function textList(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${text(item)}</li>`).join('')}</ul>`;
}

/** What the shell document receives: the head tags, the visible page and the embedded data blocks. */
export interface RenderedPage {
  readonly head: PageHead;
  readonly main: Html;
}

/**
 * The SPA's `index.html` with a page in it: the SPA's preload links removed
 * ({@link withoutSpaPreloads}), the `<title>` and description replaced,
 * the head tags added before `</head>`, the page inside `<div id="root">`, and the
 * runtime configuration and query data as non-executable JSON blocks before
 * `</body>` (the CSP allows them: they are data, not script).
 * @throws Error when the shell lacks `<title>`, `</head>`, `<div id="root">` or `</body>`.
 */
export function renderDocument(
  shell: string,
  page: RenderedPage,
  config: RuntimeConfig,
  embedded: { readonly queries: unknown },
): string {
  const root = rootElement(shell);
  if (!/<title>[\s\S]*?<\/title>/.test(shell) || !shell.includes('</head>') || !root || !shell.includes('</body>')) {
    throw new Error('The SPA shell has no <title>, </head>, <div id="root"> or </body>.');
  }
  const title = documentTitle(page.head.title, config.siteName);
  const description = `<meta name="description" content="${attr(page.head.description)}" />`;
  const data = [
    `<script type="application/json" id="${EMBEDDED_IDS.config}">${scriptJson(config)}</script>`,
    `<script type="application/json" id="${EMBEDDED_IDS.queries}">${scriptJson(embedded.queries)}</script>`,
  ].join('\n    ');
  let html = withoutSpaPreloads(shell).replace(/<title>[\s\S]*?<\/title>/, () => `<title>${text(title)}</title>`);
  html = /<meta name="description"[^>]*>/.test(html)
    ? html.replace(/<meta name="description"[^>]*>/, () => description)
    : html.replace('</head>', () => `  ${description}\n  </head>`);
  html = html.replace('</head>', () => `  ${headTags(page.head, config)}\n  </head>`);
  html = html.replace(root, () => `<div id="root">${pageBody(page.main, config)}</div>`);
  return html.replace('</body>', () => `  ${data}\n  </body>`);
}

/**
 * The attribute of the SPA's preload links in the build's `index.html` (`preloadSpaStart`
 * in `web/vite.config.ts`; decision record 043).
 */
export const SPA_PRELOAD_ATTRIBUTE = 'data-spa-start';

/**
 * The shell without its `<link … data-spa-start>` preload links: a server-rendered page
 * starts the SPA at its visitor's first use (decision record 043), so its first load
 * fetches only the page's small entry, not the SPA's 200 KB.
 */
export function withoutSpaPreloads(shell: string): string {
  return shell.replace(new RegExp(`[ \\t]*<link\\b[^>]*\\s${SPA_PRELOAD_ATTRIBUTE}\\b[^>]*>\\r?\\n?`, 'g'), '');
}

/** The whole `<div id="root">…</div>` element of the shell (nested divs counted), or null. */
function rootElement(shell: string): string | null {
  const start = shell.indexOf('<div id="root">');
  if (start === -1) return null;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start + 1;
  let depth = 1;
  for (let match = tags.exec(shell); match; match = tags.exec(shell)) {
    depth += match[0] === '</div>' ? -1 : 1;
    if (depth === 0) return shell.slice(start, match.index + match[0].length);
  }
  return null;
}
