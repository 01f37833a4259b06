import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { contentPath } from '#shared/content-address';
import { cartridgeFileName } from '#shared/contracts/download';
import { s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { startBundleWorkflow } from '../../functions/src/adapters/workflows.ts';
import { KNOWLEDGE_TAXON_SOURCES } from '../../functions/src/bundles/cartridge.ts';
import { collectionPagePath } from '../../functions/src/bundles/cartridge-plan.ts';
import { listAllChildren, resolveBundle } from '../../functions/src/bundles/resolve.ts';
import { createBundleRecord } from '../../functions/src/data/bundles.ts';
import { createContent, listContentByStatus } from '../../functions/src/data/content.ts';
import { createFile, getFile } from '../../functions/src/data/files.ts';
import type { BundleState, ContentItem, FileItem } from '../../functions/src/data/items.ts';
import { contentFileObjectKey } from '../../functions/src/data/keys.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { env } from '../../functions/src/lib/env.ts';
import { collectionBundleScope, createCollection } from '../../functions/src/services/collections.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { fileReaderCaller } from '../../functions/src/test-support/library-callers.ts';
import { cartridgeManifestErrors, weblinkErrors } from '../support/common-cartridge-schemas.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * Common Cartridge bundles end to end on the embedded stack (issue 27 item 6; decision
 * record 078): the seeded data, the real local Step Functions endpoint running the
 * bundle workflow with the real task functions, s3rver as the private bucket. A
 * cartridge is requested as requestBundle records one (format and site origin on the
 * bundle record, then StartExecution); the archive is read back with yauzl and its
 * `imsmanifest.xml` validated against the IMS CC 1.3 schemas with xmllint.
 */

let portal: LocalPortal;
const SEED_MODULE = 'SEED Labs – Software Security';
const ORIGIN = 'https://courseware.example';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
}, 120_000);
afterAll(async () => {
  await portal?.stop();
});

/** Requests a cartridge as the API does and waits until it is Ready or Failed. */
async function cartridgeOf(
  scope: BundleState['scope'],
  format: 'imscc' | 'imscc-thin',
  includesLessonFiles = format === 'imscc',
): Promise<FileItem> {
  const id = newId();
  await createBundleRecord({
    id,
    name: cartridgeFileName('cartridge'),
    scope,
    includesLessonFiles,
    cartridge: { format, siteOrigin: ORIGIN },
    createdBy: 'cartridge-test-user',
  });
  await startBundleWorkflow({ bundleId: id });
  return vi.waitFor(
    async () => {
      const found = await getFile(id);
      if (!found || found.status === 'Pending') throw new Error(`Cartridge ${id} is still Pending`);
      return found;
    },
    { timeout: 120_000, interval: 100 },
  );
}

async function objectBytes(key: string): Promise<Buffer> {
  const output = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: key }));
  return Buffer.from((await output.Body?.transformToByteArray()) ?? []);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of an archive with its bytes, in archive order (sizes and CRC-32 checked while reading). */
async function archiveEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

