import { contentPath } from '#shared/content-address';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, type ContentCategory } from '#shared/enums';
import { knownLicence } from '#shared/licences';
import { XmlElement, xmlDocument } from './xml-writer.ts';

/**
 * The OAI-PMH 2.0 repository of the published catalogue (issue 24 item 7; decision
 * record 054): pure functions from a request's arguments, the published items'
 * headers and a loader of their records to the response document. Sets are the
 * content categories; metadata formats are `oai_dc` and IEEE LOM (`lom`); deleted
 * records are not kept (`deletedRecord` "no": an item that stops being published
 * simply stops being listed, and drafts are never named, not even as deleted).
 */

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const OAI_SCHEMA = 'http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';
const DC_NS = 'http://purl.org/dc/elements/1.1/';
const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
const LOM_SCHEMA = 'http://ltsc.ieee.org/xsd/lomv1.0/lom.xsd';

/** The metadata formats every record can be disseminated in: prefix → schema and namespace. */
export const OAI_METADATA_FORMATS = {
  oai_dc: { schema: OAI_DC_SCHEMA, namespace: OAI_DC_NS },
  lom: { schema: LOM_SCHEMA, namespace: LOM_NS },
} as const;
export type OaiMetadataPrefix = keyof typeof OAI_METADATA_FORMATS;

/** Records (or headers) per ListRecords / ListIdentifiers page unless the caller says otherwise. */
export const OAI_PAGE_SIZE = 100;

/** The language of every record: the catalogue's courseware is written in English (decision record 054). */
export const OAI_RECORD_LANGUAGE = 'en';

/** The granularity of datestamps and of from/until (protocol §3.3.2: seconds, UTC). */
export const OAI_GRANULARITY = 'YYYY-MM-DDThh:mm:ssZ';

/** What a list or Identify needs of one published item: its id, datestamp and sets. */
export interface OaiHeader {
  readonly id: string;
  /** Last modification, `YYYY-MM-DDThh:mm:ssZ` ({@link oaiDatestamp}). */
  readonly datestamp: string;
  readonly sets: readonly ContentCategory[];
}

/** A NICE (KSA, TKS) or CAE (knowledge unit) item an item is mapped to. */
export interface HarvestSubject {
  readonly scheme: 'NICE' | 'CAE';
  readonly id: string;
  readonly name: string;
}

/** One published item as the repository disseminates it (from its content record). */
export interface HarvestItem {
  readonly id: string;
  readonly name: string;
  readonly urlAlias: string;
  readonly categories: readonly ContentCategory[];
  readonly tags: readonly string[];
  /** Plain-text description ('' for none). */
  readonly description: string;
  /** Display names of the contributors, in their order. */
  readonly creators: readonly string[];
  readonly subjects: readonly HarvestSubject[];
  /** ISO 8601 instants. */
  readonly createdTimestamp: string;
  readonly modifiedTimestamp: string;
  /** The item's own licence text ('' is the portal's default, `knownLicence`). */
  readonly licence: string;
  readonly sourceUrl: string | null;
  readonly copyrightNotice: string | null;
  /** Media types of the item's files, without duplicates. */
  readonly formats: readonly string[];
}

/** The published catalogue the repository answers from. */
export interface OaiCatalogue {
  /** Every published item's header, in ascending id order (the order lists are paged in). */
  readonly headers: readonly OaiHeader[];
  /** The records of these ids that are still published (missing ones absent, any order). */
  records(ids: readonly string[]): Promise<readonly HarvestItem[]>;
}

/** What the repository says about itself in Identify. */
export interface OaiRepository {
  readonly repositoryName: string;
  /** Absolute address of the endpoint, e.g. `https://host/api/v1/oai`. */
  readonly baseUrl: string;
  /** Absolute address of the site, without a trailing slash (content links are built on it). */
  readonly siteUrl: string;
  readonly adminEmail: string;
  /** The `<host>` of `oai:<host>:<id>` identifiers: the site's host name. */
  readonly repositoryIdentifier: string;
}

/** The request: each argument with every value it was given (a repeated argument is a badArgument). */
export type OaiArguments = Readonly<Record<string, readonly string[]>>;

/**
 * The arguments of a query string or an `application/x-www-form-urlencoded` body
 * (protocol §3.1.1), every value of a repeated name kept.
 */
export function oaiArgumentsOf(encoded: string): OaiArguments {
  const args: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    if (Object.hasOwn(args, name)) (args[name] as string[]).push(value);
    else args[name] = [value];
  }
  return args;
}

