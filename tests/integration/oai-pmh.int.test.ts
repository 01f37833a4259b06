import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { create } from 'xmlbuilder2';
import type { ContentStatus } from '#shared/enums';
import { bumpCatalogRevision } from '../../functions/src/data/catalog.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { createContributor } from '../../functions/src/data/contributors.ts';
import { seedId } from '../../functions/src/domain/ids.ts';
import { syncCatalogSnapshot } from '../../functions/src/search/indexer.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';
import { oaiSchemaErrors } from '../support/oai-pmh-schemas.ts';

/**
 * The OAI-PMH repository (issue 24 item 7; decision record 054) over HTTP against the
 * seeded embedded stack: the local gateway, the search group's real handler, the
 * catalog snapshot and the content items in the emulators. Every response is
 * validated against the OAI-PMH 2.0 schema, with `oai_dc` records against the
 * `oai_dc` schema (`tests/support/oai-pmh-schemas.ts`); LOM records, whose schema is
 * not available offline, are checked by structure with an XML parser. Harvests follow
 * the resumption tokens to the end.
 */

let portal: LocalPortal;
let host: string;

const contributor = {
  id: seedId('test-contributor', 'OAI harvest author'),
  prefix: 'Dr.',
  firstName: 'Grace',
  middleName: null,
  lastName: 'Hopper',
  suffix: null,
  title: null,
  school: null,
  email: null,
  portraitFileId: null,
};
const marker = contentRecord('OAI harvest marker lab', {
  category: 'exercise',
  categories: ['exercise'],
  tags: ['harvest'],
  contributors: [{ id: contributor.id, index: 0 }],
  ksas: [{ id: 'K0070', name: 'Knowledge of system and application security threats', index: 0 }],
  kus: [{ id: 'CSF', name: 'Cybersecurity Foundations', index: 0 }],
  licence: 'CC BY-SA 4.0',
  files: [{ id: seedId('test-file', 'OAI harvest pdf'), name: 'Lab', type: 'application/pdf', filename: 'lab.pdf' }],
});
const hidden = (['unpublished', 'unlisted', 'archived'] satisfies ContentStatus[]).map((status) =>
  contentRecord(`OAI harvest ${status} lesson`, { status }),
);

async function oai(query: string, init?: RequestInit): Promise<{ xml: string; contentType: string | null }> {
  const res = await fetch(`${portal.baseUrl}/api/v1/oai${query ? `?${query}` : ''}`, init);
  expect(res.status, query).toBe(200);
  return { xml: await res.text(), contentType: res.headers.get('content-type') };
}

/** The response, after checking it against the schemas. */
async function valid(query: string, init?: RequestInit): Promise<string> {
  const { xml, contentType } = await oai(query, init);
  expect(contentType).toBe('text/xml; charset=utf-8');
  expect(await oaiSchemaErrors(xml), query).toEqual([]);
  return xml;
}

function texts(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1] as string);
}

function errorCode(xml: string): string | null {
  return /<error code="(\w+)">/.exec(xml)?.[1] ?? null;
}

/** The published content ids a visitor's search finds (every page). */
async function publishedIds(): Promise<string[]> {
  const ids: string[] = [];
  let token: string | null = null;
  do {
    const res = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 300, ...(token ? { filter: { nextPageToken: token } } : {}) }),
    });
    const page = (await res.json()) as { items: { id: string; status: string }[]; nextPageToken: string | null };
    for (const item of page.items) {
      expect(item.status).toBe('published');
      ids.push(item.id);
    }
    token = page.nextPageToken;
  } while (token);
  return ids;
}

/** Every identifier (or record) of a harvest, following resumption tokens, each response validated. */
async function harvest(
  verb: 'ListIdentifiers' | 'ListRecords',
  selection: string,
): Promise<{ ids: string[]; pages: string[] }> {
  const pages: string[] = [];
  let query = `verb=${verb}&${selection}`;
  for (;;) {
    const xml = await valid(query);
    expect(errorCode(xml), query).toBeNull();
    pages.push(xml);
    const token = /<resumptionToken completeListSize="(\d+)" cursor="(\d+)"(?:\/>|>([^<]*)<\/resumptionToken>)/.exec(
      xml,
    );
    if (!token?.[3]) break;
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token[3])}`;
  }
  const ids = pages.flatMap((xml) => texts(xml, 'identifier').filter((id) => id.startsWith('oai:')));
  return { ids: ids.map((id) => id.slice(`oai:${host}:`.length)), pages };
}

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  host = new URL(portal.baseUrl).hostname;
  await createContributor(contributor);
  for (const record of [marker, ...hidden]) await createContent(record);
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
  // The search function reloads a changed snapshot within a second: wait for the marker.
  await vi.waitFor(
    async () => {
      const { xml } = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${marker.id}`);
      if (errorCode(xml) !== null) throw new Error('The snapshot with the marker is not loaded yet.');
    },
    { timeout: 25_000, interval: 100 },
  );
});

afterAll(async () => {
  await portal?.stop();
});

