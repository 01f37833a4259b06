import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { BRANDS, type Brand } from '#shared/enums';
import { BUCKETS, TABLE } from '#shared/table';
import { bucketName, DataDirInUseError, startEmulators, tableName } from '../local/emulators.ts';
import { ArchiveError, type PortalResources } from './portal-archive.ts';

/**
 * Where `npm run backup` reads and `npm run restore` writes (decision record 082), the
 * same three homes as `npm run seed`:
 * - a deployment, `--stage <stage> [--brand USCR|VACR] [--region <r>]`: the Data stack
 *   `Portal-<brand>-<stage>-Data`'s table and buckets, found by the names CloudFormation
 *   gives them, with the SDK's default credentials; `--table`, `--private-bucket` and
 *   `--public-bucket` name them outright (the stack's outputs);
 * - an endpoint given by `AWS_ENDPOINT_URL` / `AWS_ENDPOINT_URL_DYNAMODB` (a running
 *   portal's emulators, LocalStack): the local names unless `TABLE_NAME`,
 *   `PRIVATE_BUCKET`, `PUBLIC_BUCKET` say otherwise;
 * - else the data folder `DATA_DIR` (default `.data`), opened with the embedded
 *   emulators; refused while a running portal holds it.
 */

/** The command line of both tools. */
export interface ArchiveArguments {
  readonly file: string;
  readonly force: boolean;
  readonly stage: string | undefined;
  readonly brand: Brand;
  readonly region: string | undefined;
  readonly table: string | undefined;
  readonly privateBucket: string | undefined;
  readonly publicBucket: string | undefined;
}

const STAGE_PATTERN = /^[a-z][a-z0-9]{0,11}$/;

/**
 * Parses `<file> [--force] [--stage s] [--brand B] [--region r] [--table t]
 * [--private-bucket b] [--public-bucket b]` (`--force` for restore only).
 * @throws ArchiveError with the usage for anything else.
 */
export function parseArchiveArguments(tool: 'backup' | 'restore', argv: readonly string[]): ArchiveArguments {
  const usage = `Usage: npm run ${tool} -- <file>${tool === 'restore' ? ' [--force]' : ''} [--stage <stage> [--brand USCR|VACR] [--region <region>]] [--table <name> --private-bucket <name> --public-bucket <name>]`;
  const values = new Map<string, string>();
  const files: string[] = [];
  let force = false;
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i] as string;
    if (!argument.startsWith('--')) {
      files.push(argument);
      continue;
    }
    if (argument === '--force' && tool === 'restore') {
      force = true;
      continue;
    }
    const [flag = '', inline] = argument.split(/=(.*)/s, 2);
    if (!['--stage', '--brand', '--region', '--table', '--private-bucket', '--public-bucket'].includes(flag)) {
      throw new ArchiveError(`Unknown argument "${flag}". ${usage}`);
    }
    const value = inline ?? argv[++i];
    if (!value) throw new ArchiveError(`${flag} needs a value. ${usage}`);
    values.set(flag, value);
  }
  if (files.length !== 1) throw new ArchiveError(`Give exactly one archive file. ${usage}`);
  const stage = values.get('--stage');
  if (stage !== undefined && !STAGE_PATTERN.test(stage)) {
    throw new ArchiveError(`--stage must be lower-case letters and digits, starting with a letter (got "${stage}").`);
  }
  const brand = values.get('--brand') ?? 'USCR';
  if (!(BRANDS as readonly string[]).includes(brand)) {
    throw new ArchiveError(`--brand must be one of ${BRANDS.join(', ')} (got "${brand}").`);
  }
  const named = ['--table', '--private-bucket', '--public-bucket'].filter((flag) => values.has(flag));
  if (named.length !== 0 && named.length !== 3) {
    throw new ArchiveError(`--table, --private-bucket and --public-bucket go together. ${usage}`);
  }
  if (stage === undefined && (values.has('--brand') || values.has('--region'))) {
    throw new ArchiveError(`--brand and --region go with --stage. ${usage}`);
  }
  return {
    file: path.resolve(files[0] as string),
    force,
    stage,
    brand: brand as Brand,
    region: values.get('--region'),
    table: values.get('--table'),
    privateBucket: values.get('--private-bucket'),
    publicBucket: values.get('--public-bucket'),
  };
}

/**
 * The name prefixes CloudFormation gives the Data stack's resources (infra/stacks/portal.ts
 * names the stack `Portal-<brand>-<stage>-Data`; infra/stacks/data-stack.ts names the
 * constructs `Table`, `PrivateBucket`, `PublicBucket`): a table is
 * `<stack>-<logical id>-<random>`, a bucket the same in lower case.
 */
