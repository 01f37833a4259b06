import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { cartridgeManifestErrors, weblinkErrors } from '../../../tests/support/common-cartridge-schemas.ts';
import {
  buildCartridge,
  type CartridgeMetadata,
  type CartridgeNode,
  cartridgeHref,
  KNOWLEDGE_TAXON_SOURCES,
  weblinkPath,
} from './cartridge.ts';

const NO_KNOWLEDGE = { ksas: [], tkss: [], kus: [] };

function meta(title: string, extra: Partial<CartridgeMetadata> = {}): CartridgeMetadata {
  return { title, description: '', rights: '', keywords: [], knowledge: NO_KNOWLEDGE, ...extra };
}

const ORIGIN = 'https://portal.example';

/** A module with two labs; the first lab has two files, the module one, the second lab none. */
function moduleTree(): CartridgeNode {
  return {
    id: '01MODULE',
    url: `${ORIGIN}/courseware/seed-labs`,
    metadata: meta('SEED Labs & <Software> Security', {
      description: 'Hands-on labs.',
      rights: 'Creative Commons BY-NC-SA 4.0',
      keywords: ['buffer overflow', 'labs'],
      knowledge: {
        ksas: [{ id: 'K0070', name: 'Knowledge of system and application security threats' }],
        tkss: [{ id: 'T0028', name: 'Conduct penetration testing' }],
        kus: [{ id: 'SSP', name: 'Secure Programming Practices' }],
      },
    }),
    files: [
      {
        fileId: '01FILEA',
        path: 'web_resources/SEED Labs/Syllabus.pdf',
        title: 'Syllabus',
        type: 'application/pdf',
        size: 10,
      },
    ],
    children: [
      {
        id: '01LAB1',
        url: `${ORIGIN}/courseware/seed-labs/buffer-overflow`,
        metadata: meta('Buffer Overflow Lab'),
        files: [
          {
            fileId: '01FILEB',
            path: 'web_resources/SEED Labs/Buffer Overflow Lab/Lab #1 (é).pdf',
            title: 'Lab #1 (é)',
            type: 'application/pdf',
            size: 20,
          },
          {
            fileId: '01FILEC',
            path: 'web_resources/SEED Labs/Buffer Overflow Lab/code.zip',
            title: 'code',
            type: 'application/zip',
            size: 30,
          },
        ],
        children: [],
      },
      {
        id: '01LAB2',
        url: `${ORIGIN}/courseware/01LAB2`,
        metadata: meta('Format String Lab'),
        files: [],
        children: [],
      },
    ],
  };
}

function withoutFiles(node: CartridgeNode): CartridgeNode {
  return { ...node, files: [], children: node.children.map(withoutFiles) };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: false });

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];

