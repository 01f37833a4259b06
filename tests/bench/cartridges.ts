/**
 * Common Cartridge figures (issue 27 item 6, decision record 078): the cartridge of
 *
 * - the largest seeded module (SEED Labs – Network Security: its real seed files, read
 *   from `functions/seed-data/courseware/`, in a module → labs tree as the catalogue
 *   has it), and
 * - a collection of about 1 GB (the generated mixed files of `bundles.ts`, in ten items
 *   under the collection),
 *
 * written by `writeZip` exactly as the ZipFiles task writes a cartridge (the
 * `imsmanifest.xml` and web links built by `buildCartridge` first, then every file
 * streamed from the emulator under `web_resources/`), next to the zip bundle of the
 * same files in the same run. Each runs in a child process (like the zip Lambda, with
 * its Node flags) that samples its memory (`bundles.ts` `inChild`). Figures: the
 * cartridge's throughput as a ratio to the zip's (goal ≥ 0.8) and its peak memory
 * growth (goal ≤ 64 MB).
 *
 * `BENCH_CARTRIDGE_SKIP_1GB=1` skips the 1 GB collection. Runnable alone:
 * `npx tsx tests/bench/cartridges.ts`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { buildCartridge, type CartridgeNode, CC_FILES_FOLDER } from '../../functions/src/bundles/cartridge.ts';
import { env } from '../../functions/src/lib/env.ts';
import { startEmulators } from '../../infra/local/emulators.ts';
import { BENCH_PREFIX, type BenchEntry, type ChildResult, deletePrefix, generate, inChild } from './bundles.ts';

const MiB = 2 ** 20;
const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED_FOLDER = path.join(ROOT, 'functions/seed-data/courseware');
/** The seeded module with the most file bytes (3.7 MB in 16 files when measured). */
export const LARGEST_SEEDED_MODULE = 'SEED Labs – Network Security';
const ORIGIN = 'https://bench.example';

/** Figures of one cartridge. */
export interface CartridgeFigures {
  readonly label: string;
  readonly files: number;
  /** Source bytes. */
  readonly bytes: number;
  readonly cartridge: ChildResult & { readonly mbPerSecond: number };
  readonly zip: ChildResult & { readonly mbPerSecond: number };
  /** cartridge throughput ÷ zip throughput. */
  readonly ratio: number;
  /** Bytes of the manifest and web links. */
  readonly documentBytes: number;
}

interface CatalogItem {
  readonly title: string;
  readonly category: string;
  readonly parent?: string | null;
  readonly files?: readonly string[];
}

const TYPES: Record<string, string> = { pdf: 'application/pdf', txt: 'text/plain', zip: 'application/zip' };

function meta(title: string) {
  return {
    title,
    description: '',
    rights: 'CC BY-NC-SA 4.0',
    keywords: [],
    knowledge: { ksas: [], tkss: [], kus: [] },
  };
}

/** The largest seeded module's files, uploaded from the seed folder, with its module → labs tree. */
async function seededModule(label: string): Promise<{ entries: BenchEntry[]; root: CartridgeNode }> {
  const catalog = JSON.parse(await readFile(path.join(SEED_FOLDER, 'catalog.json'), 'utf8')) as CatalogItem[];
  const module = catalog.find((item) => item.title === LARGEST_SEEDED_MODULE);
  if (!module) throw new Error(`${LARGEST_SEEDED_MODULE} is not in the seed catalogue`);
  const entries: BenchEntry[] = [];
  const nodeOf = async (item: CatalogItem, folder: string, id: string): Promise<CartridgeNode> => {
    const files = [];
    for (const [index, file] of (item.files ?? []).entries()) {
      const bytes = await readFile(path.join(SEED_FOLDER, file));
      const ext = file.split('.').pop() ?? '';
      const objectKey = `${BENCH_PREFIX}${label}/source/${id}-${index}`;
      await s3Client.send(new PutObjectCommand({ Bucket: env().privateBucket, Key: objectKey, Body: bytes }));
      const entry = {
        path: `${CC_FILES_FOLDER}/${folder}/${path.basename(file)}`,
        objectKey,
        size: bytes.length,
        type: TYPES[ext] ?? 'application/octet-stream',
        mtime: '2026-01-01T00:00:00.000Z',
      };
      entries.push(entry);
      files.push({
        fileId: `${id}f${index}`,
        path: entry.path,
        title: path.basename(file),
        type: entry.type,
        size: entry.size,
      });
    }
    const children = catalog.filter((child) => child.parent === item.title);
    return {
      id,
      url: `${ORIGIN}/courseware/${id}`,
      metadata: meta(item.title),
      files,
      children: await Promise.all(
        children.map((child, index) =>
          nodeOf(child, `${folder}/${child.title.replace(/[/\\]/g, '-')}`, `${id}c${index}`),
        ),
      ),
    };
  };
  const root = await nodeOf(module, module.title, 'm0');
  return { entries, root };
}

