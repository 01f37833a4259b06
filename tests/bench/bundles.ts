/**
 * Bundle zipping figures (issue 6, decision record 022): bundles of about 100 MB and
 * 1 GB of mixed generated files — PDF-like incompressible bytes, text, already
 * compressed media — written into the embedded S3 emulator first, then
 *
 * - zipped by `writeZip` (zip-writer.ts, exactly what the ZipFiles task runs: each
 *   object streamed from the emulator into the zip, the zip uploaded to the same
 *   emulator by multipart upload), and
 * - copied as a baseline: the same objects streamed GetObject → Upload (same part
 *   size and queue) into the same emulator, in the same run.
 *
 * Throughput is the source bytes per second of each; the figure is their ratio
 * (goal ≥ 0.5). The zipping and the copying each run in a child process (like a
 * Lambda of their own, away from the emulator's memory), which samples its RSS and
 * heap (+ array buffers) every 20 ms from just before the work starts after a full
 * GC: the figure is the peak growth (goal ≤ 64 MB, the same at both sizes).
 *
 * `BENCH_BUNDLE_SKIP_1GB=1` skips the 1 GB bundle for a quick run. Every generated
 * object is deleted afterwards, and the emulator's folder with it.
 * Runnable alone: `npx tsx tests/bench/bundles.ts`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { ZIP_TASK_NODE_FLAGS } from '../../functions/src/bundles/zip-task-settings.ts';
import { writeZip, ZIP_PART_BYTES, ZIP_PARTS_IN_FLIGHT } from '../../functions/src/bundles/zip-writer.ts';
import { env } from '../../functions/src/lib/env.ts';
import { startEmulators } from '../../infra/local/emulators.ts';

const MiB = 2 ** 20;
/** Key prefix of every object the bundle benches write. */
export const BENCH_PREFIX = 'bench-bundles/';

/** One generated file of a bench bundle. */
export interface BenchEntry {
  readonly path: string;
  readonly objectKey: string;
  readonly size: number;
  readonly type: string;
  readonly mtime: string;
}

/** What a child process measured. */
export interface ChildResult {
  readonly ms: number;
  readonly bytes: number;
  /** Peak growth over the start, bytes. */
  readonly peakRss: number;
  readonly peakHeap: number;
  /** Heap + array buffers still held after the work and a full GC, over the start, bytes (a leak would show here). */
  readonly retainedHeap: number;
  readonly zipBytes?: number;
}

/** Figures of one bundle size. */
export interface BundleSizeFigures {
  readonly label: string;
  readonly files: number;
  /** Source bytes. */
  readonly bytes: number;
  readonly zip: ChildResult & { readonly mbPerSecond: number };
  readonly copy: ChildResult & { readonly mbPerSecond: number };
  /** zip throughput ÷ copy throughput. */
  readonly ratio: number;
}

// The mix by bytes: PDFs (stored), already-compressed media (stored), text (deflated).
const KINDS = [
  { type: 'application/pdf', ext: 'pdf', size: 4 * MiB, share: 0.5 },
  { type: 'image/jpeg', ext: 'jpg', size: 3 * MiB, share: 0.3 },
  { type: 'text/plain', ext: 'txt', size: 1 * MiB, share: 0.17 },
  { type: 'text/markdown', ext: 'md', size: 16 * 1024, share: 0.03 },
] as const;

const WORDS =
  'buffer overflow stack heap shellcode attack lab student exercise network packet firewall cipher hash key exploit kernel memory address return pointer privilege root setuid environment variable race condition format string injection query session cookie certificate'.split(
    ' ',
  );

/** Text shaped like lab notes: words, punctuation and line breaks, about 3:1 under deflate. */
function textBytes(size: number, seed: number): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const word = `${WORDS[next() % WORDS.length]}${next() % 9 === 0 ? ` ${next() % 10_000}` : ''}${next() % 12 === 0 ? '.\n' : ' '}`;
    parts.push(word);
    length += word.length;
  }
  return Buffer.from(parts.join('').slice(0, size));
}

