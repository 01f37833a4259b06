import path from 'node:path';
import { BUCKETS, TABLE } from '#shared/table';
import { seedDownloadHistory } from '../../functions/src/seed/download-history.ts';
import { runSeed, type SeedReport } from '../../functions/src/seed/import.ts';
import { DataDirInUseError, startEmulators } from './emulators.ts';

/**
 * `npm run seed`: imports the seed data. With `AWS_ENDPOINT_URL` /
 * `AWS_ENDPOINT_URL_DYNAMODB` (LocalStack, a running portal's emulators) or a real
 * `TABLE_NAME` configured, it seeds there; otherwise it starts the embedded emulators
 * on `DATA_DIR` (default `.data/`), seeds, and stops them. Exit code 1 on failure,
 * including a data folder held by a running portal.
 *
 * `--downloads N` (and optionally `--seed S`) then adds a synthetic download history of
 * N events (functions/src/seed/download-history.ts); it is refused when the table already counts
 * downloads.
 *
 * It lives in infra/local/ because it starts the embedded emulators: functions/ imports
 * nothing from infra/ (issue 23 item 1).
 */

const log = (line: string) => console.log(line);

/** `--downloads N` and `--seed S` of the command line. */
function parseArguments(argv: readonly string[]): { downloads: number; seed: string | undefined } {
  let downloads = 0;
  let seed: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] as string).split('=', 2);
    let value = inline;
    if (value === undefined) {
      i += 1;
      value = argv[i];
    }
    if (flag === '--downloads') {
      if (!value || !/^\d+$/.test(value)) throw new Error(`--downloads needs a whole number, not "${value ?? ''}".`);
      downloads = Number(value);
    } else if (flag === '--seed') {
      if (!value) throw new Error('--seed needs a value.');
      seed = value;
    } else {
      throw new Error(`Unknown argument "${flag}". Usage: npm run seed -- [--downloads N] [--seed S]`);
    }
  }
  return { downloads, seed };
}

async function seedAll(options: { downloads: number; seed: string | undefined }): Promise<void> {
  log(summary(await runSeed({ log })));
  if (options.downloads > 0) await seedDownloadHistory({ count: options.downloads, seed: options.seed, log });
}

function summary(report: SeedReport): string {
  const counts = (
    ['knowledge', 'workRoles', 'competencyAreas', 'crosswalk', 'contributors', 'files', 'content'] as const
  )
    .map((kind) => `${kind} ${report[kind].created} created / ${report[kind].alreadyPresent} already present`)
    .join(', ');
  return `seed: ${counts}; search catalog revision ${report.catalog.revision} (${report.catalog.documents} documents); ${report.mappings.length} mapping rules applied`;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const endpoint = process.env.AWS_ENDPOINT_URL || process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (endpoint || process.env[TABLE.nameEnv]) {
    if (endpoint) {
      // An emulator elsewhere uses the local stack's names unless told otherwise.
      process.env[TABLE.nameEnv] ??= TABLE.localName;
      process.env[BUCKETS.private.nameEnv] ??= BUCKETS.private.localName;
      process.env[BUCKETS.public.nameEnv] ??= BUCKETS.public.localName;
    }
    log(`seed: into table ${process.env[TABLE.nameEnv]}${endpoint ? ` at ${endpoint}` : ''}`);
    await seedAll(options);
    return;
  }

  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  try {
    emulators = await startEmulators({ dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(
        `seed: ${dataDir} is in use by a running portal; stop it first, or seed into it with AWS_ENDPOINT_URL.`,
      );
      process.exit(1);
    }
    throw error;
  }
  try {
    log(`seed: into the embedded emulators on ${dataDir}`);
    await seedAll(options);
  } finally {
    await emulators.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`seed: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