/** About `bytes` of generated files in a collection of ten items. */
async function generatedCollection(
  label: string,
  bytes: number,
): Promise<{ entries: BenchEntry[]; root: CartridgeNode }> {
  const generated = await generate(label, bytes);
  const entries = generated.map((entry) => ({ ...entry, path: `${CC_FILES_FOLDER}/${entry.path}` }));
  const items: CartridgeNode[] = Array.from({ length: 10 }, (_, item) => ({
    id: `i${item}`,
    url: `${ORIGIN}/courseware/i${item}`,
    metadata: meta(`Item ${item + 1}`),
    files: entries
      .map((entry, index) => ({ entry, index }))
      .filter(({ index }) => index % 10 === item)
      .map(({ entry, index }) => ({
        fileId: `f${index}`,
        path: entry.path,
        title: path.basename(entry.path),
        type: entry.type,
        size: entry.size,
      })),
    children: [],
  }));
  return {
    entries,
    root: { id: 'c0', url: `${ORIGIN}/collections/c0`, metadata: meta('Bench collection'), files: [], children: items },
  };
}

/**
 * Measures the cartridge figures on an embedded S3 emulator of its own (started and
 * stopped here, its generated objects and scratch folder removed).
 */
export async function cartridgeBenchFigures(): Promise<CartridgeFigures[]> {
  const emulators = await startEmulators({ dataDir: null, external: {} });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cartridges-'));
  const results: CartridgeFigures[] = [];
  const cases = [
    { label: `largest seeded module (${LARGEST_SEEDED_MODULE})`, key: 'cc-module', make: seededModule },
    ...(process.env.BENCH_CARTRIDGE_SKIP_1GB
      ? []
      : [{ label: '1 GB collection', key: 'cc-1GB', make: (key: string) => generatedCollection(key, 1e9) }]),
  ];
  try {
    for (const job of cases) {
      try {
        const { entries, root } = await job.make(job.key);
        const documents = buildCartridge({ thin: false, identifier: root.id, root });
        const zipFile = path.join(scratch, `${job.key}-zip.json`);
        const cartridgeFile = path.join(scratch, `${job.key}-cartridge.json`);
        // The zip of the same files under the same paths, without the documents.
        await writeFile(zipFile, JSON.stringify(entries));
        await writeFile(cartridgeFile, JSON.stringify({ entries, documents }));
        const zip = await inChild({ mode: 'zip', label: job.key, entriesFile: zipFile });
        const cartridge = await inChild({ mode: 'cartridge', label: job.key, entriesFile: cartridgeFile });
        const mbps = (r: ChildResult) => r.bytes / 1e6 / (r.ms / 1000);
        results.push({
          label: job.label,
          files: entries.length,
          bytes: cartridge.bytes,
          cartridge: { ...cartridge, mbPerSecond: mbps(cartridge) },
          zip: { ...zip, mbPerSecond: mbps(zip) },
          ratio: mbps(cartridge) / mbps(zip),
          documentBytes: documents.reduce((sum, document) => sum + Buffer.byteLength(document.text), 0),
        });
      } finally {
        await deletePrefix(`${BENCH_PREFIX}${job.key}/`);
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await emulators.stop();
  }
  return results;
}

/** One line per cartridge. */
export function describeCartridges(figures: readonly CartridgeFigures[]): string {
  return figures
    .map(
      (f) =>
        `${f.label} (${f.files} files, ${(f.bytes / 1e6).toFixed(1)} MB, documents ${(f.documentBytes / 1024).toFixed(0)} KiB): ` +
        `cartridge ${f.cartridge.mbPerSecond.toFixed(1)} MB/s, zip ${f.zip.mbPerSecond.toFixed(1)} MB/s, ratio ${f.ratio.toFixed(2)}; ` +
        `cartridge peak growth RSS ${(f.cartridge.peakRss / MiB).toFixed(1)} MiB, heap ${(f.cartridge.peakHeap / MiB).toFixed(1)} MiB, ` +
        `retained after GC ${(f.cartridge.retainedHeap / MiB).toFixed(1)} MiB (zip: RSS ${(f.zip.peakRss / MiB).toFixed(1)} MiB)`,
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  console.log(describeCartridges(await cartridgeBenchFigures()));
  process.exit(0);
}
