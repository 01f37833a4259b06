import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { contentPath } from '#shared/content-address';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, type ContentCategory } from '#shared/enums';

/**
 * The OAI-PMH 2.0 repository of the published catalogue (issue 24 item 7; decision
 * record 054): a pure function from the request's arguments and the published items
 * to the response document. Sets are the content categories; metadata formats are
 * `oai_dc` and IEEE LOM (`lom`); deleted records are not kept (`deletedRecord` "no":
 * an item that stops being published simply stops being listed).
 */

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const OAI_SCHEMA = 'http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';
const DC_NS = 'http://purl.org/dc/elements/1.1/';
const OAI_ID_NS = 'http://www.openarchives.org/OAI/2.0/oai-identifier';
const OAI_ID_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai-identifier.xsd';
const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
const LOM_SCHEMA = 'http://ltsc.ieee.org/xsd/lomv1.0/lom.xsd';

/** The metadata formats every record can be disseminated in: prefix → [schema, namespace]. */
export const OAI_METADATA_FORMATS = {
  oai_dc: { schema: OAI_DC_SCHEMA, namespace: OAI_DC_NS },
  lom: { schema: LOM_SCHEMA, namespace: LOM_NS },
} as const;
export type OaiMetadataPrefix = keyof typeof OAI_METADATA_FORMATS;

/** Records (or headers) per ListRecords / ListIdentifiers page unless the caller says otherwise. */
export const OAI_PAGE_SIZE = 100;

/** One published item as the repository disseminates it (a subset of `ContentSummary`, plus its licence). */
export interface HarvestItem {
  readonly id: string;
  readonly name: string;
  readonly urlAlias: string;
  readonly categories: readonly ContentCategory[];
  readonly tags: readonly string[];
  /** Plain-text description. */
  readonly summary: string;
  /** Author line, null when none. */
  readonly author: string | null;
  /** ISO 8601 instants. */
  readonly createdTimestamp: string;
  readonly modifiedTimestamp: string;
  /** The item's licence (text or address); the site default when the item names none. */
  readonly licence: string;
}

/** What the repository says about itself in Identify. */
export interface OaiRepository {
  readonly repositoryName: string;
  /** Absolute address of the endpoint, e.g. `https://host/oai`. */
  readonly baseUrl: string;
  /** Absolute address of the site, without a trailing slash (content links are built on it). */
  readonly siteUrl: string;
  readonly adminEmail: string;
  /** The `repositoryIdentifier` of `oai:<repositoryIdentifier>:<id>` identifiers (the site's host name). */
  readonly repositoryIdentifier: string;
}

/** The request: each argument with every value it was given (a repeated argument is a badArgument). */
export type OaiArguments = Readonly<Record<string, readonly string[]>>;

/** The OAI-PMH error codes (protocol §3.6). `noSetHierarchy` and `noMetadataFormats` never arise here: sets exist, and every item has both formats. */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch';

class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const VERBS = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
} as const satisfies Record<
  string,
  { required: readonly string[]; optional: readonly string[]; exclusive?: 'resumptionToken' }
>;
type Verb = keyof typeof VERBS;

/** The state a resumption token carries: the list's arguments, where the last page ended, and the counts. */
interface TokenState {
  readonly verb: 'ListRecords' | 'ListIdentifiers';
  readonly metadataPrefix: OaiMetadataPrefix;
  readonly set: string | null;
  readonly from: string | null;
  /** The harvest's upper bound: the given `until`, or the first page's response instant (so the list is fixed). */
  readonly until: string;
  /** The (modifiedTimestamp, id) of the last item sent. */
  readonly afterStamp: string;
  readonly afterId: string;
  readonly cursor: number;
  readonly completeListSize: number;
}

