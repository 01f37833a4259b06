import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Content, ContentDetail, CreatedId } from '#shared/contracts/content';
import { RevisionDiff, RevisionPage } from '#shared/contracts/content-draft';
import { SavedContent } from '#shared/contracts/content-save';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * Outcome mapping by editors (issue 27 item 4, decision record 081), over HTTP against
 * the embedded stack with the seeded CAE KUs: the save route accepts the outcomes of
 * the item's KUs and stores them (read back, in a revision and its diff), refuses a KU
 * the item does not keep, an outcome the KU lacks and duplicates with 400 at their
 * paths and writes nothing then; a KU removed drops its outcomes; PATCH validates too.
 */

let portal: LocalPortal;
let editor: string;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  editor = await portalTokenFor(portal, 'editor');
});
afterAll(async () => {
  await portal?.stop();
});

async function send(method: string, path: string, json?: unknown): Promise<Response> {
  return fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${editor}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

async function read(id: string): Promise<Content> {
  const res = await send('GET', `/api/v1/content/${id}`);
  expect(res.status).toBe(200);
  return ContentDetail.parse(await res.json()).content;
}

const BASE = { name: 'Foundations of Cybersecurity', description: '<p>Week 1: vocabulary.</p>' };
// Seeded CAE-CD Foundational KUs: CSF and CSP have five outcomes each.
const KUS = [
  { id: 'CSF', index: 0 },
  { id: 'CSP', index: 1 },
];

describe('KU outcomes through the save route (issue 27 item 4)', () => {
  let id = '';
  let version = 1;

  it('creates an item mapped to two KUs', async () => {
    const created = await send('POST', '/api/v1/content', { ...BASE, kus: KUS });
    expect(created.status).toBe(201);
    id = CreatedId.parse(await created.json()).id;
    expect((await read(id)).kuOutcomes).toBeUndefined();
  });

  it('saves, published, the outcomes an editor marks, and stores them in the revision', async () => {
    const saved = await send('POST', '/api/v1/content-saves', {
      id,
      version,
      fields: {
        ...BASE,
        status: 'published',
        kus: KUS,
        kuOutcomes: [
          { kuId: 'CSP', outcomes: [4] },
          { kuId: 'CSF', outcomes: [2, 0] },
        ],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const content = SavedContent.parse(await saved.json()).content;
    version = content.version;
    const expected = [
      { kuId: 'CSF', outcomes: [0, 2] },
      { kuId: 'CSP', outcomes: [4] },
    ];
    expect(content.kuOutcomes).toEqual(expected);
    expect((await read(id)).kuOutcomes).toEqual(expected);
    const revisions = RevisionPage.parse(await (await send('GET', `/api/v1/content-items/${id}/revisions`)).json());
    const [newest] = revisions.items;
    const revision = await send('GET', `/api/v1/content-items/${id}/revisions/${newest?.id}`);
    expect(((await revision.json()) as { content: Content }).content.kuOutcomes).toEqual(expected);
  });

  it('refuses a KU the item does not keep, an outcome the KU lacks and a duplicate, and writes nothing', async () => {
    const saved = await send('POST', '/api/v1/content-saves', {
      id,
      version,
      fields: {
        ...BASE,
        name: 'Not saved',
        status: 'published',
        kus: KUS,
        kuOutcomes: [
          { kuId: 'CSF', outcomes: [1, 5] },
          { kuId: 'CPM', outcomes: [0] },
        ],
      },
    });
    expect(saved.status).toBe(400);
    const body = (await saved.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([
      { path: 'body.fields.kuOutcomes.0.outcomes.1', message: 'CSF has no such outcome (it has 5: 0 to 4).' },
      { path: 'body.fields.kuOutcomes.1.kuId', message: "Is not one of the item's knowledge units." },
    ]);
    const duplicate = await send('POST', '/api/v1/content-saves', {
      id,
      version,
      fields: { ...BASE, status: 'published', kus: KUS, kuOutcomes: [{ kuId: 'CSF', outcomes: [1, 1] }] },
    });
    expect(duplicate.status).toBe(400);
    expect(((await duplicate.json()) as { errors: unknown[] }).errors).toEqual([
      { path: 'body.fields.kuOutcomes.0.outcomes.1', message: 'Listed twice.' },
    ]);
    const stored = await read(id);
    expect(stored.name).toBe(BASE.name);
    expect(stored.version).toBe(version);
    expect(stored.kuOutcomes).toEqual([
      { kuId: 'CSF', outcomes: [0, 2] },
      { kuId: 'CSP', outcomes: [4] },
    ]);
  });

  it('drops the outcomes of a KU a PATCH removes, and shows the change in the revision diff', async () => {
    const patched = await send('PATCH', `/api/v1/content-items/${id}`, { version, kus: [{ id: 'CSF', index: 0 }] });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const content = Content.parse(await patched.json());
    version = content.version;
    expect(content.kuOutcomes).toEqual([{ kuId: 'CSF', outcomes: [0, 2] }]);
    const revisions = RevisionPage.parse(await (await send('GET', `/api/v1/content-items/${id}/revisions`)).json());
    const [to, from] = revisions.items;
    const diff = await send('GET', `/api/v1/content-items/${id}/revision-diff?from=${from?.id}&to=${to?.id}`);
    expect(RevisionDiff.parse(await diff.json()).lists.kuOutcomes).toEqual({
      added: [],
      removed: ['CSP outcome 5'],
    });
  });

  it('validates a PATCH of the outcomes against the stored KUs (400 at body.kuOutcomes…)', async () => {
    const refused = await send('PATCH', `/api/v1/content-items/${id}`, {
      version,
      kuOutcomes: [{ kuId: 'CSP', outcomes: [0] }],
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
      { path: 'body.kuOutcomes.0.kuId', message: "Is not one of the item's knowledge units." },
    ]);
    const accepted = await send('PATCH', `/api/v1/content-items/${id}`, {
      version,
      kuOutcomes: [{ kuId: 'CSF', outcomes: [3] }],
    });
    expect(accepted.status).toBe(200);
    expect(Content.parse(await accepted.json()).kuOutcomes).toEqual([{ kuId: 'CSF', outcomes: [3] }]);
  });
});
