import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { ContentCategory } from '#shared/enums';
import {
  answerOai,
  type HarvestItem,
  type OaiArguments,
  type OaiCatalogue,
  type OaiErrorCode,
  type OaiRepository,
  oaiArgumentsOf,
  oaiDatestamp,
  rightsStatement,
} from './oai-pmh.ts';

const REPOSITORY: OaiRepository = {
  repositoryName: 'US Cyber Range courseware',
  baseUrl: 'https://portal.example.org/api/v1/oai',
  siteUrl: 'https://portal.example.org',
  adminEmail: 'courseware-support@example.org',
  repositoryIdentifier: 'portal.example.org',
};
const NOW = new Date('2026-11-28T10:00:00.123Z');

function item(n: number, overrides: Partial<HarvestItem> = {}): HarvestItem {
  const id = `01jd3k4m5n6p7q8r9s0t1v${String(n).padStart(4, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1 + n, 12, 30, 15, 500)).toISOString();
  return {
    id,
    name: `Item ${n}`,
    urlAlias: `item-${n}`,
    categories: [(n % 2 === 0 ? 'lesson' : 'exercise') as ContentCategory],
    tags: ['ciphers'],
    description: `About item ${n} & <more>.`,
    creators: ['Ada Lovelace', 'Alan Turing'],
    subjects: [
      { scheme: 'NICE', id: 'K0001', name: 'Knowledge of networks' },
      { scheme: 'CAE', id: 'CSF', name: 'Cybersecurity Foundations' },
    ],
    createdTimestamp: at,
    modifiedTimestamp: at,
    licence: n === 3 ? 'MIT' : '',
    sourceUrl: n === 3 ? 'https://example.org/source' : null,
    copyrightNotice: n === 3 ? '© 2024 The authors' : null,
    formats: ['application/pdf'],
    ...overrides,
  };
}

/** A catalogue whose records can change between requests, counting record loads. */
function catalogueOf(items: HarvestItem[]): OaiCatalogue & { items: HarvestItem[]; loads: number } {
  const state = {
    items,
    loads: 0,
    get headers() {
      return [...state.items]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((i) => ({ id: i.id, datestamp: oaiDatestamp(i.modifiedTimestamp), sets: i.categories }));
    },
    async records(ids: readonly string[]) {
      state.loads += 1;
      return state.items.filter((i) => ids.includes(i.id));
    },
  };
  return state;
}

const TEN = Array.from({ length: 10 }, (_, n) => item(n + 1));

function args(query: string): OaiArguments {
  return oaiArgumentsOf(query);
}

async function ask(query: string, catalogue: OaiCatalogue = catalogueOf(TEN), pageSize = 4) {
  const answer = await answerOai(args(query), catalogue, { repository: REPOSITORY, now: NOW, pageSize });
  return { ...answer, doc: create(answer.xml).end({ format: 'object' }) as Record<string, unknown> };
}

function errorOf(xml: string): { code: OaiErrorCode | null; requestAttributes: string } {
  const code = /<error code="(\w+)">/.exec(xml)?.[1] as OaiErrorCode | undefined;
  const request = /<request([^>]*)>/.exec(xml)?.[1] ?? '';
  return { code: code ?? null, requestAttributes: request.trim() };
}

function all(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1] as string);
}

function tokenOf(xml: string): { token: string | null; completeListSize: number; cursor: number } | null {
  const match = /<resumptionToken completeListSize="(\d+)" cursor="(\d+)"(?:\/>|>([^<]*)<\/resumptionToken>)/.exec(xml);
  if (!match) return null;
  return { token: match[3] ?? null, completeListSize: Number(match[1]), cursor: Number(match[2]) };
}

describe('answerOai: the verbs', () => {
  it('identifies the repository: name, base URL, 2.0, earliest datestamp, no deleted records, seconds', async () => {
    const { xml, error } = await ask('verb=Identify');
    expect(error).toBeNull();
    expect(xml).toContain('<responseDate>2026-11-28T10:00:00Z</responseDate>');
    expect(xml).toContain('<request verb="Identify">https://portal.example.org/api/v1/oai</request>');
    expect(all(xml, 'repositoryName')).toEqual(['US Cyber Range courseware']);
    expect(all(xml, 'baseURL')).toEqual(['https://portal.example.org/api/v1/oai']);
    expect(all(xml, 'protocolVersion')).toEqual(['2.0']);
    expect(all(xml, 'adminEmail')).toEqual(['courseware-support@example.org']);
    expect(all(xml, 'earliestDatestamp')).toEqual(['2026-01-02T12:30:15Z']);
    expect(all(xml, 'deletedRecord')).toEqual(['no']);
    expect(all(xml, 'granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
  });

  it('lists oai_dc and lom, for the repository and for one item', async () => {
    for (const query of [
      'verb=ListMetadataFormats',
      `verb=ListMetadataFormats&identifier=oai:portal.example.org:${TEN[0]?.id}`,
    ]) {
      const { xml, error } = await ask(query);
      expect(error).toBeNull();
      expect(all(xml, 'metadataPrefix')).toEqual(['oai_dc', 'lom']);
      expect(all(xml, 'schema')).toEqual([
        'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
        'http://ltsc.ieee.org/xsd/lomv1.0/lom.xsd',
      ]);
      expect(all(xml, 'metadataNamespace')).toEqual([
        'http://www.openarchives.org/OAI/2.0/oai_dc/',
        'http://ltsc.ieee.org/xsd/LOM',
      ]);
    }
  });

  it('lists one set per content category', async () => {
    const { xml } = await ask('verb=ListSets');
    expect(all(xml, 'setSpec')).toEqual(['course', 'module', 'lesson', 'exercise', 'environment']);
    expect(all(xml, 'setName')).toEqual(['Course', 'Module', 'Lesson', 'Exercise', 'Environment']);
  });

  it('gets one record in Dublin Core: title, creators, subjects, description, date, type, format, identifier, language, rights', async () => {
    const three = TEN[2] as HarvestItem;
    const { xml, error } = await ask(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:portal.example.org:${three.id}`,
    );
    expect(error).toBeNull();
    expect(all(xml, 'identifier')).toEqual([`oai:portal.example.org:${three.id}`]);
    expect(all(xml, 'datestamp')).toEqual(['2026-01-04T12:30:15Z']);
    expect(all(xml, 'setSpec')).toEqual(['exercise']);
    expect(all(xml, 'dc:title')).toEqual(['Item 3']);
    expect(all(xml, 'dc:creator')).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(all(xml, 'dc:subject')).toEqual([
      'ciphers',
      'NICE K0001: Knowledge of networks',
      'CAE CSF: Cybersecurity Foundations',
    ]);
    expect(all(xml, 'dc:description')).toEqual(['About item 3 &amp; &lt;more&gt;.']);
    expect(all(xml, 'dc:date')).toEqual(['2026-01-04']);
    expect(all(xml, 'dc:type')).toEqual(['Exercise', 'InteractiveResource']);
    expect(all(xml, 'dc:format')).toEqual(['application/pdf']);
    expect(all(xml, 'dc:identifier')).toEqual(['https://portal.example.org/courseware/item-3']);
    expect(all(xml, 'dc:source')).toEqual(['https://example.org/source']);
    expect(all(xml, 'dc:language')).toEqual(['en']);
    expect(all(xml, 'dc:rights')).toEqual([
      'MIT License (MIT), https://spdx.org/licenses/MIT.html. © 2024 The authors',
    ]);
  });

  it('gets one record in IEEE LOM, in the LOM namespace', async () => {
    const one = TEN[0] as HarvestItem;
    const { xml, error } = await ask(`verb=GetRecord&metadataPrefix=lom&identifier=oai:portal.example.org:${one.id}`);
    expect(error).toBeNull();
    const lom = create(xml)
      .root()
      .find((node) => node.node.nodeName === 'lom', false, true);
    expect((lom?.node as Element | undefined)?.namespaceURI).toBe('http://ltsc.ieee.org/xsd/LOM');
    const object = lom?.toObject() as { lom: Record<string, unknown> };
    const children = Object.keys(object.lom).filter((key) => !key.startsWith('@'));
    expect(children).toEqual([
      'general',
      'lifeCycle',
      'metaMetadata',
      'technical',
      'educational',
      'rights',
      'classification',
    ]);
    expect(xml).toContain('<title><string language="en">Item 1</string></title>');
    expect(xml).toContain('<entity>BEGIN:VCARD\nVERSION:3.0\nFN:Ada Lovelace\nEND:VCARD</entity>');
    expect(xml).toContain(
      '<learningResourceType><source>LOMv1.0</source><value>exercise</value></learningResourceType>',
    );
    expect(xml).toContain(
      '<description><string language="en">Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International (CC BY-NC-SA 4.0), https://creativecommons.org/licenses/by-nc-sa/4.0/</string></description>',
    );
    expect(xml).toContain(
      '<taxon><id>K0001</id><entry><string language="en">Knowledge of networks</string></entry></taxon>',
    );
  });

  it('lists identifiers without loading a record, and records with one load per page', async () => {
    const catalogue = catalogueOf(TEN);
    const identifiers = await ask('verb=ListIdentifiers&metadataPrefix=oai_dc', catalogue);
    expect(all(identifiers.xml, 'identifier')).toHaveLength(4);
    expect(identifiers.xml).not.toContain('<metadata>');
    expect(catalogue.loads).toBe(0);
    const records = await ask('verb=ListRecords&metadataPrefix=lom', catalogue);
    expect(all(records.xml, 'dc:title')).toEqual([]);
    expect(records.xml.match(/<record>/g)).toHaveLength(4);
    expect(catalogue.loads).toBe(1);
  });

  it('selects by from, until (day or second granularity) and set', async () => {
    const ids = async (query: string) => all((await ask(query, catalogueOf(TEN), 100)).xml, 'identifier');
    const idOf = (n: number) => `oai:portal.example.org:${TEN[n - 1]?.id}`;
    expect(await ids('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-05&until=2026-01-06')).toEqual([
      idOf(4),
      idOf(5),
    ]);
    expect(
      await ids('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-05T12:30:15Z&until=2026-01-05T12:30:15Z'),
    ).toEqual([idOf(4)]);
    expect(await ids('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-05T12:30:16Z&until=2026-01-07')).toEqual(
      [],
    );
    expect(await ids('verb=ListRecords&metadataPrefix=oai_dc&set=lesson&until=2026-01-06')).toEqual([idOf(2), idOf(4)]);
  });
});