async function seededModule(): Promise<ContentItem> {
  let pageToken: string | undefined;
  do {
    const page = await listContentByStatus({ statuses: ['published'], limit: 300, pageToken });
    const found = page.items.find((item) => item.name === SEED_MODULE);
    if (found) return found;
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  throw new Error(`${SEED_MODULE} is not seeded`);
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** Every href the manifest names (resources and their files), decoded to entry paths. */
function namedPaths(manifest: Node): string[] {
  const resources = list((manifest.resources as Node).resource);
  return resources
    .flatMap((resource) => [
      ...(resource.href ? [String(resource.href)] : []),
      ...list(resource.file).map((file) => String(file.href)),
    ])
    .map((href) => decodeURIComponent(href));
}

/** Checks what every cartridge must satisfy; answers the parsed manifest. */
async function checkCartridge(entries: Map<string, Buffer>): Promise<Node> {
  const paths = [...entries.keys()];
  expect(paths[0]).toBe('imsmanifest.xml');
  const text = entries.get('imsmanifest.xml')?.toString('utf8') ?? '';
  expect(await cartridgeManifestErrors(text)).toEqual([]);
  const manifest = parser.parse(text).manifest as Node;
  for (const path of namedPaths(manifest)) expect(entries.has(path), path).toBe(true);
  for (const path of paths.filter((name) => name.startsWith('weblinks/'))) {
    expect(await weblinkErrors(entries.get(path)?.toString('utf8') ?? ''), path).toEqual([]);
  }
  return manifest;
}

/** The title and children of an organization item. */
function titlesUnder(item: Node): string[] {
  return list(item.item).map((child) => String(child.title));
}

describe('Common Cartridge bundles', () => {
  it('exports a seeded SEED module as a valid IMS CC 1.3 cartridge: hierarchy, files byte-identical, links, LOM', async () => {
    const module = await seededModule();
    const labs = await listAllChildren(module.id);
    expect(labs.length).toBeGreaterThanOrEqual(8);

    const record = await cartridgeOf({ contentId: module.id }, 'imscc');
    expect(record).toMatchObject({ status: 'Ready', name: cartridgeFileName('cartridge') });
    const bytes = await objectBytes(record.objectKey);
    expect(sha256(bytes)).toBe(record.sha256);
    const entries = await archiveEntries(bytes);
    const manifest = await checkCartridge(entries);

    // Every file is byte-identical to its source object, and exactly the zip bundle's files are there.
    const resolved = await resolveBundle({ scope: { contentId: module.id }, includesLessonFiles: true });
    const files = [...entries.keys()].filter((path) => path.startsWith('web_resources/'));
    expect(files.sort()).toEqual(resolved.entries.map((entry) => `web_resources/${entry.path}`).sort());
    for (const entry of resolved.entries) {
      const inArchive = entries.get(`web_resources/${entry.path}`) ?? Buffer.alloc(0);
      expect(sha256(inArchive), entry.path).toBe(sha256(await objectBytes(entry.objectKey)));
    }
    expect(files.length).toBeGreaterThanOrEqual(8);
    // Every file is named by a webcontent resource.
    const webcontent = list((manifest.resources as Node).resource).filter((resource) => resource.type === 'webcontent');
    expect(webcontent.map((resource) => decodeURIComponent(String(resource.href))).sort()).toEqual(files.sort());

    // The organization mirrors the hierarchy: module → link, its files, then its labs in order.
    const top = ((manifest.organizations as Node).organization as Node).item as Node;
    const moduleItem = top.item as Node;
    expect(moduleItem.title).toBe(SEED_MODULE);
    const under = titlesUnder(moduleItem);
    expect(under[0]).toBe(`${SEED_MODULE} (portal page)`);
    expect(under.slice(-labs.length)).toEqual(labs.map((lab) => lab.name));

    // Each item's web link points back to its portal page.
    const labLink = entries.get(`weblinks/link_${labs[0]?.id}.xml`)?.toString('utf8') ?? '';
    expect((parser.parse(labLink).webLink as Node).url).toMatchObject({
      href: `${ORIGIN}${contentPath(labs[0] as ContentItem)}`,
    });

    // LOM at manifest level: the module's title, and its NICE/CAE mappings as classification.
    const lom = (manifest.metadata as Node)['lomm:lom'] as Node;
    const title = ((lom['lomm:general'] as Node)['lomm:title'] as Node)['lomm:string'] as Node;
    expect(title['#text']).toBe(SEED_MODULE);
    const sources = list(lom['lomm:classification']).map(
      (classification) =>
        (((classification['lomm:taxonPath'] as Node)['lomm:source'] as Node)['lomm:string'] as Node)['#text'],
    );
    const expectedSources = [
      ...module.ksas.map(() => KNOWLEDGE_TAXON_SOURCES.ksas),
      ...module.tkss.map(() => KNOWLEDGE_TAXON_SOURCES.tkss),
      ...module.kus.map(() => KNOWLEDGE_TAXON_SOURCES.kus),
    ];
    expect(sources).toEqual(expectedSources);
    // Mappings of the labs are on their web-link resources.
    const mappedLab = labs.find((lab) => lab.ksas.length + lab.tkss.length + lab.kus.length > 0);
    if (mappedLab) {
      const resource =
        list((manifest.resources as Node).resource).find(
          (candidate) => candidate.identifier === `WL_${mappedLab.id}`,
        ) ?? {};
      const lomr = (resource.metadata as Node)['lomr:lom'] as Node;
      expect(list(lomr['lomr:classification'])).toHaveLength(
        mappedLab.ksas.length + mappedLab.tkss.length + mappedLab.kus.length,
      );
    }
    expect(expectedSources.length + (mappedLab ? 1 : 0)).toBeGreaterThan(0);
  }, 120_000);

  it('exports a Thin Common Cartridge of the module: the manifest and web links only, no file', async () => {
    const module = await seededModule();
    const record = await cartridgeOf({ contentId: module.id }, 'imscc-thin');
    expect(record.status).toBe('Ready');
    const entries = await archiveEntries(await objectBytes(record.objectKey));
    const manifest = await checkCartridge(entries);
    expect((manifest.metadata as Node).schema).toBe('IMS Thin Common Cartridge');
    const paths = [...entries.keys()];
    expect(paths.filter((path) => path !== 'imsmanifest.xml' && !/^weblinks\/[^/]+\.xml$/.test(path))).toEqual([]);
    const labs = await listAllChildren(module.id);
    expect(paths.length).toBeGreaterThanOrEqual(1 + 1 + labs.length);
    const types = new Set(list((manifest.resources as Node).resource).map((resource) => resource.type));
    expect([...types]).toEqual(['imswl_xmlv1p3']);
    // A thin cartridge counts as a download of no item (it holds no file).
    expect(record.bundle?.contentIds).toEqual([]);
  }, 120_000);

  it('exports a collection: collection → its items in order → their descendants, with their files', async () => {
    const pdf = (label: string) => ({ label, bytes: Buffer.from(`%PDF-1.4 ${label} ${newId()}`) });
    const itemWith = async (name: string, files: { label: string; bytes: Buffer }[]) => {
      const contentId = newId();
      const records: FileItem[] = [];
      for (const file of files) {
        const id = newId();
        const objectKey = contentFileObjectKey(contentId, id);
        await s3Client.send(new PutObjectCommand({ Bucket: env().privateBucket, Key: objectKey, Body: file.bytes }));
        records.push(
          await createFile({
            id,
            name: `${file.label} handout`,
            filename: `${file.label}.pdf`,
            type: 'application/pdf',
            size: file.bytes.length,
            sha256: sha256(file.bytes),
            status: 'Ready',
            visibility: 'private',
            objectKey,
            metadata: { id: contentId, type: 'Content' },
            createdTimestamp: new Date().toISOString(),
          }),
        );
      }
      return createContent(
        contentRecord(name, {
          id: contentId,
          files: records.map((record) => ({
            id: record.id,
            name: record.name,
            type: record.type,
            filename: record.filename,
          })),
        }),
      );
    };
    const first = await itemWith(`Cartridge lab A ${newId()}`, [pdf('a')]);
    const second = await itemWith(`Cartridge lab B ${newId()}`, [pdf('b1'), pdf('b2')]);
    const module = await seededModule();
    const faculty = fileReaderCaller(`cartridge-collector-${newId()}`, 'Cara Cartridge');
    const collection = await createCollection(
      {
        name: 'Week two labs',
        description: 'Memory-safety labs for week two & three.',
        visibility: 'private',
        entries: [second, module, first].map((content) => ({ contentId: content.id, note: '' })),
      },
      faculty,
    );
    const scope = await collectionBundleScope(collection.id, faculty);
    const record = await cartridgeOf(scope, 'imscc', false);
    expect(record.status).toBe('Ready');
    const entries = await archiveEntries(await objectBytes(record.objectKey));
    const manifest = await checkCartridge(entries);

    const collectionItem = (((manifest.organizations as Node).organization as Node).item as Node).item as Node;
    expect(collectionItem.title).toBe('Week two labs');
    // The manifest's LOM is the collection's: its name and its description.
    const general = ((manifest.metadata as Node)['lomm:lom'] as Node)['lomm:general'] as Node;
    expect(((general['lomm:title'] as Node)['lomm:string'] as Node)['#text']).toBe('Week two labs');
    expect(((general['lomm:description'] as Node)['lomm:string'] as Node)['#text']).toBe(
      'Memory-safety labs for week two & three.',
    );
    expect(titlesUnder(collectionItem)).toEqual(['Week two labs (portal page)', second.name, module.name, first.name]);
    const collectionLink = entries.get(`weblinks/link_${collection.id}.xml`)?.toString('utf8') ?? '';
    expect((parser.parse(collectionLink).webLink as Node).url).toMatchObject({
      href: `${ORIGIN}${collectionPagePath(collection.id)}`,
    });
    // The module keeps its labs beneath it.
    const moduleItem = list(collectionItem.item)[2] as Node;
    const labs = await listAllChildren(module.id);
    expect(titlesUnder(moduleItem).slice(-labs.length)).toEqual(labs.map((lab) => lab.name));
    // The collection's own files are byte-identical to their sources.
    const resolved = await resolveBundle({ scope, includesLessonFiles: false });
    for (const entry of resolved.entries) {
      const inArchive = entries.get(`web_resources/${entry.path}`);
      expect(inArchive, entry.path).toBeDefined();
      expect(sha256(inArchive ?? Buffer.alloc(0)), entry.path).toBe(sha256(await objectBytes(entry.objectKey)));
    }
    expect(resolved.entries.filter((entry) => entry.path.includes(second.name))).toHaveLength(2);
  }, 120_000);
});