function fileBytes(kind: (typeof KINDS)[number], size: number, seed: number): Buffer {
  if (kind.type.startsWith('text/')) return textBytes(size, seed);
  const bytes = randomBytes(size);
  const header = kind.type === 'application/pdf' ? Buffer.from('%PDF-1.7\n') : Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  header.copy(bytes);
  return bytes;
}

/** Writes a mixed set of about `totalBytes` into the private bucket; returns its entries. */
export async function generate(label: string, totalBytes: number): Promise<BenchEntry[]> {
  const entries: BenchEntry[] = [];
  let seed = 1;
  for (const kind of KINDS) {
    const count = Math.max(1, Math.round((totalBytes * kind.share) / kind.size));
    for (let n = 0; n < count; n++) {
      const objectKey = `${BENCH_PREFIX}${label}/source/${kind.ext}-${n}`;
      const bytes = fileBytes(kind, kind.size, seed++);
      await s3Client.send(
        new PutObjectCommand({ Bucket: env().privateBucket, Key: objectKey, Body: bytes, ContentType: kind.type }),
      );
      entries.push({
        path: `Bench ${label}/${kind.ext}/File ${n}.${kind.ext}`,
        objectKey,
        size: bytes.length,
        type: kind.type,
        mtime: '2026-01-01T00:00:00.000Z',
      });
    }
  }
  return entries;
}

/**
 * Deletes every object under `prefix` of the private bucket. ListObjects v1 (paged by
 * marker): s3rver's v2 continuation tokens use DES, which Node 20's OpenSSL refuses.
 */
export async function deletePrefix(prefix: string): Promise<void> {
  let marker: string | undefined;
  do {
    const page = await s3Client.send(
      new ListObjectsCommand({ Bucket: env().privateBucket, Prefix: prefix, Marker: marker }),
    );
    for (const object of page.Contents ?? []) {
      await s3Client.send(new DeleteObjectCommand({ Bucket: env().privateBucket, Key: object.Key }));
    }
    marker = page.IsTruncated ? page.Contents?.at(-1)?.Key : undefined;
  } while (marker);
}

/** A measured job: `zip` and `copy` as above; `cartridge` a zip with documents first (issue 27 item 6, `cartridges.ts`). */
export interface BenchJob {
  readonly mode: 'zip' | 'copy' | 'cartridge';
  readonly label: string;
  /** JSON of `BenchEntry[]`, or of `{ entries, documents }` for a cartridge. */
  readonly entriesFile: string;
}

/** Runs one measured job in a child process (`--expose-gc`), which inherits the emulator environment. */
export async function inChild(job: BenchJob): Promise<ChildResult> {
  const script = path.join(import.meta.dirname, 'bundles.ts');
  // The measured task runs with the zip Lambda's Node flags (ZIP_TASK_NODE_FLAGS);
  // BENCH_BUNDLE_NODE_FLAGS replaces them (e.g. '' for Node's defaults).
  const flags = (process.env.BENCH_BUNDLE_NODE_FLAGS ?? ZIP_TASK_NODE_FLAGS).split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...flags, '--expose-gc', '--import', 'tsx', script, '--child', JSON.stringify(job)],
    {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`bench child (${job.mode}) exited with ${code}: ${stdout}`);
  return JSON.parse(line.slice('RESULT '.length)) as ChildResult;
}