function encodeToken(state: TokenState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function decodeToken(token: string, verb: Verb): TokenState {
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new OaiError('badResumptionToken', 'The resumption token is not one this repository issued.');
  }
  const s = state as Partial<TokenState> | null;
  if (
    !s ||
    typeof s !== 'object' ||
    s.verb !== verb ||
    !(typeof s.metadataPrefix === 'string' && s.metadataPrefix in OAI_METADATA_FORMATS) ||
    !(s.set === null || (typeof s.set === 'string' && isSet(s.set))) ||
    !(s.from === null || (typeof s.from === 'string' && parseDate(s.from, 'from') !== null)) ||
    typeof s.until !== 'string' ||
    typeof s.afterStamp !== 'string' ||
    typeof s.afterId !== 'string' ||
    !Number.isInteger(s.cursor) ||
    !Number.isInteger(s.completeListSize)
  ) {
    throw new OaiError('badResumptionToken', 'The resumption token is not one this repository issued.');
  }
  return s as TokenState;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A from/until argument as an ISO second (`…Z`), day granularity widened to the day's start (from) or end (until); null when malformed. */
function parseDate(value: string, bound: 'from' | 'until'): string | null {
  let iso: string;
  if (DAY.test(value)) iso = `${value}T${bound === 'from' ? '00:00:00' : '23:59:59'}Z`;
  else if (SECOND.test(value)) iso = value;
  else return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== iso.slice(0, 19)) return null;
  return iso;
}

/** An item's datestamp: its last modification, to the second (the repository's granularity). */
export function oaiDatestamp(item: Pick<HarvestItem, 'modifiedTimestamp'>): string {
  return `${new Date(item.modifiedTimestamp).toISOString().slice(0, 19)}Z`;
}

function isSet(value: string): value is ContentCategory {
  return (CONTENT_CATEGORIES as readonly string[]).includes(value);
}

/** The item's OAI identifier, `oai:<repositoryIdentifier>:<id>`. */
export function oaiIdentifier(repository: OaiRepository, id: string): string {
  return `oai:${repository.repositoryIdentifier}:${id}`;
}

function itemIdFromIdentifier(repository: OaiRepository, identifier: string): string | null {
  const prefix = `oai:${repository.repositoryIdentifier}:`;
  return identifier.startsWith(prefix) ? identifier.slice(prefix.length) : null;
}