export function stageNamePrefixes(brand: Brand, stage: string): { table: string; private: string; public: string } {
  const stack = `Portal-${brand}-${stage}-Data`;
  return {
    table: `${stack}-Table`,
    private: `${stack.toLowerCase()}-privatebucket`,
    public: `${stack.toLowerCase()}-publicbucket`,
  };
}

/**
 * Picks the stage's table and buckets among the account's names by
 * {@link stageNamePrefixes}.
 * @throws ArchiveError when a resource has no match or more than one (then name them
 *   with --table, --private-bucket, --public-bucket, from the stack's outputs).
 */
export function pickStageResources(
  brand: Brand,
  stage: string,
  tables: readonly string[],
  buckets: readonly string[],
): { table: string; buckets: { private: string; public: string } } {
  const prefixes = stageNamePrefixes(brand, stage);
  const one = (what: string, prefix: string, names: readonly string[]) => {
    const found = names.filter((name) => name.startsWith(prefix));
    if (found.length === 1) return found[0] as string;
    throw new ArchiveError(
      `${found.length === 0 ? 'No' : 'More than one'} ${what} of Portal-${brand}-${stage}-Data (${prefix}…)${found.length ? `: ${found.join(', ')}` : ''}; name them with --table, --private-bucket and --public-bucket (the stack's outputs TableName, PrivateBucketName, PublicBucketName).`,
    );
  };
  return {
    table: one('table', prefixes.table, tables),
    buckets: {
      private: one('private bucket', prefixes.private, buckets),
      public: one('public bucket', prefixes.public, buckets),
    },
  };
}

/** An opened target: clients and names, what the manifest calls it, and how to let it go. */
export interface OpenedTarget {
  readonly resources: PortalResources;
  readonly source: string;
  close(): Promise<void>;
}

function s3ClientFor(pathStyle: boolean): S3Client {
  return new S3Client({
    forcePathStyle: pathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Opens the table and buckets the arguments and environment name (see the module comment).
 * @throws ArchiveError for a data folder held by a running portal or a stage whose
 *   resources cannot be found; SDK errors as they come.
 */
export async function openTarget(
  tool: 'backup' | 'restore',
  args: ArchiveArguments,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OpenedTarget> {
  const named =
    args.table && args.privateBucket && args.publicBucket
      ? { table: args.table, buckets: { private: args.privateBucket, public: args.publicBucket } }
      : undefined;
  if (args.stage !== undefined) {
    if (args.region) env.AWS_REGION = args.region;
    const dynamodb = new DynamoDBClient({});
    const s3 = s3ClientFor(false);
    let names = named;
    if (!names) {
      const tables: string[] = [];
      let start: string | undefined;
      do {
        const page = await dynamodb.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
        tables.push(...(page.TableNames ?? []));
        start = page.LastEvaluatedTableName;
      } while (start);
      const buckets = ((await s3.send(new ListBucketsCommand({}))).Buckets ?? []).flatMap((b) =>
        b.Name ? [b.Name] : [],
      );
      names = pickStageResources(args.brand, args.stage, tables, buckets);
    }
    return {
      resources: { dynamodb, s3, ...names },
      source: `stage ${args.brand}/${args.stage}`,
      close: async () => {
        dynamodb.destroy();
        s3.destroy();
      },
    };
  }

  const endpoint = env.AWS_ENDPOINT_URL || env.AWS_ENDPOINT_URL_DYNAMODB;
  if (endpoint) {
    const dynamodb = new DynamoDBClient({});
    const s3 = s3ClientFor(Boolean(env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL));
    return {
      resources: {
        dynamodb,
        s3,
        ...(named ?? {
          table: env[TABLE.nameEnv] ?? TABLE.localName,
          buckets: {
            private: env[BUCKETS.private.nameEnv] ?? BUCKETS.private.localName,
            public: env[BUCKETS.public.nameEnv] ?? BUCKETS.public.localName,
          },
        }),
      },
      source: `endpoint ${endpoint}`,
      close: async () => {
        dynamodb.destroy();
        s3.destroy();
      },
    };
  }

  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  try {
    emulators = await startEmulators({ dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new ArchiveError(
        `${dataDir} is in use by a running portal; stop it first, or ${tool} through its emulators with AWS_ENDPOINT_URL.`,
      );
    }
    throw error;
  }
  const dynamodb = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb });
  const s3 = new S3Client({
    endpoint: emulators.endpoints.s3,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    resources: {
      dynamodb,
      s3,
      table: tableName(),
      buckets: { private: bucketName('private'), public: bucketName('public') },
    },
    source: `data-folder ${dataDir}`,
    close: async () => {
      dynamodb.destroy();
      s3.destroy();
      await emulators.stop();
    },
  };
}
