// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { testRuntimeConfig } from '../test-support/runtime-config.ts';
import {
  breadcrumbs,
  raw,
  renderDocument,
  scriptJson,
  section,
  text,
  textList,
  withoutSpaPreloads,
} from './templates.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default description." />
    <title>Cyber Range</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/start-abc.js" data-spa-start>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js" data-spa-start>
  </head>
  <body>
    <div id="root"><div class="boot-splash" role="status">Loading…</div></div>
    <noscript>This site needs JavaScript to run.</noscript>
  </body>
</html>
`;

const CONFIG = testRuntimeConfig({ copyrightText: '© </footer><script>alert(4)</script>' });

const HOSTILE = '</script><script>alert(1)</script><!--';

function render(name: string) {
  const html = renderDocument(
    SHELL,
    {
      head: {
        title: name,
        description: `"><script>alert(2)</script> ${name}`,
        canonicalUrl: 'https://portal.example.org/courseware/x"><script>alert(3)</script>',
        ogType: 'article',
        jsonLd: { '@context': 'https://schema.org', '@type': 'LearningResource', name },
      },
      main: raw(`<h1>${text(name)}</h1>${section('files-heading', 'Files', textList([name]))}`),
    },
    CONFIG,
    { queries: { fetchedAt: 1, queries: [{ queryKey: ['content', 'detail', name], data: { name } }] } },
  );
  return { html, doc: new DOMParser().parseFromString(html, 'text/html') };
}

describe('the first HTML templates (issue 22 item 2)', () => {
  it('writes JSON for script elements without any <, > or & a parser could act on', () => {
    const json = scriptJson({ name: HOSTILE, other: 'a & b > c \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: HOSTILE, other: 'a & b > c \u2028' });
  });

  it('keeps a title with </script><script> inert: no script element but the SPA’s own and the data blocks', () => {
    const { doc } = render(HOSTILE);
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('type'))).toEqual([
      'module',
      'application/ld+json',
      'application/json',
      'application/json',
    ]);
    // The hostile text survives only as data inside the JSON blocks, never as markup.
    for (const script of scripts) expect(script.textContent).not.toMatch(/<\/?script|<!--/i);
    expect(doc.body.innerHTML).not.toMatch(/<script>alert/);
    expect(doc.head.innerHTML).not.toMatch(/<script>alert/);
  });

  it('shows the hostile text as text, and the data blocks give it back unchanged', () => {
    const { doc } = render(HOSTILE);
    expect(doc.title).toBe(`${HOSTILE} | US Cyber Range`);
    expect(doc.querySelector('main h1')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('#files-heading')?.closest('section')?.querySelector('li')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      `"><script>alert(2)</script> ${HOSTILE}`,
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://portal.example.org/courseware/x"><script>alert(3)</script>',
    );
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '');
    expect(ld.name).toBe(HOSTILE);
    const queries = JSON.parse(doc.getElementById('portal-queries')?.textContent ?? '');
    expect(queries.queries[0].data.name).toBe(HOSTILE);
    const config = JSON.parse(doc.getElementById('portal-config')?.textContent ?? '');
    expect(config.copyrightText).toBe(CONFIG.copyrightText);
    expect(doc.querySelector('footer')?.textContent).toContain(CONFIG.copyrightText);
  });

  it('replaces the splash and the default description, once each, and keeps the SPA’s script', () => {
    const { doc } = render('Intro to Linux');
    expect(doc.querySelector('.boot-splash')).toBeNull();
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.querySelector('#root main h1')?.textContent).toBe('Intro to Linux');
    expect(doc.querySelector('#root header nav a[href="/courseware"]')?.textContent).toBe('Courseware');
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-abc.js');
  });

  it('drops the SPA’s preload links, and only them: the SPA starts at the visitor’s first use (decision record 043)', () => {
    const { doc } = render('Intro to Linux');
    expect([...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/preload-helper-abc.js',
    ]);
    expect(withoutSpaPreloads(SHELL)).toBe(SHELL.replace(/ *<link[^>]*data-spa-start>\n/g, ''));
  });

  it('marks the last breadcrumb as the current page and escapes every label', () => {
    const html = breadcrumbs([
      { label: 'Courseware', href: '/courseware' },
      { label: '<b>Module</b>', href: '/courseware/m?a=1&b=2' },
      { label: 'Lab', href: '/courseware/m/lab' },
    ]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('nav')?.getAttribute('aria-label')).toBe('Breadcrumb');
    expect([...doc.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Courseware', '<b>Module</b>', 'Lab']);
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/courseware',
      '/courseware/m?a=1&b=2',
    ]);
    expect(doc.querySelector('[aria-current="page"]')?.textContent).toBe('Lab');
  });

  it('replaces the whole root element, nested elements and all, and nothing after it', () => {
    const shell = SHELL.replace(
      '<div id="root"><div class="boot-splash" role="status">Loading…</div></div>',
      '<div id="root"><div><div class="boot-splash">Loading…</div></div></div>\n    <div id="portal-dialogs"></div>',
    );
    const html = renderDocument(
      shell,
      {
        head: { title: 'T', description: 'D', canonicalUrl: 'https://x/', ogType: 'website' },
        main: raw('<h1>T</h1>'),
      },
      CONFIG,
      { queries: [] },
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('.boot-splash')).toBeNull();
    expect(doc.getElementById('portal-dialogs')?.parentElement?.tagName).toBe('BODY');
    expect(doc.querySelector('#root main h1')?.textContent).toBe('T');
  });

  it('names the whole repository’s Atom feed on every page, and the shown search’s when there is one (decision record 055)', () => {
    const { doc } = render('Plain page');
    const feeds = (d: Document) =>
      [...d.querySelectorAll('head link[rel="alternate"][type="application/atom+xml"]')].map((link) => [
        link.getAttribute('title'),
        link.getAttribute('href'),
      ]);
    expect(feeds(doc)).toEqual([['US Cyber Range courseware', '/api/v1/search/feed']]);
    const html = renderDocument(
      SHELL,
      {
        head: {
          title: 'Search: ciphers',
          description: 'Results.',
          canonicalUrl: 'https://portal.example.org/courseware?q=ciphers&cat=lesson',
          ogType: 'website',
          feedQuery: 'q=ciphers&cat=lesson',
        },
        main: raw('<h1>Courseware</h1>'),
      },
      CONFIG,
      { queries: { fetchedAt: 1, queries: [] } },
    );
    expect(feeds(new DOMParser().parseFromString(html, 'text/html'))).toEqual([
      ['US Cyber Range courseware', '/api/v1/search/feed'],
      ['US Cyber Range courseware: Search: ciphers', '/api/v1/search/feed?q=ciphers&cat=lesson'],
    ]);
  });

  it('refuses a shell without the parts it fills in', () => {
    expect(() =>
      renderDocument(
        '<html><body></body></html>',
        { head: { title: 'x', description: 'x', canonicalUrl: 'https://x/', ogType: 'website' }, main: raw('') },
        CONFIG,
        { queries: [] },
      ),
    ).toThrow('The SPA shell has no');
  });
});