/** The child's side: samples memory while running the job, prints `RESULT <json>`. */
async function childMain(job: BenchJob): Promise<void> {
  const input = JSON.parse(await readFile(job.entriesFile, 'utf8')) as
    | BenchEntry[]
    | { entries: BenchEntry[]; documents: { path: string; text: string }[] };
  const entries = Array.isArray(input) ? input : input.entries;
  const documents = Array.isArray(input) ? undefined : input.documents;
  const bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  const gc = (globalThis as { gc?: () => void }).gc;
  // Warm the client (connections, credentials) so that the baseline holds them.
  await s3Client.send(new HeadBucketCommand({ Bucket: env().privateBucket }));
  gc?.();
  const heapOf = () => {
    const usage = process.memoryUsage();
    return { rss: usage.rss, heap: usage.heapUsed + usage.arrayBuffers };
  };
  const start = heapOf();
  const peak = { ...start };
  const sampler = setInterval(() => {
    const now = heapOf();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heap);
  }, 20);
  const started = performance.now();
  let zipBytes: number | undefined;
  if (job.mode === 'zip' || job.mode === 'cartridge') {
    const zip = await writeZip({
      entries,
      ...(job.mode === 'cartridge' ? { documents } : {}),
      bucket: env().privateBucket,
      key: `${BENCH_PREFIX}${job.label}/${job.mode === 'cartridge' ? 'bundle.imscc' : 'bundle.zip'}`,
    });
    zipBytes = zip.size;
  } else {
    for (const entry of entries) {
      const object = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: entry.objectKey }));
      await new Upload({
        client: s3Client,
        params: {
          Bucket: env().privateBucket,
          Key: entry.objectKey.replace('/source/', '/copy/'),
          Body: object.Body as Readable,
          ContentType: entry.type,
        },
        partSize: ZIP_PART_BYTES,
        queueSize: ZIP_PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      }).done();
    }
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const end = heapOf();
  gc?.();
  const result: ChildResult = {
    ms,
    bytes,
    peakRss: Math.max(peak.rss, end.rss) - start.rss,
    peakHeap: Math.max(peak.heap, end.heap) - start.heap,
    retainedHeap: heapOf().heap - start.heap,
    ...(zipBytes === undefined ? {} : { zipBytes }),
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/**
 * Measures the bundle figures on an embedded S3 emulator of its own (started and
 * stopped here, its folder removed). `sizes` defaults to 100 MB and 1 GB, or 100 MB
 * only when `BENCH_BUNDLE_SKIP_1GB` is set.
 */
export async function bundleBenchFigures(
  sizes: readonly { label: string; bytes: number }[] = process.env.BENCH_BUNDLE_SKIP_1GB
    ? [{ label: '100 MB', bytes: 100 * 1e6 }]
    : [
        { label: '100 MB', bytes: 100 * 1e6 },
        { label: '1 GB', bytes: 1e9 },
      ],
): Promise<BundleSizeFigures[]> {
  const emulators = await startEmulators({ dataDir: null, external: {} });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-bundles-'));
  const results: BundleSizeFigures[] = [];
  try {
    for (const size of sizes) {
      const label = size.label.replace(/\s+/g, '');
      try {
        const entries = await generate(label, size.bytes);
        const entriesFile = path.join(scratch, `${label}.json`);
        await writeFile(entriesFile, JSON.stringify(entries));
        const copy = await inChild({ mode: 'copy', label, entriesFile });
        const zip = await inChild({ mode: 'zip', label, entriesFile });
        const mbps = (r: ChildResult) => r.bytes / 1e6 / (r.ms / 1000);
        results.push({
          label: size.label,
          files: entries.length,
          bytes: zip.bytes,
          zip: { ...zip, mbPerSecond: mbps(zip) },
          copy: { ...copy, mbPerSecond: mbps(copy) },
          ratio: mbps(zip) / mbps(copy),
        });
      } finally {
        await deletePrefix(`${BENCH_PREFIX}${label}/`);
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await emulators.stop();
  }
  return results;
}

function describe(figures: readonly BundleSizeFigures[]): string {
  return figures
    .map(
      (f) =>
        `${f.label} (${f.files} files, ${(f.bytes / 1e6).toFixed(0)} MB → zip ${((f.zip.zipBytes ?? 0) / 1e6).toFixed(0)} MB): ` +
        `zip ${f.zip.mbPerSecond.toFixed(1)} MB/s, copy ${f.copy.mbPerSecond.toFixed(1)} MB/s, ratio ${f.ratio.toFixed(2)}; ` +
        `zip peak growth RSS ${(f.zip.peakRss / MiB).toFixed(1)} MiB, heap ${(f.zip.peakHeap / MiB).toFixed(1)} MiB, ` +
        `retained after GC ${(f.zip.retainedHeap / MiB).toFixed(1)} MiB ` +
        `(copy: RSS ${(f.copy.peakRss / MiB).toFixed(1)} MiB)`,
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (process.argv[2] === '--child') {
    await childMain(JSON.parse(process.argv[3] ?? '{}'));
  } else {
    console.log(describe(await bundleBenchFigures()));
  }
  process.exit(0);
}