describe('answerOai: resumption tokens', () => {
  it('pages a list with cursor and completeListSize, ending with an empty token', async () => {
    const catalogue = catalogueOf(TEN);
    const first = await ask('verb=ListRecords&metadataPrefix=oai_dc', catalogue);
    expect(tokenOf(first.xml)).toMatchObject({ completeListSize: 10, cursor: 0 });
    const second = await ask(`verb=ListRecords&resumptionToken=${tokenOf(first.xml)?.token}`, catalogue);
    expect(second.xml).toContain(`<request verb="ListRecords" resumptionToken="${tokenOf(first.xml)?.token}">`);
    expect(tokenOf(second.xml)).toMatchObject({ completeListSize: 10, cursor: 4 });
    const third = await ask(`verb=ListRecords&resumptionToken=${tokenOf(second.xml)?.token}`, catalogue);
    expect(tokenOf(third.xml)).toEqual({ token: null, completeListSize: 10, cursor: 8 });
    expect(all(third.xml, 'identifier')).toHaveLength(2);
  });

  it('sends no token when the first page holds the whole list', async () => {
    const { xml } = await ask('verb=ListIdentifiers&metadataPrefix=oai_dc', catalogueOf(TEN), 10);
    expect(tokenOf(xml)).toBeNull();
  });

  it('covers the catalogue exactly once while items change, appear and disappear between pages', async () => {
    const catalogue = catalogueOf([...TEN]);
    const seen: string[] = [];
    let query = 'verb=ListRecords&metadataPrefix=oai_dc';
    for (let page = 0; page < 10; page += 1) {
      const { xml, error } = await ask(query, catalogue, 3);
      expect(error).toBeNull();
      seen.push(...all(xml, 'identifier').map((identifier) => identifier.split(':')[2] as string));
      if (page === 0) {
        // An item already sent and one not yet sent are both modified now; a new one is published.
        const modified = (i: HarvestItem) => ({ ...i, modifiedTimestamp: '2026-11-28T09:59:00.000Z' });
        catalogue.items = catalogue.items.map((i, n) => (n === 0 || n === 7 ? modified(i) : i));
        catalogue.items.push(item(11));
        // One not yet sent is unpublished.
        catalogue.items = catalogue.items.filter((i) => i.id !== TEN[5]?.id);
      }
      const next = tokenOf(xml)?.token;
      if (!next) break;
      query = `verb=ListRecords&resumptionToken=${next}`;
    }
    const expected = [...TEN.filter((i) => i.id !== TEN[5]?.id), item(11)].map((i) => i.id);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps the selection of the first request in the token', async () => {
    const catalogue = catalogueOf(TEN);
    const first = await ask('verb=ListIdentifiers&metadataPrefix=lom&set=exercise', catalogue, 2);
    const second = await ask(`verb=ListIdentifiers&resumptionToken=${tokenOf(first.xml)?.token}`, catalogue, 2);
    expect(all(`${first.xml}${second.xml}`, 'setSpec')).toEqual(['exercise', 'exercise', 'exercise', 'exercise']);
    expect(tokenOf(second.xml)).toMatchObject({ completeListSize: 5, cursor: 2 });
  });

  it('leaves out a record unpublished since the catalogue was read, and goes on to the next', async () => {
    const catalogue = catalogueOf(TEN);
    const firstFour = new Set(TEN.slice(0, 4).map((i) => i.id));
    const stale: OaiCatalogue = {
      headers: catalogue.headers,
      records: async (ids) => (await catalogue.records(ids)).filter((i) => !firstFour.has(i.id)),
    };
    const { xml, error } = await ask('verb=ListRecords&metadataPrefix=oai_dc', stale);
    expect(error).toBeNull();
    expect(all(xml, 'dc:title')).toEqual(['Item 5', 'Item 6', 'Item 7', 'Item 8']);
  });
});

