/**
 * Backup and restore of a whole portal (issue 28 item 1 "Figures to report"; decision
 * record 082), on data folders as `npm run backup` and `npm run restore` use them.
 *
 * For each history size (`BENCH_BACKUP_DOWNLOADS`, default `2000,100000`: the seeded
 * portal as `npm start` leaves it, with its 2,000 synthetic downloads, and one with 10⁵
 * downloads), a fresh data folder is filled by the dashboard bench's generator
 * (`generateDownloadHistoryInto` of `dashboard.ts`: the catalog seed, then the history);
 * then one fresh Node process (no garbage of the generator, a clean RSS) measures, in
 * this order:
 *
 * 1. a plain recursive copy of the data folder (`fs.cp`), the first baseline;
 * 2. a plain zip of the data folder with the same library and settings as the archive
 *    (yazl, deflate), the second baseline, and its size;
 * 3. the backup: `openTarget('backup')` on the data folder (the embedded emulators
 *    started on it, timed apart) and `writeBackup`, the tool's own entry points;
 * 4. the restore's verification alone (`openArchive`: every CRC-32 and sha256);
 * 5. the restore: `openTarget('restore')` on a fresh empty folder and `restoreBackup`
 *    (which verifies the archive again, then writes), then `countTarget` of the
 *    restored folder, checked equal to the manifest's counts;
 * 6. extracting the plain zip (yauzl) into a fresh folder, the restore's baseline.
 *
 * Each step's peak RSS growth of the measuring process is sampled every 20 ms (the
 * emulators' DynamoDB runs in a child process of its own and is not in it); the
 * 1-minute load average is read before and after each step. Runnable alone:
 * `npx tsx tests/bench/backup.ts [downloads…]`.
 */

import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { DEFAULT_SEED_DOWNLOADS } from '../../infra/local/portal.ts';
import { openTarget, parseArchiveArguments } from '../../infra/tools/archive-target.ts';
import { countTarget, openArchive, restoreBackup, writeBackup } from '../../infra/tools/portal-archive.ts';
import { generateDownloadHistoryInto } from './dashboard.ts';
import { type Figure, freshEnvironment, loadAverage, printFigures, ROOT, TSX } from './support.ts';

const execFileAsync = promisify(execFile);

/** One measured step: wall ms, peak RSS growth of the measuring process (bytes), load average before → after. */
interface Step {
  readonly ms: number;
  readonly peakRssGrowth: number;
  readonly loadAverage: [number, number];
}

/** What the measuring process reports for one data folder. */
interface BackupMeasurement {
  readonly folderBytes: number;
  readonly folderFiles: number;
  readonly copy: Step;
  readonly zip: Step & { readonly bytes: number };
  /** Starting the embedded emulators on the data folder (`openTarget`), not part of `backup`. */
  readonly open: Step;
  readonly backup: Step & { readonly archiveBytes: number; readonly dataBytes: number };
  readonly items: number;
  readonly objects: number;
  readonly verify: Step;
  readonly restore: Step;
  readonly restoredItems: number;
  readonly restoredObjects: number;
  readonly unzip: Step;
}

/** Runs `act`, sampling this process's RSS every 20 ms; answers its result with the step's figures. */
async function step<T>(act: () => Promise<T>): Promise<{ result: T; step: Step }> {
  const before = loadAverage();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await act();
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      result,
      step: { ms: performance.now() - started, peakRssGrowth: peak - rssBefore, loadAverage: [before, loadAverage()] },
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Every file under `dir`, as paths relative to it (the data folder holds no links). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A plain zip of every file of `dir` (yazl, its default deflate), as the archive is written. */
async function zipFolder(dir: string, file: string): Promise<void> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  for (const name of await filesUnder(dir)) zip.addFile(path.join(dir, name), name.split(path.sep).join('/'));
  zip.end();
  await written;
}