/**
 * The OAI-PMH error codes (protocol §3.6) this repository answers. `noSetHierarchy`
 * never arises (the repository has sets) and neither does `noMetadataFormats` (every
 * item is disseminated in both formats).
 */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch';

class OaiError extends Error {
  override readonly name = 'OaiError';
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type ListVerb = 'ListRecords' | 'ListIdentifiers';

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

/** The selection of a list and where its next page starts: what a resumption token carries. */
interface ListState {
  readonly verb: ListVerb;
  readonly metadataPrefix: OaiMetadataPrefix;
  readonly set: ContentCategory | null;
  /** Bounds as `YYYY-MM-DDThh:mm:ssZ` (a day widened to its first or last second), null when not given. */
  readonly from: string | null;
  readonly until: string | null;
  /** The id of the last item sent ('' before the first page). */
  readonly afterId: string;
  /** Items sent before the next page. */
  readonly cursor: number;
}

// Short keys: the token travels in every harvester's address.
interface TokenJson {
  v: ListVerb;
  p: OaiMetadataPrefix;
  s: string | null;
  f: string | null;
  u: string | null;
  a: string;
  c: number;
}

function encodeToken(state: ListState): string {
  const json: TokenJson = {
    v: state.verb,
    p: state.metadataPrefix,
    s: state.set,
    f: state.from,
    u: state.until,
    a: state.afterId,
    c: state.cursor,
  };
  return Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');
}

const BAD_TOKEN = 'The resumption token is not one this repository issued for this verb.';

function decodeToken(token: string, verb: ListVerb): ListState {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(token)) throw new OaiError('badResumptionToken', BAD_TOKEN);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new OaiError('badResumptionToken', BAD_TOKEN);
  }
  const t = json as Partial<TokenJson> | null;
  const stamp = (value: unknown) => value === null || (typeof value === 'string' && isSecond(value));
  if (
    typeof t !== 'object' ||
    t === null ||
    Array.isArray(t) ||
    Object.keys(t).length !== 7 ||
    t.v !== verb ||
    typeof t.p !== 'string' ||
    !Object.hasOwn(OAI_METADATA_FORMATS, t.p) ||
    !(t.s === null || (typeof t.s === 'string' && isSet(t.s))) ||
    !stamp(t.f) ||
    !stamp(t.u) ||
    typeof t.a !== 'string' ||
    t.a === '' ||
    !Number.isSafeInteger(t.c) ||
    (t.c as number) < 1
  ) {
    throw new OaiError('badResumptionToken', BAD_TOKEN);
  }
  return {
    verb,
    metadataPrefix: t.p as OaiMetadataPrefix,
    set: (t.s ?? null) as ContentCategory | null,
    from: t.f ?? null,
    until: t.u ?? null,
    afterId: t.a,
    cursor: t.c as number,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function isSecond(value: string): boolean {
  if (!SECOND.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

/** A from/until argument as a second (`…Z`): a day widened to its first (from) or last (until) second; null when malformed. */
function parseDate(value: string, bound: 'from' | 'until'): string | null {
  const iso = DAY.test(value) ? `${value}T${bound === 'from' ? '00:00:00' : '23:59:59'}Z` : value;
  return isSecond(iso) ? iso : null;
}

/**
 * An item's datestamp (protocol §2.7.1): its last modification to the second, UTC,
 * `YYYY-MM-DDThh:mm:ssZ`.
 * @throws RangeError for a timestamp that is not a date.
 */
export function oaiDatestamp(modifiedTimestamp: string): string {
  return `${new Date(modifiedTimestamp).toISOString().slice(0, 19)}Z`;
}

function isSet(value: string): value is ContentCategory {
  return (CONTENT_CATEGORIES as readonly string[]).includes(value);
}

/** The item's OAI identifier, `oai:<repositoryIdentifier>:<id>` (decision record 054). */
export function oaiIdentifier(repository: Pick<OaiRepository, 'repositoryIdentifier'>, id: string): string {
  return `oai:${repository.repositoryIdentifier}:${id}`;
}

function itemIdOf(repository: OaiRepository, identifier: string): string | null {
  const prefix = `oai:${repository.repositoryIdentifier}:`;
  return identifier.startsWith(prefix) ? identifier.slice(prefix.length) : null;
}

/** The index of the first header with an id above `id` (headers ascend by id). */
function firstAfter(headers: readonly OaiHeader[], id: string): number {
  let low = 0;
  let high = headers.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((headers[mid] as OaiHeader).id <= id) low = mid + 1;
    else high = mid;
  }
  return low;
}

function single(args: OaiArguments, name: string): string | undefined {
  return args[name]?.[0];
}

/** Syntax of `metadataPrefix` and of a set spec's parts in the OAI-PMH schema. */
const PREFIX_SYNTAX = /^[A-Za-z0-9\-_.!~*'()]+$/;

/** Checks the arguments against the verb's rules (protocol §3.1.1, §4). @throws OaiError badVerb / badArgument. */
function checkArguments(args: OaiArguments): Verb {
  const verbs = args.verb ?? [];
  if (verbs.length === 0) throw new OaiError('badVerb', 'The verb argument is missing.');
  if (verbs.length > 1) throw new OaiError('badVerb', 'The verb argument was repeated.');
  const verb = verbs[0] as string;
  if (!Object.hasOwn(VERBS, verb))
    throw new OaiError('badVerb', 'The value of the verb argument is not a legal OAI-PMH verb.');
  const rules: { required: readonly string[]; optional: readonly string[]; exclusive?: string } = VERBS[verb as Verb];
  for (const [name, values] of Object.entries(args)) {
    if (values.length > 1) throw new OaiError('badArgument', `The argument "${name}" was repeated.`);
    if (name === 'verb') continue;
    if (!rules.required.includes(name) && !rules.optional.includes(name) && rules.exclusive !== name) {
      throw new OaiError('badArgument', `${verb} does not take the argument "${name}".`);
    }
  }
  if (rules.exclusive !== undefined && args[rules.exclusive] !== undefined) {
    if (Object.keys(args).length !== 2) {
      throw new OaiError('badArgument', 'resumptionToken is an exclusive argument: give it alone with the verb.');
    }
    return verb as Verb;
  }
  for (const name of rules.required) {
    if (single(args, name) === undefined) throw new OaiError('badArgument', `${verb} needs the argument "${name}".`);
  }
  const prefix = single(args, 'metadataPrefix');
  if (prefix !== undefined && !PREFIX_SYNTAX.test(prefix)) {
    throw new OaiError('badArgument', 'The metadataPrefix has characters a prefix may not have.');
  }
  return verb as Verb;
}

function checkPrefix(prefix: string): OaiMetadataPrefix {
  if (!Object.hasOwn(OAI_METADATA_FORMATS, prefix)) {
    throw new OaiError(
      'cannotDisseminateFormat',
      `The metadata format "${prefix}" is not supported: use oai_dc or lom.`,
    );
  }
  return prefix as OaiMetadataPrefix;
}

function findHeader(repository: OaiRepository, headers: readonly OaiHeader[], identifier: string): OaiHeader {
  const id = itemIdOf(repository, identifier);
  const at = id === null ? -1 : firstAfter(headers, id) - 1;
  const header = at >= 0 ? headers[at] : undefined;
  if (!header || header.id !== id) {
    throw new OaiError('idDoesNotExist', 'The identifier is unknown or illegal in this repository.');
  }
  return header;
}

/** The selection a new list request asks for. @throws OaiError badArgument, cannotDisseminateFormat, noRecordsMatch. */
function newListState(verb: ListVerb, args: OaiArguments): ListState {
  const fromArg = single(args, 'from');
  const untilArg = single(args, 'until');
  const from = fromArg === undefined ? null : parseDate(fromArg, 'from');
  const until = untilArg === undefined ? null : parseDate(untilArg, 'until');
  if (fromArg !== undefined && from === null)
    throw new OaiError('badArgument', 'The from argument is not a valid date.');
  if (untilArg !== undefined && until === null) {
    throw new OaiError('badArgument', 'The until argument is not a valid date.');
  }
  if (fromArg !== undefined && untilArg !== undefined && fromArg.length !== untilArg.length) {
    throw new OaiError('badArgument', 'The from and until arguments must have the same granularity.');
  }
  if (from !== null && until !== null && from > until) {
    throw new OaiError('badArgument', 'The from argument is later than the until argument.');
  }
  const setArg = single(args, 'set');
  if (setArg !== undefined && !/^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/.test(setArg)) {
    throw new OaiError('badArgument', 'The set argument is not a set spec.');
  }
  const metadataPrefix = checkPrefix(single(args, 'metadataPrefix') as string);
  // A set spec the repository does not have selects nothing (protocol §3.6 noRecordsMatch).
  if (setArg !== undefined && !isSet(setArg)) throw new OaiError('noRecordsMatch', `There is no set "${setArg}".`);
  return { verb, metadataPrefix, set: setArg ?? null, from, until, afterId: '', cursor: 0 };
}

function selects(state: ListState, header: OaiHeader): boolean {
  if (state.from !== null && header.datestamp < state.from) return false;
  if (state.until !== null && header.datestamp > state.until) return false;
  return state.set === null || header.sets.includes(state.set);
}

function secondOf(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

function envelope(now: Date): XmlElement {
  const root = new XmlElement('OAI-PMH', {
    xmlns: OAI_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${OAI_NS} ${OAI_SCHEMA}`,
  });
  root.ele('responseDate').txt(secondOf(now));
  return root;
}

function writeHeader(parent: XmlElement, repository: OaiRepository, header: OaiHeader): void {
  const element = parent.ele('header');
  element.ele('identifier').txt(oaiIdentifier(repository, header.id));
  element.ele('datestamp').txt(header.datestamp);
  for (const set of header.sets) element.ele('setSpec').txt(set);
}

function headerOf(item: HarvestItem): OaiHeader {
  return { id: item.id, datestamp: oaiDatestamp(item.modifiedTimestamp), sets: item.categories };
}

function contentUrl(repository: OaiRepository, item: HarvestItem): string {
  return `${repository.siteUrl}${contentPath(item)}`;
}

/** The item's rights statement: the known licence's name and address, else its own text; then its copyright notice. */
export function rightsStatement(item: Pick<HarvestItem, 'licence' | 'copyrightNotice'>): string {
  const known = knownLicence(item.licence);
  const licence = known ? `${known.name} (${known.short}), ${known.url}` : item.licence.trim();
  return [licence, item.copyrightNotice?.trim()].filter(Boolean).join('. ');
}

function subjectText(subject: HarvestSubject): string {
  return `${subject.scheme} ${subject.id}: ${subject.name}`;
}

function dublinCore(parent: XmlElement, repository: OaiRepository, item: HarvestItem): void {
  const dc = parent.ele('oai_dc:dc', {
    'xmlns:oai_dc': OAI_DC_NS,
    'xmlns:dc': DC_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${OAI_DC_NS} ${OAI_DC_SCHEMA}`,
  });
  const add = (name: string, value: string) => dc.ele(`dc:${name}`).txt(value);
  add('title', item.name);
  for (const creator of item.creators) add('creator', creator);
  for (const tag of item.tags) add('subject', tag);
  for (const subject of item.subjects) add('subject', subjectText(subject));
  if (item.description) add('description', item.description);
  add('publisher', repository.repositoryName);
  add('date', item.createdTimestamp.slice(0, 10));
  for (const category of item.categories) add('type', CONTENT_CATEGORY_LABELS[category]);
  add('type', 'InteractiveResource');
  for (const format of item.formats) add('format', format);
  add('identifier', contentUrl(repository, item));
  if (item.sourceUrl) add('source', item.sourceUrl);
  add('language', OAI_RECORD_LANGUAGE);
  add('rights', rightsStatement(item));
}

/** LOM learning resource types for the content categories (IEEE 1484.12.1 §5.2 vocabulary). */
const LOM_RESOURCE_TYPES: Record<ContentCategory, string> = {
  course: 'lecture',
  module: 'lecture',
  lesson: 'lecture',
  exercise: 'exercise',
  environment: 'simulation',
};

function lomVocabulary(parent: XmlElement, name: string, value: string): void {
  const element = parent.ele(name);
  element.ele('source').txt('LOMv1.0');
  element.ele('value').txt(value);
}

function lomString(parent: XmlElement, name: string, value: string): void {
  parent.ele(name).ele('string', { language: OAI_RECORD_LANGUAGE }).txt(value);
}

/** vCard 3.0 text escaping (RFC 2426 §4: backslash, comma, semicolon, newline). */
function vcardText(value: string): string {
  return value.replace(/[\\,;]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

function lom(parent: XmlElement, repository: OaiRepository, item: HarvestItem): void {
  // The LOM elements are in the LOM namespace as the default one (IEEE 1484.12.3 XML binding).
  const root = parent.ele('lom', { xmlns: LOM_NS, 'xsi:schemaLocation': `${LOM_NS} ${LOM_SCHEMA}` });
  const general = root.ele('general');
  const identifier = general.ele('identifier');
  identifier.ele('catalog').txt('URI');
  identifier.ele('entry').txt(contentUrl(repository, item));
  lomString(general, 'title', item.name);
  general.ele('language').txt(OAI_RECORD_LANGUAGE);
  if (item.description) lomString(general, 'description', item.description);
  for (const tag of item.tags) lomString(general, 'keyword', tag);
  if (item.creators.length > 0) {
    const lifeCycle = root.ele('lifeCycle');
    for (const creator of item.creators) {
      const contribute = lifeCycle.ele('contribute');
      lomVocabulary(contribute, 'role', 'author');
      contribute.ele('entity').txt(`BEGIN:VCARD\nVERSION:3.0\nFN:${vcardText(creator)}\nEND:VCARD`);
      contribute.ele('date').ele('dateTime').txt(oaiDatestamp(item.createdTimestamp));
    }
  }
  const metaMetadata = root.ele('metaMetadata');
  const metaIdentifier = metaMetadata.ele('identifier');
  metaIdentifier.ele('catalog').txt('oai');
  metaIdentifier.ele('entry').txt(oaiIdentifier(repository, item.id));
  metaMetadata.ele('metadataSchema').txt('LOMv1.0');
  const technical = root.ele('technical');
  for (const format of item.formats) technical.ele('format').txt(format);
  technical.ele('location').txt(contentUrl(repository, item));
  const educational = root.ele('educational');
  for (const category of item.categories) {
    lomVocabulary(educational, 'learningResourceType', LOM_RESOURCE_TYPES[category]);
  }
  const rights = root.ele('rights');
  lomVocabulary(rights, 'cost', 'no');
  lomVocabulary(rights, 'copyrightAndOtherRestrictions', 'yes');
  lomString(rights, 'description', rightsStatement(item));
  for (const subject of item.subjects) {
    const classification = root.ele('classification');
    lomVocabulary(classification, 'purpose', 'competency');
    const taxonPath = classification.ele('taxonPath');
    lomString(taxonPath, 'source', subject.scheme === 'NICE' ? 'NICE Framework' : 'CAE Knowledge Units');
    const taxon = taxonPath.ele('taxon');
    taxon.ele('id').txt(subject.id);
    lomString(taxon, 'entry', subject.name);
  }
}

function writeRecord(
  parent: XmlElement,
  prefix: OaiMetadataPrefix,
  repository: OaiRepository,
  item: HarvestItem,
): void {
  const record = parent.ele('record');
  writeHeader(record, repository, headerOf(item));
  const metadata = record.ele('metadata');
  if (prefix === 'oai_dc') dublinCore(metadata, repository, item);
  else lom(metadata, repository, item);
}

/** The response to an OAI-PMH request (protocol §3): the XML document, always sent with HTTP 200. */
export interface OaiResponse {
  readonly xml: string;
  /** The error code when the response is an error (for logs and tests), else null. */
  readonly error: OaiErrorCode | null;
}

/** What {@link answerOai} needs besides the request and the catalogue. */
export interface OaiContext {
  readonly repository: OaiRepository;
  /** The response time (`responseDate`). */
  readonly now: Date;
  /** Records or headers per list page (≥ 1); {@link OAI_PAGE_SIZE} when absent. */
  readonly pageSize?: number;
}

/**
 * Answers one OAI-PMH 2.0 request (issue 24 item 7; protocol version 2.0 §3-§4) over
 * the published `catalogue`. Lists are paged in id order (ids never change), and a
 * resumption token is stateless: base64url of the list's arguments, the last id
 * sent and the cursor. So one harvest sends each item that stays published exactly
 * once, even when items change or appear between pages (an item changed before its
 * page is sent as it is then; one changed after it is for the next `from` harvest).
 * `completeListSize` is the cursor plus what is left at each page. The last page of a
 * resumed list carries an empty token. The record of an item that stopped being
 * published since the catalogue was read is left out of its page.
 * Never throws for a bad request: protocol errors are answered in the document.
 * @throws Error only when the record loader fails.
 */
export async function answerOai(
  args: OaiArguments,
  catalogue: OaiCatalogue,
  context: OaiContext,
): Promise<OaiResponse> {
  const { repository, now } = context;
  const echo = () => Object.fromEntries(Object.entries(args).map(([name, values]) => [name, values[0] as string]));
  try {
    const verb = checkArguments(args);
    const root = envelope(now);
    root.ele('request', echo()).txt(repository.baseUrl);
    await answerVerb(root, verb, args, catalogue, context);
    return { xml: xmlDocument(root), error: null };
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    const root = envelope(now);
    // Protocol §3.2: after badVerb or badArgument, the request element carries no attributes.
    const plain = error.code === 'badVerb' || error.code === 'badArgument';
    root.ele('request', plain ? {} : echo()).txt(repository.baseUrl);
    root.ele('error', { code: error.code }).txt(error.message);
    return { xml: xmlDocument(root), error: error.code };
  }
}

async function answerVerb(
  root: XmlElement,
  verb: Verb,
  args: OaiArguments,
  catalogue: OaiCatalogue,
  context: OaiContext,
): Promise<void> {
  const { repository, now } = context;
  const { headers } = catalogue;
  switch (verb) {
    case 'Identify': {
      const identify = root.ele('Identify');
      identify.ele('repositoryName').txt(repository.repositoryName);
      identify.ele('baseURL').txt(repository.baseUrl);
      identify.ele('protocolVersion').txt('2.0');
      identify.ele('adminEmail').txt(repository.adminEmail);
      let earliest = secondOf(now);
      for (const header of headers) if (header.datestamp < earliest) earliest = header.datestamp;
      identify.ele('earliestDatestamp').txt(earliest);
      identify.ele('deletedRecord').txt('no');
      identify.ele('granularity').txt(OAI_GRANULARITY);
      return;
    }
    case 'ListMetadataFormats': {
      const identifier = single(args, 'identifier');
      if (identifier !== undefined) findHeader(repository, headers, identifier);
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
        throw new OaiError('badResumptionToken', 'ListSets is answered whole; this repository issues no token for it.');
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
      const header = findHeader(repository, headers, single(args, 'identifier') as string);
      const [item] = await catalogue.records([header.id]);
      if (!item) throw new OaiError('idDoesNotExist', 'The identifier is unknown or illegal in this repository.');
      writeRecord(root.ele('GetRecord'), prefix, repository, item);
      return;
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      await answerList(root, verb, args, catalogue, context);
      return;
    }
  }
}

/** The next `pageSize` selected headers after `state.afterId`, and how many selected ones follow them. */
function nextPage(
  headers: readonly OaiHeader[],
  state: ListState,
  pageSize: number,
): { page: OaiHeader[]; left: number } {
  const page: OaiHeader[] = [];
  let left = 0;
  for (let at = firstAfter(headers, state.afterId); at < headers.length; at += 1) {
    const header = headers[at] as OaiHeader;
    if (!selects(state, header)) continue;
    if (page.length < pageSize) page.push(header);
    else left += 1;
  }
  return { page, left };
}

async function answerList(
  root: XmlElement,
  verb: ListVerb,
  args: OaiArguments,
  catalogue: OaiCatalogue,
  { repository, pageSize = OAI_PAGE_SIZE }: OaiContext,
): Promise<void> {
  const token = single(args, 'resumptionToken');
  let state = token !== undefined ? decodeToken(token, verb) : newListState(verb, args);
  const firstCursor = state.cursor;
  for (;;) {
    const { page, left } = nextPage(catalogue.headers, state, pageSize);
    if (page.length === 0) throw new OaiError('noRecordsMatch', 'No records match the request.');
    const last = page[page.length - 1] as OaiHeader;
    const after: ListState = { ...state, afterId: last.id, cursor: state.cursor + page.length };
    let items: HarvestItem[] = [];
    if (verb === 'ListRecords') {
      const records = new Map(
        (await catalogue.records(page.map((header) => header.id))).map((item) => [item.id, item]),
      );
      items = page.flatMap((header) => records.get(header.id) ?? []);
      // Every item of the page stopped being published since the catalogue was read: a list
      // holds at least one record, so the page goes on with the next items.
      if (items.length === 0) {
        state = after;
        continue;
      }
    }
    const list = root.ele(verb);
    if (verb === 'ListIdentifiers') for (const header of page) writeHeader(list, repository, header);
    else for (const item of items) writeRecord(list, state.metadataPrefix, repository, item);
    const attributes = { completeListSize: String(after.cursor + left), cursor: String(firstCursor) };
    if (left > 0) list.ele('resumptionToken', attributes).txt(encodeToken(after));
    // The last page of a resumed list: an empty token says the list is complete (protocol §3.5).
    else if (token !== undefined) list.ele('resumptionToken', attributes);
    return;
  }
}
