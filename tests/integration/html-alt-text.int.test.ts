import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/contracts/common';
import { SavedContent } from '#shared/contracts/content-save';
import { IMAGE_ALT_MISSING_MESSAGE } from '#shared/contracts/html-images';
import { Page } from '#shared/contracts/page';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * An image without alt text never reaches a public page through an HTML field (issue
 * 21 item 15; WCAG 1.1.1; decision record 034): every HTML field refuses it over HTTP
 * with a 400 naming the field, and stores nothing; an explicitly decorative image
 * (`alt=""`) and a described one pass.
 */

let portal: LocalPortal;
let token = '';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  token = await portalTokenFor(portal, 'editor');
});
afterAll(async () => {
  await portal?.stop();
});

async function send(method: string, path: string, body: unknown) {
  const res = await fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const NO_ALT = '<p>A diagram: <img src="/public/files/diagram.png"></p>';

async function expectRefused(method: string, path: string, body: unknown, fieldPath: string) {
  const res = await send(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(ErrorBody.parse(res.body).errors).toContainEqual({ path: fieldPath, message: IMAGE_ALT_MISSING_MESSAGE });
}

describe('images without alt text in HTML fields (issue 21 item 15)', () => {
  it('refuses a content description and a content section description, saving nothing', async () => {
    await expectRefused(
      'POST',
      '/api/v1/content-saves',
      { fields: { name: 'Alt text course', description: NO_ALT } },
      'body.fields.description',
    );
    await expectRefused(
      'POST',
      '/api/v1/content-saves',
      {
        fields: {
          name: 'Alt text course',
          description: '<p>Fine.</p>',
          sections: [{ name: 'Diagram', description: `<div>${NO_ALT}</div>` }],
        },
      },
      'body.fields.sections.0.description',
    );
    await expectRefused(
      'POST',
      '/api/v1/content',
      { name: 'Alt text course', description: NO_ALT },
      'body.description',
    );
    const stored = await fetch(`${portal.baseUrl}/api/v1/content/alt-text-course`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.status).toBe(404);
  });

  it('refuses a news and an event description', async () => {
    const common = { description: NO_ALT, status: 'published', date: '2099-01-01T09:00:00.000Z' };
    await expectRefused('POST', '/api/v1/news', { ...common, name: 'Alt news', link: 'alt-news' }, 'body.description');
    await expectRefused(
      'POST',
      '/api/v1/events',
      { ...common, name: 'Alt event', link: 'alt-event', location: 'Online' },
      'body.description',
    );
  });

  it('refuses a page section description and a contentBox widget', async () => {
    const created = await send('POST', '/api/v1/pages', {
      title: 'Alt text page',
      href: '/alt-text-page',
      status: 'unpublished',
      meta: { description: 'Images need alt text.' },
    });
    expect(created.status).toBe(201);
    const pageId = Page.parse(created.body).id;
    await expectRefused(
      'POST',
      `/api/v1/pages/${pageId}/sections`,
      { name: 'Diagram', description: NO_ALT, widgets: [] },
      'body.description',
    );
    await expectRefused(
      'POST',
      `/api/v1/pages/${pageId}/sections`,
      { name: 'Diagram', widgets: [{ kind: 'contentBox', content: NO_ALT }] },
      'body.widgets.0.content',
    );
  });

  it('accepts described and explicitly decorative images', async () => {
    const res = await send('POST', '/api/v1/content-saves', {
      fields: {
        name: 'Alt text described',
        description:
          '<p><img src="/public/files/router.png" alt="A router"><img src="/public/files/rule.png" alt=""></p>',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(SavedContent.parse(res.body).content.description).toContain('alt="A router"');
  });
});
