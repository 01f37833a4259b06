import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '#shared/contracts/common';
import { PAGE_HREF_MESSAGE, PAGE_NOT_FOUND_MESSAGE, Page, SectionWidget } from '#shared/contracts/page';
import { createPage } from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { DEFAULT_DATA_ROOT } from '../../seed/import.ts';
import { seededPageId, seedPages } from '../../seed/pages.ts';
import { jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * `GET /api/v1/pages/by-href` through the page group's Lambda entry against the
 * embedded emulators (decision record 026): the four seeded pages, the href's
 * normalisation and validation, who sees an unpublished page, and the seed's
 * write-only-when-absent rule.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '' };
let seeded: Awaited<ReturnType<typeof seedPages>>;
let unpublished: Page;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
  seeded = await seedPages(DEFAULT_DATA_ROOT, new Date());
  const id = newId();
  unpublished = await createPage({
    id,
    title: 'Draft workshop page',
    href: `/draft-${id}`,
    parentId: null,
    status: 'unpublished',
    meta: { description: 'Not yet public', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [
      {
        id: newId(),
        index: 0,
        key: '',
        name: 'Draft',
        description: '',
        widgets: [SectionWidget.parse({ kind: 'calloutBox', content: 'Coming soon.' })],
        layout: { name: 'oneColumn' },
      },
    ],
    createdTimestamp: '2026-11-21T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function get<T = Page>(href: string | null, as: Who = 'visitor') {
  let event = withQuery(loadEvent('page/get-page-by-href'), href === null ? {} : { href });
  if (as !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result), headers: result.headers ?? {} };
}

describe('GET /api/v1/pages/by-href', () => {
  it('seeds the ten pages once', async () => {
    expect(seeded).toEqual({ created: 10, alreadyPresent: 0 });
    expect(await seedPages(DEFAULT_DATA_ROOT, new Date())).toEqual({ created: 0, alreadyPresent: 10 });
  });

  it.each([
    ['/team', 'Team', null],
    ['/resources', 'Resources', null],
    ['/terms-of-use', 'Terms of use', null],
    ['/privacy', 'Privacy policy', null],
    ['/features', 'Features', null],
    ['/about', 'About', null],
    ['/community', 'Community', null],
    ['/community/cyber-workshops', 'Weekly workshops', '/community'],
    ['/community/k12-advisory-board', 'K-12 advisory board', '/community'],
    ['/rangepricing', 'Pricing', null],
  ])('serves the seeded page %s to a visitor, with its sections in order, uncached', async (href, title, parent) => {
    const { status, body, headers } = await get(href);
    expect(status).toBe(200);
    expect(Page.parse(body)).toEqual(body);
    const parentId = parent === null ? null : seededPageId(parent);
    expect(body).toMatchObject({ id: seededPageId(href), href, title, status: 'published', parentId });
    expect(body.layout).toEqual({ name: 'handSortedList', parameters: {} });
    expect(body.sections.length).toBeGreaterThan(1);
    expect(body.sections.map((section) => section.index)).toEqual(body.sections.map((_, i) => i));
    expect(body.sections[0]?.widgets[0]).toMatchObject({ kind: 'heading', customAttributes: { type: 'h1' } });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('links the team page to the contact form, and the resources page to the four sources', async () => {
    const links = (page: Page) =>
      page.sections.flatMap((section) => section.widgets.flatMap((widget) => (widget.link ? [widget.link] : [])));
    expect(links((await get('/team')).body)).toContain('/contact-us');
    expect(links((await get('/resources')).body)).toEqual(
      expect.arrayContaining([
        'https://www.nist.gov/itl/applied-cybersecurity/nice/nice-framework-resource-center',
        'https://www.nsa.gov/Academics/Centers-of-Academic-Excellence/',
        'https://seedsecuritylabs.org/',
        'https://github.com/MLHale/nebraska-gencyber-modules',
      ]),
    );
  });

  it.each(['/features', '/about', '/community/cyber-workshops', '/community/k12-advisory-board', '/rangepricing'])(
    'makes %s say how to ask what it does not know: it links the contact form, and names no price',
    async (href) => {
      const { body } = await get(href);
      const widgets = body.sections.flatMap((section) => section.widgets);
      const text = widgets.map((widget) => `${widget.content} ${widget.link}`).join(' ');
      expect(text).toMatch(/\/contact-us/);
      expect(text).not.toMatch(/[$€£]\s*\d|\d\s*(?:USD|dollars)/i);
    },
  );

  it('normalises the href: upper case and a trailing slash find the page', async () => {
    const { status, body } = await get('/Terms-Of-Use/');
    expect(status).toBe(200);
    expect(body.href).toBe('/terms-of-use');
  });

  it('answers 400 for an href that is missing or not a page link', async () => {
    expect((await get(null)).status).toBe(400);
    const { status, body } = await get<ErrorBody>('team');
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'query.href', message: PAGE_HREF_MESSAGE }]);
    expect((await get('/team page')).status).toBe(400);
    expect((await get(`/${'a'.repeat(1024)}`)).status).toBe(400);
  });

  it('answers 404 "Page does not exist." for an unknown page', async () => {
    const { status, body } = await get<ErrorBody>('/no-such-page');
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, message: PAGE_NOT_FOUND_MESSAGE });
  });

  it('shows an unpublished page to content editors only; others get the same 404 as for a missing page', async () => {
    for (const who of ['visitor', 'student'] as const) {
      const { status, body } = await get<ErrorBody>(unpublished.href, who);
      expect(status, who).toBe(404);
      expect(body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    }
    const { status, body } = await get(unpublished.href, 'editor');
    expect(status).toBe(200);
    expect(body).toEqual(unpublished);
  });
});