describe('answerOai: the error codes', () => {
  const id = `oai:portal.example.org:${TEN[0]?.id}`;
  it.each([
    ['no verb', '', 'badVerb'],
    ['an unknown verb', 'verb=ListEverything', 'badVerb'],
    ['a repeated verb', 'verb=Identify&verb=Identify', 'badVerb'],
    ['an argument Identify does not take', 'verb=Identify&set=lesson', 'badArgument'],
    ['a repeated argument', 'verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['a missing metadataPrefix', 'verb=ListRecords', 'badArgument'],
    ['GetRecord without identifier', 'verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
    [
      'a resumptionToken with other arguments',
      'verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x',
      'badArgument',
    ],
    ['a malformed from', 'verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01', 'badArgument'],
    [
      'a finer granularity than seconds',
      'verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01T00:00:00.000Z',
      'badArgument',
    ],
    [
      'from and until of different granularity',
      'verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2026-02-01T00:00:00Z',
      'badArgument',
    ],
    ['from after until', 'verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01&until=2026-01-01', 'badArgument'],
    ['a set that is no set spec', 'verb=ListRecords&metadataPrefix=oai_dc&set=a b', 'badArgument'],
    ['a prefix with illegal characters', 'verb=ListRecords&metadataPrefix=oai dc', 'badArgument'],
    ['a token that is not one', 'verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
    ['a token of ListSets', 'verb=ListSets&resumptionToken=abc', 'badResumptionToken'],
    ['an unknown format in a list', 'verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    [
      'an unknown format in GetRecord',
      `verb=GetRecord&metadataPrefix=marc21&identifier=${id}`,
      'cannotDisseminateFormat',
    ],
    [
      'an unknown identifier',
      'verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:portal.example.org:nope',
      'idDoesNotExist',
    ],
    [
      'another repository’s identifier',
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:other.org:${TEN[0]?.id}`,
      'idDoesNotExist',
    ],
    [
      'formats of an unknown identifier',
      'verb=ListMetadataFormats&identifier=oai:portal.example.org:nope',
      'idDoesNotExist',
    ],
    ['an empty selection', 'verb=ListIdentifiers&metadataPrefix=oai_dc&from=2027-01-01', 'noRecordsMatch'],
    ['a set the repository does not have', 'verb=ListRecords&metadataPrefix=oai_dc&set=podcast', 'noRecordsMatch'],
  ] as const)('answers %s with %s', async (_what, query, code) => {
    const { xml, error } = await ask(query);
    expect(error).toBe(code);
    expect(errorOf(xml).code).toBe(code);
    // Protocol §3.2: no request attributes after badVerb or badArgument; the request's own otherwise.
    if (code === 'badVerb' || code === 'badArgument') expect(errorOf(xml).requestAttributes).toBe('');
    else expect(errorOf(xml).requestAttributes).toContain('verb="');
  });

  it('refuses a token of ListIdentifiers given to ListRecords, and a token edited by hand', async () => {
    const first = await ask('verb=ListIdentifiers&metadataPrefix=oai_dc');
    const token = tokenOf(first.xml)?.token as string;
    expect((await ask(`verb=ListRecords&resumptionToken=${token}`)).error).toBe('badResumptionToken');
    const edited = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...edited, p: 'marc21' })).toString('base64url');
    expect((await ask(`verb=ListIdentifiers&resumptionToken=${forged}`)).error).toBe('badResumptionToken');
  });

  it('answers noRecordsMatch for a list of an empty catalogue', async () => {
    expect((await ask('verb=ListRecords&metadataPrefix=oai_dc', catalogueOf([]))).error).toBe('noRecordsMatch');
  });
});

describe('oaiArgumentsOf and rightsStatement', () => {
  it('keeps every value of a repeated argument and decodes the form encoding', () => {
    expect(oaiArgumentsOf('verb=GetRecord&identifier=oai%3Ax%3A1&verb=Identify&set=a+b')).toEqual({
      verb: ['GetRecord', 'Identify'],
      identifier: ['oai:x:1'],
      set: ['a b'],
    });
  });

  it('names a licence it does not know by its own text', () => {
    expect(rightsStatement({ licence: 'Apache-2.0', copyrightNotice: null })).toBe('Apache-2.0');
  });
});