/** Orders by (datestamp instant, id): the order every list is paged in. */
function compareItems(a: HarvestItem, b: HarvestItem): number {
  const stampA = oaiDatestamp(a);
  const stampB = oaiDatestamp(b);
  if (stampA !== stampB) return stampA < stampB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function single(args: OaiArguments, name: string): string | undefined {
  return args[name]?.[0];
}

/** Checks the arguments against the verb's rules (protocol §3.1, §4). @throws OaiError badVerb / badArgument. */
function checkArguments(args: OaiArguments): Verb {
  const verbs = args.verb ?? [];
  if (verbs.length !== 1) throw new OaiError('badVerb', verbs.length === 0 ? 'No verb was given.' : 'The verb was repeated.');
  const verb = verbs[0] as string;
  if (!Object.hasOwn(VERBS, verb)) throw new OaiError('badVerb', `"${verb}" is not an OAI-PMH verb.`);
  const rules: { required: readonly string[]; optional: readonly string[]; exclusive?: string } = VERBS[verb as Verb];
  for (const [name, values] of Object.entries(args)) {
    if (values.length > 1) throw new OaiError('badArgument', `The argument "${name}" was repeated.`);
    if (name === 'verb') continue;
    if (!rules.required.includes(name) && !rules.optional.includes(name) && rules.exclusive !== name) {
      throw new OaiError('badArgument', `${verb} takes no argument "${name}".`);
    }
  }
  if (rules.exclusive && args[rules.exclusive]) {
    if (Object.keys(args).length !== 2) {
      throw new OaiError('badArgument', 'resumptionToken is an exclusive argument: give it alone with the verb.');
    }
    return verb as Verb;
  }
  for (const name of rules.required) {
    if (single(args, name) === undefined) throw new OaiError('badArgument', `${verb} needs the argument "${name}".`);
  }
  return verb as Verb;
}

function checkPrefix(prefix: string): OaiMetadataPrefix {
  if (!Object.hasOwn(OAI_METADATA_FORMATS, prefix)) {
    throw new OaiError('cannotDisseminateFormat', `The metadata format "${prefix}" is not supported: use oai_dc or lom.`);
  }
  return prefix as OaiMetadataPrefix;
}

function findItem(repository: OaiRepository, items: readonly HarvestItem[], identifier: string): HarvestItem {
  const id = itemIdFromIdentifier(repository, identifier);
  const item = id === null ? undefined : items.find((candidate) => candidate.id === id);
  if (!item) throw new OaiError('idDoesNotExist', `"${identifier}" is not an identifier of this repository.`);
  return item;
}

/** The selection a new list request asks for. @throws OaiError badArgument, cannotDisseminateFormat. */
function newListState(
  verb: 'ListRecords' | 'ListIdentifiers',
  args: OaiArguments,
  now: Date,
): Omit<TokenState, 'completeListSize'> {
  const metadataPrefix = checkPrefix(single(args, 'metadataPrefix') as string);
  const fromArg = single(args, 'from');
  const untilArg = single(args, 'until');
  const from = fromArg === undefined ? null : parseDate(fromArg, 'from');
  const until = untilArg === undefined ? null : parseDate(untilArg, 'until');
  if (from === null && fromArg !== undefined) throw new OaiError('badArgument', `"${fromArg}" is not a valid from date.`);
  if (until === null && untilArg !== undefined) {
    throw new OaiError('badArgument', `"${untilArg}" is not a valid until date.`);
  }
  if (fromArg !== undefined && untilArg !== undefined && fromArg.length !== untilArg.length) {
    throw new OaiError('badArgument', 'from and until must have the same granularity.');
  }
  if (from !== null && until !== null && from > until) throw new OaiError('badArgument', 'from is later than until.');
  const set = single(args, 'set') ?? null;
  if (set !== null && !isSet(set)) {
    // Not an error code of its own: a set the repository does not have matches no records.
    throw new OaiError('noRecordsMatch', `There is no set "${set}".`);
  }
  const responseSecond = `${now.toISOString().slice(0, 19)}Z`;
  return {
    verb,
    metadataPrefix,
    set,
    from,
    until: until !== null && until < responseSecond ? until : responseSecond,
    afterStamp: '',
    afterId: '',
    cursor: 0,
  };
}

function selection(items: readonly HarvestItem[], state: Omit<TokenState, 'completeListSize'>): HarvestItem[] {
  return items
    .filter((item) => {
      const stamp = oaiDatestamp(item);
      if (state.from !== null && stamp < state.from) return false;
      if (stamp > state.until) return false;
      if (state.set !== null && !item.categories.includes(state.set as ContentCategory)) return false;
      return true;
    })
    .sort(compareItems);
}

function responseRoot(now: Date): XMLBuilder {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele(OAI_NS, 'OAI-PMH', { 'xmlns:xsi': XSI_NS, 'xsi:schemaLocation': `${OAI_NS} ${OAI_SCHEMA}` })
    .ele('responseDate')
    .txt(`${now.toISOString().slice(0, 19)}Z`)
    .up();
}

function header(parent: XMLBuilder, repository: OaiRepository, item: HarvestItem): void {
  const element = parent.ele('header');
  element.ele('identifier').txt(oaiIdentifier(repository, item.id));
  element.ele('datestamp').txt(oaiDatestamp(item));
  for (const category of item.categories) element.ele('setSpec').txt(category);
}

function contentUrl(repository: OaiRepository, item: HarvestItem): string {
  return `${repository.siteUrl}${contentPath(item)}`;
}

function dublinCore(parent: XMLBuilder, repository: OaiRepository, item: HarvestItem): void {
  const dc = parent.ele(OAI_DC_NS, 'oai_dc:dc', {
    'xmlns:dc': DC_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${OAI_DC_NS} ${OAI_DC_SCHEMA}`,
  });
  dc.ele(DC_NS, 'dc:title').txt(item.name);
  if (item.author) dc.ele(DC_NS, 'dc:creator').txt(item.author);
  for (const tag of item.tags) dc.ele(DC_NS, 'dc:subject').txt(tag);
  if (item.summary) dc.ele(DC_NS, 'dc:description').txt(item.summary);
  dc.ele(DC_NS, 'dc:publisher').txt(repository.repositoryName);
  dc.ele(DC_NS, 'dc:date').txt(item.createdTimestamp.slice(0, 10));
  for (const category of item.categories) dc.ele(DC_NS, 'dc:type').txt(CONTENT_CATEGORY_LABELS[category]);
  dc.ele(DC_NS, 'dc:identifier').txt(contentUrl(repository, item));
  dc.ele(DC_NS, 'dc:language').txt('en');
  dc.ele(DC_NS, 'dc:rights').txt(item.licence);
}

/** LOM learning resource types for the content categories (IEEE 1484.12.1 §5.2 vocabulary). */
const LOM_RESOURCE_TYPES: Record<ContentCategory, string> = {
  course: 'lecture',
  module: 'lecture',
  lesson: 'lecture',
  exercise: 'exercise',
  environment: 'simulation',
};

function lomVocabulary(parent: XMLBuilder, name: string, value: string): void {
  const element = parent.ele(name);
  element.ele('source').txt('LOMv1.0');
  element.ele('value').txt(value);
}

function lomString(parent: XMLBuilder, name: string, value: string): void {
  parent.ele(name).ele('string', { language: 'en' }).txt(value);
}

/** vCard 3.0 text escaping (RFC 2426 §4: backslash, comma, semicolon, newline). */
function vcardText(value: string): string {
  return value.replace(/[\\,;]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

function lom(parent: XMLBuilder, repository: OaiRepository, item: HarvestItem): void {
  const root = parent.ele(LOM_NS, 'lom', { 'xmlns:xsi': XSI_NS, 'xsi:schemaLocation': `${LOM_NS} ${LOM_SCHEMA}` });
  const general = root.ele('general');
  const identifier = general.ele('identifier');
  identifier.ele('catalog').txt('URI');
  identifier.ele('entry').txt(contentUrl(repository, item));
  lomString(general, 'title', item.name);
  general.ele('language').txt('en');
  if (item.summary) lomString(general, 'description', item.summary);
  for (const tag of item.tags) lomString(general, 'keyword', tag);
  if (item.author) {
    const contribute = root.ele('lifeCycle').ele('contribute');
    lomVocabulary(contribute, 'role', 'author');
    contribute.ele('entity').txt(`BEGIN:VCARD\nVERSION:3.0\nFN:${vcardText(item.author)}\nEND:VCARD`);
    contribute.ele('date').ele('dateTime').txt(oaiDatestamp({ modifiedTimestamp: item.createdTimestamp }));
  }
  const metaMetadata = root.ele('metaMetadata');
  const metaIdentifier = metaMetadata.ele('identifier');
  metaIdentifier.ele('catalog').txt('oai');
  metaIdentifier.ele('entry').txt(oaiIdentifier(repository, item.id));
  metaMetadata.ele('metadataSchema').txt('LOMv1.0');
  root.ele('technical').ele('location').txt(contentUrl(repository, item));
  const educational = root.ele('educational');
  for (const category of item.categories) lomVocabulary(educational, 'learningResourceType', LOM_RESOURCE_TYPES[category]);
  const rights = root.ele('rights');
  lomVocabulary(rights, 'cost', 'no');
  lomVocabulary(rights, 'copyrightAndOtherRestrictions', 'yes');
  lomString(rights, 'description', item.licence);
}

function metadata(parent: XMLBuilder, prefix: OaiMetadataPrefix, repository: OaiRepository, item: HarvestItem): void {
  const element = parent.ele('metadata');
  if (prefix === 'oai_dc') dublinCore(element, repository, item);
  else lom(element, repository, item);
}

/** The response of an OAI-PMH request (protocol §3): the XML document, always sent with HTTP 200. */
export interface OaiResponse {
  readonly xml: string;
  /** The error code when the response is an error (for logs and tests), else null. */
  readonly error: OaiErrorCode | null;
}

/**
 * Answers one OAI-PMH 2.0 request (issue 24 item 7; protocol version 2.0 §3-§4) over
 * `items`, the published catalogue (unpublished items must not be passed). Lists are
 * ordered by (datestamp, id) and paged by `pageSize`; a resumption token carries the
 * last (datestamp, id) sent and the harvest's upper bound (the first page's response
 * second), so one harvest sends each item at most once even when items change between
 * pages — an item changed during the harvest is picked up by the next `from` harvest.
 * Never throws for a bad request: protocol errors are answered in the document.
 */
export function answerOai(
  args: OaiArguments,
  items: readonly HarvestItem[],
  repository: OaiRepository,
  now: Date,
  pageSize: number = OAI_PAGE_SIZE,
): OaiResponse {
  const root = responseRoot(now);
  let verb: Verb | undefined;
  try {
    verb = checkArguments(args);
    const request = root.ele('request', Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v[0] as string])));
    request.txt(repository.baseUrl);
    answerVerb(root, verb, args, items, repository, now, pageSize);
    return { xml: root.end({ prettyPrint: false }), error: null };
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    const fresh = responseRoot(now);
    const plain = error.code === 'badVerb' || error.code === 'badArgument';
    fresh
      .ele(
        'request',
        plain ? {} : Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v[0] as string])),
      )
      .txt(repository.baseUrl);
    fresh.ele('error', { code: error.code }).txt(error.message);
    return { xml: fresh.end({ prettyPrint: false }), error: error.code };
  }
}

function answerVerb(
  root: XMLBuilder,
  verb: Verb,
  args: OaiArguments,
  items: readonly HarvestItem[],
  repository: OaiRepository,
  now: Date,
  pageSize: number,
): void {
  switch (verb) {
    case 'Identify': {
      const identify = root.ele('Identify');
      identify.ele('repositoryName').txt(repository.repositoryName);
      identify.ele('baseURL').txt(repository.baseUrl);
      identify.ele('protocolVersion').txt('2.0');
      identify.ele('adminEmail').txt(repository.adminEmail);
      const earliest = items.length === 0 ? now.toISOString() : [...items].sort(compareItems)[0]?.modifiedTimestamp;
      identify.ele('earliestDatestamp').txt(oaiDatestamp({ modifiedTimestamp: earliest ?? now.toISOString() }));
      identify.ele('deletedRecord').txt('no');
      identify.ele('granularity').txt('YYYY-MM-DDThh:mm:ssZ');
      const description = identify.ele('description');
      const id = description.ele(OAI_ID_NS, 'oai-identifier', {
        'xmlns:xsi': XSI_NS,
        'xsi:schemaLocation': `${OAI_ID_NS} ${OAI_ID_SCHEMA}`,
      });
      id.ele('scheme').txt('oai');
      id.ele('repositoryIdentifier').txt(repository.repositoryIdentifier);
      id.ele('delimiter').txt(':');
      id.ele('sampleIdentifier').txt(oaiIdentifier(repository, items[0]?.id ?? 'example'));
      return;
    }
    case 'ListMetadataFormats': {
      const identifier = single(args, 'identifier');
      if (identifier !== undefined) findItem(repository, items, identifier);
      const list = root.ele('ListMetadataFormats');
      for (const [prefix, format] of Object.entries(OAI_METADATA_FORMATS)) {
        const element = list.ele('metadataFormat');
        element.ele('metadataPrefix').txt(prefix);
        element.ele('schema').txt(format.schema);
        element.ele('metadataNamespace').txt(format.namespace);
      }
      return;
    }
    case 'ListSets': {
      if (single(args, 'resumptionToken') !== undefined) {
        throw new OaiError('badResumptionToken', 'ListSets is answered in one response; there is nothing to resume.');
      }
      const list = root.ele('ListSets');
      for (const category of CONTENT_CATEGORIES) {
        const set = list.ele('set');
        set.ele('setSpec').txt(category);
        set.ele('setName').txt(CONTENT_CATEGORY_LABELS[category]);
      }
      return;
    }
    case 'GetRecord': {
      const prefix = checkPrefix(single(args, 'metadataPrefix') as string);
      const item = findItem(repository, items, single(args, 'identifier') as string);
      const record = root.ele('GetRecord').ele('record');
      header(record, repository, item);
      metadata(record, prefix, repository, item);
      return;
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const token = single(args, 'resumptionToken');
      const state = token !== undefined ? decodeToken(token, verb) : newListState(verb, args, now);
      const selected = selection(items, state);
      const remaining =
        token === undefined
          ? selected
          : selected.filter((item) => {
              const stamp = oaiDatestamp(item);
              return stamp > state.afterStamp || (stamp === state.afterStamp && item.id > state.afterId);
            });
      if (remaining.length === 0) {
        if (token !== undefined) throw new OaiError('badResumptionToken', 'The resumption token has nothing left to list.');
        throw new OaiError('noRecordsMatch', 'No records match the request.');
      }
      const completeListSize = token === undefined ? selected.length : (state as TokenState).completeListSize;
      const page = remaining.slice(0, pageSize);
      const list = root.ele(verb);
      for (const item of page) {
        if (verb === 'ListIdentifiers') {
          header(list, repository, item);
        } else {
          const record = list.ele('record');
          header(record, repository, item);
          metadata(record, state.metadataPrefix, repository, item);
        }
      }
      const cursor = state.cursor;
      if (page.length < remaining.length) {
        const last = page[page.length - 1] as HarvestItem;
        const next = encodeToken({
          ...state,
          afterStamp: oaiDatestamp(last),
          afterId: last.id,
          cursor: cursor + page.length,
          completeListSize,
        });
        list.ele('resumptionToken', { completeListSize: String(completeListSize), cursor: String(cursor) }).txt(next);
      } else if (token !== undefined) {
        // The last page of a resumed list: an empty token says the list is complete (protocol §3.5).
        list.ele('resumptionToken', { completeListSize: String(completeListSize), cursor: String(cursor) });
      }
      return;
    }
  }
}