describe('the OAI-PMH repository over HTTP', () => {
  it('identifies itself: the brand, its own base URL, 2.0, no deleted records, seconds', async () => {
    const xml = await valid('verb=Identify');
    expect(texts(xml, 'repositoryName')).toEqual(['US Cyber Range courseware']);
    expect(texts(xml, 'baseURL')).toEqual([`${portal.baseUrl}/api/v1/oai`]);
    expect(texts(xml, 'protocolVersion')).toEqual(['2.0']);
    expect(texts(xml, 'deletedRecord')).toEqual(['no']);
    expect(texts(xml, 'granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
    expect(texts(xml, 'earliestDatestamp')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('harvests every published item exactly once in each format, and no other', async () => {
    const expected = (await publishedIds()).sort();
    expect(expected).toContain(marker.id);
    expect(expected.length).toBeGreaterThan(100); // more than one page of 100
    for (const [verb, prefix] of [
      ['ListIdentifiers', 'oai_dc'],
      ['ListRecords', 'oai_dc'],
      ['ListRecords', 'lom'],
    ] as const) {
      const { ids, pages } = await harvest(verb, `metadataPrefix=${prefix}`);
      expect(pages.length, `${verb} ${prefix}`).toBe(Math.ceil(expected.length / 100));
      expect(new Set(ids).size, `${verb} ${prefix}: no item twice`).toBe(ids.length);
      expect([...ids].sort(), `${verb} ${prefix}`).toEqual(expected);
      for (const record of hidden) expect(ids).not.toContain(record.id);
      const last = pages[pages.length - 1] as string;
      expect(last).toMatch(
        new RegExp(`<resumptionToken completeListSize="${expected.length}" cursor="${100 * (pages.length - 1)}"/>`),
      );
    }
  });

  it("disseminates an item's own licence, contributors, NICE and CAE mappings and page in oai_dc", async () => {
    const xml = await valid(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${marker.id}`);
    expect(texts(xml, 'dc:title')).toEqual(['OAI harvest marker lab']);
    expect(texts(xml, 'dc:creator')).toEqual(['Dr. Grace Hopper']);
    expect(texts(xml, 'dc:subject')).toEqual([
      'harvest',
      'NICE K0070: Knowledge of system and application security threats',
      'CAE CSF: Cybersecurity Foundations',
    ]);
    expect(texts(xml, 'dc:rights')).toEqual([
      'Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0), https://creativecommons.org/licenses/by-sa/4.0/',
    ]);
    expect(texts(xml, 'dc:identifier')).toEqual([`${portal.baseUrl}/courseware/oai-harvest-marker-lab`]);
    expect(texts(xml, 'dc:format')).toEqual(['application/pdf']);
    expect(texts(xml, 'dc:language')).toEqual(['en']);
    expect(texts(xml, 'setSpec')).toEqual(['exercise']);
  });

  it('disseminates LOM records whose structure follows IEEE LOM (the schema is not available offline)', async () => {
    const xml = await valid(`verb=GetRecord&metadataPrefix=lom&identifier=oai:${host}:${marker.id}`);
    const lom = create(xml)
      .root()
      .find((node) => node.node.nodeName === 'lom', false, true);
    expect((lom?.node as Element | undefined)?.namespaceURI).toBe('http://ltsc.ieee.org/xsd/LOM');
    const record = lom?.toObject() as { lom: Record<string, Record<string, unknown>> };
    const general = record.lom.general as { title: { string: { '#': string } } };
    expect(general.title.string['#']).toBe('OAI harvest marker lab');
    const technical = record.lom.technical as { location: string; format: string };
    expect(technical.location).toBe(`${portal.baseUrl}/courseware/oai-harvest-marker-lab`);
    expect(technical.format).toBe('application/pdf');
    expect(JSON.stringify(record.lom.lifeCycle)).toContain('FN:Dr. Grace Hopper');
    expect(JSON.stringify(record.lom.rights)).toContain('CC BY-SA 4.0');
    expect(JSON.stringify(record.lom.classification)).toContain('K0070');
  });

  it('lists the sets, the formats, and a set harvest holds only items of that category', async () => {
    const sets = await valid('verb=ListSets');
    expect(texts(sets, 'setSpec')).toEqual(['course', 'module', 'lesson', 'exercise', 'environment']);
    const formats = await valid(`verb=ListMetadataFormats&identifier=oai:${host}:${marker.id}`);
    expect(texts(formats, 'metadataPrefix')).toEqual(['oai_dc', 'lom']);
    const { pages, ids } = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc&set=exercise');
    expect(ids).toContain(marker.id);
    for (const xml of pages) {
      const headers = xml.split('<header>').slice(1);
      for (const header of headers) expect(header).toContain('<setSpec>exercise</setSpec>');
    }
  });

  it('takes the arguments from a form body too', async () => {
    const xml = await valid('', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(`oai:${host}:${marker.id}`)}`,
    });
    expect(texts(xml, 'dc:title')).toEqual(['OAI harvest marker lab']);
  });

  it('shows a signed-in editor what a visitor sees: no unpublished item', async () => {
    const token = await portalTokenFor(portal, 'editor');
    const xml = await valid(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${hidden[0]?.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(errorCode(xml)).toBe('idDoesNotExist');
  });

  it.each([
    ['', 'badVerb'],
    ['verb=Harvest', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=lom', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2026-02-01T00:00:00Z', 'badArgument'],
    ['verb=ListIdentifiers&resumptionToken=bm90LWEtdG9rZW4', 'badResumptionToken'],
    ['verb=ListSets&resumptionToken=abc', 'badResumptionToken'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:1', 'idDoesNotExist'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=podcasts', 'noRecordsMatch'],
  ])('answers "%s" with a valid %s document', async (query, code) => {
    const xml = await valid(query);
    expect(errorCode(xml)).toBe(code);
  });
});