/** Extracts every entry of the zip `file` into `dir` (yauzl, CRC-32 checked), one entry at a time. */
async function unzipInto(file: string, dir: string): Promise<void> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        const target = path.join(dir, entry.fileName);
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error(`no stream for ${entry.fileName}`));
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target)))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Measures the steps of the module comment on `dataDir`; scratch files go to a temporary folder removed at the end. */
async function measureIn(dataDir: string): Promise<BackupMeasurement> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-backup-work-'));
  // The tools read the data folder from DATA_DIR; endpoints set by anything earlier would send them elsewhere.
  const envFor = (folder: string) => freshEnvironment({ DATA_DIR: folder });
  try {
    const files = await filesUnder(dataDir);
    let folderBytes = 0;
    for (const name of files) folderBytes += (await stat(path.join(dataDir, name))).size;

    const copy = await step(() => cp(dataDir, path.join(work, 'copy'), { recursive: true }));
    const zipFile = path.join(work, 'plain.zip');
    const zip = await step(() => zipFolder(dataDir, zipFile));
    const zipBytes = (await stat(zipFile)).size;

    const archive = path.join(work, 'portal-backup.zip');
    const opened = await step(() => openTarget('backup', parseArchiveArguments('backup', [archive]), envFor(dataDir)));
    const backup = await step(async () => {
      try {
        return await writeBackup({ file: archive, resources: opened.result.resources, source: opened.result.source });
      } finally {
        await opened.result.close();
      }
    });
    const manifest = backup.result;
    const archiveBytes = (await stat(archive)).size;

    const verify = await step(async () => (await openArchive(archive)).close());

    const restoreDir = path.join(work, 'restored');
    await mkdir(restoreDir);
    const restore = await step(async () => {
      const target = await openTarget('restore', parseArchiveArguments('restore', [archive]), envFor(restoreDir));
      try {
        await restoreBackup({ file: archive, resources: target.resources });
        return await countTarget(target.resources);
      } finally {
        await target.close();
      }
    });
    const restored = restore.result;
    const restoredObjects = restored.objects.private + restored.objects.public;
    if (restored.items !== manifest.table.items || restoredObjects !== manifest.objects.length) {
      throw new Error(
        `the restored folder holds ${restored.items} items and ${restoredObjects} objects, the archive ${manifest.table.items} and ${manifest.objects.length}`,
      );
    }
    const unzip = await step(() => unzipInto(zipFile, path.join(work, 'unzipped')));
    return {
      folderBytes,
      folderFiles: files.length,
      copy: copy.step,
      zip: { ...zip.step, bytes: zipBytes },
      open: opened.step,
      backup: { ...backup.step, archiveBytes, dataBytes: manifest.totalBytes },
      items: manifest.table.items,
      objects: manifest.objects.length,
      verify: verify.step,
      restore: restore.step,
      restoredItems: restored.items,
      restoredObjects,
      unzip: unzip.step,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Runs {@link measureIn} in a new Node process (see the module comment). */
async function measureInChild(dataDir: string): Promise<BackupMeasurement> {
  const { stdout } = await execFileAsync(TSX, [fileURLToPath(import.meta.url), 'measure', dataDir], {
    cwd: ROOT,
    env: freshEnvironment({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }),
    maxBuffer: 16 * 2 ** 20,
  });
  return JSON.parse(stdout) as BackupMeasurement;
}

const mib = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

/** The figures of one history size (see {@link backupFigures}). */
function figuresOf(downloads: number, m: BackupMeasurement): Figure[] {
  const what =
    downloads === DEFAULT_SEED_DOWNLOADS
      ? `seeded portal (${downloads.toLocaleString('en-US')} downloads, ${m.items.toLocaleString('en-US')} items, ${m.objects} objects)`
      : `${downloads.toLocaleString('en-US')} downloads (${m.items.toLocaleString('en-US')} items, ${m.objects} objects)`;
  const copy = { name: 'plain recursive copy of the data folder (s)', value: seconds(m.copy.ms) };
  return [
    {
      name: `backup (writeBackup), ${what}`,
      value: seconds(m.backup.ms),
      unit: 's',
      baseline: { name: 'plain zip of the data folder, same library (s)', value: seconds(m.zip.ms) },
      loadAverage: m.backup.loadAverage,
    },
    { name: `backup ÷ folder copy, ${what}`, value: seconds(m.backup.ms), unit: 's', baseline: copy },
    {
      name: `backup: starting the embedded emulators on the folder (openTarget, not in the backup time), ${what}`,
      value: seconds(m.open.ms),
      unit: 's',
    },
    {
      name: `backup items/s, ${what}`,
      value: Math.round(m.items / (m.backup.ms / 1000)),
      unit: 'items/s',
    },
    {
      name: `archive size, ${what}`,
      value: mib(m.backup.archiveBytes),
      unit: 'MiB',
      baseline: { name: 'plain zip of the data folder (MiB)', value: mib(m.zip.bytes) },
    },
    {
      name: `archive size ÷ data folder on disk (${m.folderFiles} files), ${what}`,
      value: mib(m.backup.archiveBytes),
      unit: 'MiB',
      baseline: { name: 'data folder on disk (MiB)', value: mib(m.folderBytes) },
    },
    {
      name: `data in the archive before compression (table chunks + objects, the manifest's totalBytes), ${what}`,
      value: mib(m.backup.dataBytes),
      unit: 'MiB',
    },
    {
      name: `backup peak RSS growth (the measuring process), ${what}`,
      value: mib(m.backup.peakRssGrowth),
      unit: 'MiB',
      baseline: { name: 'plain zip of the folder (MiB)', value: mib(m.zip.peakRssGrowth) },
    },
    {
      name: `restore (restoreBackup into an empty folder: verification, then writes), ${what}`,
      value: seconds(m.restore.ms),
      unit: 's',
      baseline: { name: 'extracting the plain zip, same library (s)', value: seconds(m.unzip.ms) },
      loadAverage: m.restore.loadAverage,
    },
    { name: `restore ÷ folder copy, ${what}`, value: seconds(m.restore.ms), unit: 's', baseline: copy },
    {
      name: `restore: verification alone (openArchive, every CRC-32 and sha256), ${what}`,
      value: seconds(m.verify.ms),
      unit: 's',
      baseline: { name: 'restore in all (s)', value: seconds(m.restore.ms) },
    },
    {
      name: `restore items/s, ${what}`,
      value: Math.round(m.items / (m.restore.ms / 1000)),
      unit: 'items/s',
    },
    {
      name: `restore peak RSS growth (the measuring process), ${what}`,
      value: mib(m.restore.peakRssGrowth),
      unit: 'MiB',
      baseline: { name: 'extracting the plain zip (MiB)', value: mib(m.unzip.peakRssGrowth) },
    },
    {
      name: `items and objects counted in the restored folder, ${what}`,
      value: m.restoredItems + m.restoredObjects,
      unit: 'items + objects',
      baseline: { name: 'in the manifest', value: m.items + m.objects },
    },
  ];
}

/**
 * The backup and restore figures (see the module comment): per size of
 * `BENCH_BACKUP_DOWNLOADS`, a data folder generated, measured in a fresh process, removed.
 * @throws Error when a size is not a whole number, a step fails, or the restored folder's
 *   counts differ from the manifest's.
 */
export async function backupFigures(log: (line: string) => void = () => undefined): Promise<Figure[]> {
  const text = process.env.BENCH_BACKUP_DOWNLOADS ?? `${DEFAULT_SEED_DOWNLOADS},100000`;
  const sizes = text.split(',').map((part) => part.trim());
  if (sizes.some((size) => !/^\d+$/.test(size))) {
    throw new Error(`BENCH_BACKUP_DOWNLOADS must be whole numbers separated by commas, not "${text}"`);
  }
  const figures: Figure[] = [];
  for (const downloads of sizes.map(Number)) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-backup-'));
    try {
      log(`backup bench: generating ${downloads} downloads (load average ${loadAverage()})`);
      await generateDownloadHistoryInto(dataDir, downloads, () => undefined);
      const m = await measureInChild(dataDir);
      log(
        `backup bench, ${downloads} downloads: ${m.items} items, ${m.objects} objects; copy ${Math.round(m.copy.ms)} ms, ` +
          `plain zip ${Math.round(m.zip.ms)} ms (${m.zip.bytes} B), backup ${Math.round(m.backup.ms)} ms (${m.backup.archiveBytes} B, load average ${m.backup.loadAverage.join('→')}), ` +
          `verify ${Math.round(m.verify.ms)} ms, restore ${Math.round(m.restore.ms)} ms (load average ${m.restore.loadAverage.join('→')}), unzip ${Math.round(m.unzip.ms)} ms`,
      );
      figures.push(...figuresOf(downloads, m));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (process.argv[2] === 'measure') {
    // A measuring child of backupFigures: its only output is the measurement.
    const out = console.log;
    console.log = () => undefined;
    out(JSON.stringify(await measureIn(process.argv[3] ?? '')));
    process.exit(0);
  }
  if (process.argv.length > 2) process.env.BENCH_BACKUP_DOWNLOADS = process.argv.slice(2).join(',');
  printFigures(await backupFigures((line) => console.error(line)));
  process.exit(0);
}
