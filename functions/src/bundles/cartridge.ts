import { XmlElement, xmlDocument } from '../domain/xml-writer.ts';

/**
 * The IMS Common Cartridge 1.3 documents of a cartridge bundle (issue 27 item 6;
 * decision record 078): `imsmanifest.xml` (the CP 1.2 profile of CC 1.3, schema
 * `ccv1p3_imscp_v1p2_v1p0.xsd`, schema version "1.3.0") and one web-link document per
 * content item (`ccv1p3_imswl_v1p3.xsd`). Pure: the resolve step gives it the tree it
 * walked and the archive paths of the files; the zip step writes what it answers
 * before the files.
 *
 * - One organization mirrors the hierarchy: the root (a content item, or a collection)
 *   → its children → …; under each node, first the link back to its portal page, then
 *   its files, then its children.
 * - Resources: a `webcontent` resource per file (full cartridge only) and an
 *   `imswl_xmlv1p3` resource per node (its web-link document under `weblinks/`).
 * - LOM (the CC profile's LOM namespaces): manifest level from the root; per web-link
 *   resource from its node (title, description, keywords, rights, classification);
 *   per file resource its title, format and size and the owner's rights.
 * - NICE/CAE mappings are LOM classifications (purpose "competency"), one taxon path
 *   per mapping, sources {@link KNOWLEDGE_TAXON_SOURCES}.
 * - A thin cartridge (schema "IMS Thin Common Cartridge") names no file at all.
 */

/** The CP namespace of CC 1.3. */
export const CC_NAMESPACE = 'http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1';
/** LOM namespaces of the CC 1.3 profile: manifest level and resource level. */
export const LOM_MANIFEST_NAMESPACE = 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest';
export const LOM_RESOURCE_NAMESPACE = 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/resource';
/** The web-link namespace of CC 1.3. */
export const WEBLINK_NAMESPACE = 'http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const SCHEMA_LOCATIONS = [
  `${CC_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imscp_v1p2_v1p0.xsd`,
  `${LOM_MANIFEST_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lommanifest_v1p0.xsd`,
  `${LOM_RESOURCE_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lomresource_v1p0.xsd`,
].join(' ');
const WEBLINK_SCHEMA_LOCATION = `${WEBLINK_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imswl_v1p3.xsd`;

/** The schema version every cartridge declares. */
export const CC_SCHEMA_VERSION = '1.3.0';
/** The manifest's entry path (the archive root). */
export const CC_MANIFEST_PATH = 'imsmanifest.xml';
/** Folder of the files of a full cartridge. */
export const CC_FILES_FOLDER = 'web_resources';
/** Folder of the web-link documents. */
export const CC_WEBLINKS_FOLDER = 'weblinks';
/** Language of the LOM strings (the catalogue is written in English). */
const LANGUAGE = 'en';

/** The LOM classification sources of the knowledge mappings (spec §3 `ksas`, `tkss`, `kus`). */
export const KNOWLEDGE_TAXON_SOURCES = {
  ksas: 'NICE Framework 2017',
  tkss: 'NICE Framework Components v2.1.0',
  kus: 'CAE Knowledge Units',
} as const;

/** One knowledge mapping: its id (`K0001`, `T1234`, a KU id) and name. */
export interface CartridgeKnowledge {
  readonly id: string;
  readonly name: string;
}

/** What the LOM of a node says. */
export interface CartridgeMetadata {
  readonly title: string;
  /** Plain text; '' for none. */
  readonly description: string;
  /** The rights statement (licence, copyright notice); '' for none. */
  readonly rights: string;
  readonly keywords: readonly string[];
  readonly knowledge: {
    readonly ksas: readonly CartridgeKnowledge[];
    readonly tkss: readonly CartridgeKnowledge[];
    readonly kus: readonly CartridgeKnowledge[];
  };
}

/** A file of a node (full cartridge only). */
export interface CartridgeFile {
  readonly fileId: string;
  /** Its entry path in the archive, under {@link CC_FILES_FOLDER}. */
  readonly path: string;
  /** What the organization shows: the file's display name. */
  readonly title: string;
  /** Media type. */
  readonly type: string;
  /** Bytes. */
  readonly size: number;
}