describe('the Common Cartridge manifest builder', () => {
  it('writes a manifest valid against the IMS CC 1.3 schema, then one valid web link per node', async () => {
    const documents = buildCartridge({ thin: false, identifier: '01MODULE', root: moduleTree() });
    expect(documents.map((document) => document.path)).toEqual([
      'imsmanifest.xml',
      weblinkPath('01MODULE'),
      weblinkPath('01LAB1'),
      weblinkPath('01LAB2'),
    ]);
    expect(await cartridgeManifestErrors(documents[0]?.text ?? '')).toEqual([]);
    for (const document of documents.slice(1)) expect(await weblinkErrors(document.text)).toEqual([]);
  });

  it('mirrors the hierarchy: each node holds its link, then its files, then its children', () => {
    const [manifest] = buildCartridge({ thin: false, identifier: '01MODULE', root: moduleTree() });
    const root = parser.parse(manifest?.text ?? '').manifest as Node;
    const top = (root.organizations as Node).organization as Node;
    expect(top.structure).toBe('rooted-hierarchy');
    const module = (top.item as Node).item as Node;
    expect(module.title).toBe('SEED Labs & <Software> Security');
    const moduleItems = list(module.item);
    expect(moduleItems.map((item) => item.title)).toEqual([
      'SEED Labs & <Software> Security (portal page)',
      'Syllabus',
      'Buffer Overflow Lab',
      'Format String Lab',
    ]);
    expect(moduleItems.map((item) => item.identifierref)).toEqual(['WL_01MODULE', 'R_01FILEA', undefined, undefined]);
    const lab = moduleItems[2] as Node;
    expect(list(lab.item).map((item) => item.identifierref)).toEqual(['WL_01LAB1', 'R_01FILEB', 'R_01FILEC']);
  });

  it('declares files as webcontent with percent-encoded hrefs, links as imswl_xmlv1p3', () => {
    const [manifest] = buildCartridge({ thin: false, identifier: '01MODULE', root: moduleTree() });
    const resources = list(((parser.parse(manifest?.text ?? '').manifest as Node).resources as Node).resource);
    const byId = new Map(resources.map((resource) => [resource.identifier, resource]));
    expect(resources.filter((resource) => resource.type === 'webcontent')).toHaveLength(3);
    expect(resources.filter((resource) => resource.type === 'imswl_xmlv1p3')).toHaveLength(3);
    const lab = byId.get('R_01FILEB') as Node;
    expect(lab.href).toBe('web_resources/SEED%20Labs/Buffer%20Overflow%20Lab/Lab%20%231%20(%C3%A9).pdf');
    expect(decodeURIComponent(String(lab.href))).toBe('web_resources/SEED Labs/Buffer Overflow Lab/Lab #1 (é).pdf');
    expect((lab.file as Node).href).toBe(lab.href);
    expect(((byId.get('WL_01LAB1') as Node).file as Node).href).toBe(cartridgeHref(weblinkPath('01LAB1')));
  });

  it('carries title, description, rights, keywords and the NICE/CAE mappings as LOM classification', () => {
    const [manifest] = buildCartridge({ thin: false, identifier: '01MODULE', root: moduleTree() });
    const root = parser.parse(manifest?.text ?? '').manifest as Node;
    const metadata = root.metadata as Node;
    expect(metadata.schema).toBe('IMS Common Cartridge');
    expect(metadata.schemaversion).toBe('1.3.0');
    const lom = metadata['lomm:lom'] as Node;
    const general = lom['lomm:general'] as Node;
    const text = (value: unknown) => ((value as Node)['lomm:string'] as Node)['#text'];
    expect(text(general['lomm:title'])).toBe('SEED Labs & <Software> Security');
    expect(text(general['lomm:description'])).toBe('Hands-on labs.');
    expect(list(general['lomm:keyword']).map(text)).toEqual(['buffer overflow', 'labs']);
    expect(text((lom['lomm:rights'] as Node)['lomm:description'])).toBe('Creative Commons BY-NC-SA 4.0');
    const paths = list(lom['lomm:classification']).map((classification) => {
      const taxonPath = classification['lomm:taxonPath'] as Node;
      return [text(taxonPath['lomm:source']), (taxonPath['lomm:taxon'] as Node)['lomm:id']];
    });
    expect(paths).toEqual([
      [KNOWLEDGE_TAXON_SOURCES.ksas, 'K0070'],
      [KNOWLEDGE_TAXON_SOURCES.tkss, 'T0028'],
      [KNOWLEDGE_TAXON_SOURCES.kus, 'SSP'],
    ]);
    // The module's web link carries the same record at resource level.
    const link =
      list((root.resources as Node).resource).find((resource) => resource.identifier === 'WL_01MODULE') ?? {};
    expect(((link.metadata as Node)['lomr:lom'] as Node)['lomr:classification']).toHaveLength(3);
  });

  it('writes a thin cartridge of links only, valid against the schema', async () => {
    const documents = buildCartridge({ thin: true, identifier: '01MODULE', root: withoutFiles(moduleTree()) });
    const manifest = documents[0]?.text ?? '';
    expect(await cartridgeManifestErrors(manifest)).toEqual([]);
    const root = parser.parse(manifest).manifest as Node;
    expect((root.metadata as Node).schema).toBe('IMS Thin Common Cartridge');
    const resources = list((root.resources as Node).resource);
    expect(resources.map((resource) => resource.type)).toEqual(['imswl_xmlv1p3', 'imswl_xmlv1p3', 'imswl_xmlv1p3']);
    expect(() => buildCartridge({ thin: true, identifier: 'x', root: moduleTree() })).toThrow(
      'A thin cartridge holds no file.',
    );
  });

  it('refuses a tree that names a node twice', () => {
    const tree = moduleTree();
    const twice = { ...tree, children: [...tree.children, tree.children[1] as CartridgeNode] };
    expect(() => buildCartridge({ thin: false, identifier: 'x', root: twice })).toThrow('names I_01LAB2 twice');
  });

  it('fails schema validation for a manifest that breaks the profile (the check can fail)', async () => {
    const [manifest] = buildCartridge({ thin: false, identifier: '01MODULE', root: moduleTree() });
    const broken = (manifest?.text ?? '').replace(
      '<schemaversion>1.3.0</schemaversion>',
      '<schemaversion>1.2.0</schemaversion>',
    );
    expect((await cartridgeManifestErrors(broken)).length).toBeGreaterThan(0);
  });
});