/** A node of the organization: a content item or the collection. */
export interface CartridgeNode {
  /** Its id (unique in the cartridge). */
  readonly id: string;
  readonly metadata: CartridgeMetadata;
  /** Absolute address of its portal page. */
  readonly url: string;
  readonly files: readonly CartridgeFile[];
  readonly children: readonly CartridgeNode[];
}

/** What {@link buildCartridge} takes. */
export interface CartridgeInput {
  /** True: a Thin Common Cartridge (links only; `files` must be empty). */
  readonly thin: boolean;
  /** The manifest's identifier seed: the scope's id. */
  readonly identifier: string;
  readonly root: CartridgeNode;
}

/** A document of the cartridge: its entry path and its UTF-8 text. */
export interface CartridgeDocument {
  readonly path: string;
  readonly text: string;
}

/** Identifiers are xs:ID (NCName): ids may start with a digit, so each carries a letter prefix. */
function xmlId(prefix: string, id: string): string {
  return `${prefix}_${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/** A relative URI of an entry path: each segment percent-encoded (paths hold spaces and any letters). */
export function cartridgeHref(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The entry path of a node's web-link document. */
export function weblinkPath(nodeId: string): string {
  return `${CC_WEBLINKS_FOLDER}/${xmlId('link', nodeId)}.xml`;
}

function langString(parent: XmlElement, prefix: string, name: string, value: string): void {
  parent.ele(`${prefix}:${name}`).ele(`${prefix}:string`, { language: LANGUAGE }).txt(value);
}

function vocabulary(parent: XmlElement, prefix: string, name: string, value: string): void {
  const element = parent.ele(`${prefix}:${name}`);
  element.ele(`${prefix}:source`).txt('LOMv1.0');
  element.ele(`${prefix}:value`).txt(value);
}

/** A LOM record of `metadata` under `parent` in the namespace of `prefix` (`lomm` or `lomr`). */
function lom(
  parent: XmlElement,
  prefix: 'lomm' | 'lomr',
  metadata: CartridgeMetadata,
  extra: { url?: string; format?: string; size?: number } = {},
): void {
  const root = parent.ele(`${prefix}:lom`);
  const general = root.ele(`${prefix}:general`);
  if (extra.url) {
    const identifier = general.ele(`${prefix}:identifier`);
    identifier.ele(`${prefix}:catalog`).txt('URI');
    identifier.ele(`${prefix}:entry`).txt(extra.url);
  }
  langString(general, prefix, 'title', metadata.title);
  general.ele(`${prefix}:language`).txt(LANGUAGE);
  if (metadata.description) langString(general, prefix, 'description', metadata.description);
  for (const keyword of metadata.keywords) langString(general, prefix, 'keyword', keyword);
  if (extra.format || extra.size !== undefined || extra.url) {
    const technical = root.ele(`${prefix}:technical`);
    if (extra.format) technical.ele(`${prefix}:format`).txt(extra.format);
    if (extra.size !== undefined) technical.ele(`${prefix}:size`).txt(String(extra.size));
    if (extra.url) technical.ele(`${prefix}:location`).txt(extra.url);
  }
  if (metadata.rights) {
    const rights = root.ele(`${prefix}:rights`);
    vocabulary(rights, prefix, 'copyrightAndOtherRestrictions', 'yes');
    langString(rights, prefix, 'description', metadata.rights);
  }
  for (const kind of ['ksas', 'tkss', 'kus'] as const) {
    for (const mapping of metadata.knowledge[kind]) {
      const classification = root.ele(`${prefix}:classification`);
      vocabulary(classification, prefix, 'purpose', 'competency');
      const taxonPath = classification.ele(`${prefix}:taxonPath`);
      langString(taxonPath, prefix, 'source', KNOWLEDGE_TAXON_SOURCES[kind]);
      const taxon = taxonPath.ele(`${prefix}:taxon`);
      taxon.ele(`${prefix}:id`).txt(mapping.id);
      langString(taxon, prefix, 'entry', mapping.name);
    }
  }
}

/** The web-link document of a node: its title and its page's address, opened in a new window. */
export function weblinkDocument(node: Pick<CartridgeNode, 'url' | 'metadata'>): string {
  const root = new XmlElement('webLink', {
    xmlns: WEBLINK_NAMESPACE,
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': WEBLINK_SCHEMA_LOCATION,
  });
  root.ele('title').txt(node.metadata.title.replace(/\s+/g, ' ').trim() || node.url);
  root.ele('url', { href: node.url, target: '_blank' });
  return xmlDocument(root);
}

/**
 * The manifest and the web-link documents of a cartridge, the manifest first.
 * @throws Error when a thin cartridge is given files, or a node or file id repeats
 *   (the walk places each once; a repeat would make the manifest invalid).
 */
export function buildCartridge(input: CartridgeInput): CartridgeDocument[] {
  const seen = new Set<string>();
  const claim = (id: string) => {
    if (seen.has(id)) throw new Error(`The cartridge names ${id} twice.`);
    seen.add(id);
    return id;
  };

  const manifest = new XmlElement('manifest', {
    identifier: xmlId('M', input.identifier),
    xmlns: CC_NAMESPACE,
    'xmlns:lomm': LOM_MANIFEST_NAMESPACE,
    'xmlns:lomr': LOM_RESOURCE_NAMESPACE,
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': SCHEMA_LOCATIONS,
  });
  const metadata = manifest.ele('metadata');
  metadata.ele('schema').txt(input.thin ? 'IMS Thin Common Cartridge' : 'IMS Common Cartridge');
  metadata.ele('schemaversion').txt(CC_SCHEMA_VERSION);
  lom(metadata, 'lomm', input.root.metadata, { url: input.root.url });

  const organization = manifest
    .ele('organizations')
    .ele('organization', { identifier: 'O_1', structure: 'rooted-hierarchy' });
  const top = organization.ele('item', { identifier: 'O_root' });
  const resources = manifest.ele('resources');
  const weblinks: CartridgeDocument[] = [];

  const place = (parent: XmlElement, node: CartridgeNode) => {
    const item = parent.ele('item', { identifier: claim(xmlId('I', node.id)) });
    item.ele('title').txt(node.metadata.title);

    const linkId = claim(xmlId('WL', node.id));
    const link = item.ele('item', { identifier: claim(xmlId('IL', node.id)), identifierref: linkId });
    link.ele('title').txt(`${node.metadata.title} (portal page)`);
    const path = weblinkPath(node.id);
    const resource = resources.ele('resource', { identifier: linkId, type: 'imswl_xmlv1p3' });
    lom(resource.ele('metadata'), 'lomr', node.metadata, { url: node.url, format: 'text/html' });
    resource.ele('file', { href: cartridgeHref(path) });
    weblinks.push({ path, text: weblinkDocument(node) });

    if (input.thin && node.files.length > 0) throw new Error('A thin cartridge holds no file.');
    for (const file of node.files) {
      const fileResourceId = claim(xmlId('R', file.fileId));
      const fileItem = item.ele('item', { identifier: claim(xmlId('IF', file.fileId)), identifierref: fileResourceId });
      fileItem.ele('title').txt(file.title);
      const href = cartridgeHref(file.path);
      const fileResource = resources.ele('resource', { identifier: fileResourceId, type: 'webcontent', href });
      const fileMetadata: CartridgeMetadata = {
        title: file.title,
        description: '',
        rights: node.metadata.rights,
        keywords: [],
        knowledge: { ksas: [], tkss: [], kus: [] },
      };
      lom(fileResource.ele('metadata'), 'lomr', fileMetadata, { format: file.type, size: file.size });
      fileResource.ele('file', { href });
    }
    for (const child of node.children) place(item, child);
  };
  place(top, input.root);

  return [{ path: CC_MANIFEST_PATH, text: xmlDocument(manifest) }, ...weblinks];
}
