import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import * as z from 'zod';
import { TABLE } from '#shared/table';

/**
 * The backup archive of a whole portal (issue 28 item 1, decision record 082): one zip
 * holding the single table (DynamoDB JSON lines, in chunks) and every object of both
 * buckets (bytes as stored, with content type and metadata in the manifest), plus
 * `manifest.json` with counts and the sha256 of every other entry. Written streaming
 * (yazl), one object or one chunk of items in memory at a time; read with yauzl,
 * every checksum verified before anything is written.
 */

/** The `format` field of every manifest. */
export const ARCHIVE_FORMAT = 'courseware-portal-backup';
/** Version of the archive layout; a reader refuses any other. */
export const ARCHIVE_FORMAT_VERSION = 1;
/** Items per table chunk entry (`table/items-000001.jsonl`): about 5 MB of JSON at most in memory. */
export const TABLE_CHUNK_ITEMS = 5_000;
const MANIFEST_ENTRY = 'manifest.json';
/** BatchWriteItem requests in flight during a restore. */
const WRITE_CONCURRENCY = 8;
/** Objects uploaded at once during a restore. */
const OBJECT_CONCURRENCY = 4;
/** Attempts of one BatchWriteItem before its unprocessed items fail the restore. */
const BATCH_ATTEMPTS = 8;

/** The two buckets of `#shared/table` BUCKETS, by their role. */
export type BucketRole = 'private' | 'public';
export const BUCKET_ROLES: readonly BucketRole[] = ['private', 'public'];

/** Where a portal's data lives: clients and physical names. */
export interface PortalResources {
  readonly dynamodb: DynamoDBClient;
  readonly s3: S3Client;
  readonly table: string;
  readonly buckets: Readonly<Record<BucketRole, string>>;
}

/** A refusal of the backup or restore tool: its message is the one line the command prints. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}

/** Thrown by a restore into a table or bucket that holds data, without `force`. */
export class TargetNotEmptyError extends ArchiveError {}

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const ObjectRecord = z.object({
  bucket: z.enum(['private', 'public']),
  key: z.string().min(1),
  entry: z.string(),
  size: z.number().int().nonnegative(),
  sha256: Sha256,
  contentType: z.string().optional(),
  contentDisposition: z.string().optional(),
  contentEncoding: z.string().optional(),
  contentLanguage: z.string().optional(),
  cacheControl: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
});
export type ObjectRecord = z.infer<typeof ObjectRecord>;

const TableKeySchema = z.object({
  partitionKey: z.string(),
  sortKey: z.string(),
  indexes: z.record(z.string(), z.object({ partitionKey: z.string(), sortKey: z.string() })),
});

/** `manifest.json`: what the archive holds, and the checksum of every other entry. */
export const Manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  /** ISO time the backup started. */
  createdAt: z.string(),
  /** What was backed up: `data-folder <path>`, `endpoint <url>` or `stage <brand>/<stage>`. */
  source: z.string(),
  table: z.object({
    name: z.string(),
    keySchema: TableKeySchema,
    /**
     * The portal's own data schema version; the code keeps none yet (every item shape is
     * read tolerantly, decision record 082), so null.
     */
    schemaVersion: z.number().int().nullable(),
    items: z.number().int().nonnegative(),
    /** Items per entity kind: the `pk` up to its first `#` (`CONTENT`, `USER`, `DOWNLOAD`, …). */
    itemsByKind: z.record(z.string(), z.number().int().nonnegative()),
    chunks: z.array(z.object({ entry: z.string(), items: z.number().int(), bytes: z.number().int(), sha256: Sha256 })),
  }),
  buckets: z.object({
    private: z.object({ name: z.string(), objects: z.number().int(), bytes: z.number().int() }),
    public: z.object({ name: z.string(), objects: z.number().int(), bytes: z.number().int() }),
  }),
  objects: z.array(ObjectRecord),
  /** Bytes of table chunks and objects, uncompressed. */
  totalBytes: z.number().int().nonnegative(),
});
export type Manifest = z.infer<typeof Manifest>;

/** The key schema of the code's table (`#shared/table`), as a manifest records it. */
export function currentKeySchema(): z.infer<typeof TableKeySchema> {
  return {
    partitionKey: TABLE.partitionKey,
    sortKey: TABLE.sortKey,
    indexes: Object.fromEntries(
      Object.values(TABLE.indexes).map((index) => [
        index.indexName,
        { partitionKey: index.partitionKey, sortKey: index.sortKey },
      ]),
    ),
  };
}

// --- DynamoDB JSON ------------------------------------------------------------------

/** A value of DynamoDB JSON as written to the archive: binary (`B`, `BS`) as base64. */
type JsonAttributeValue = Record<string, unknown>;

/**
 * An item's attribute values as JSON: the wire format of DynamoDB (`{"S": …}`,
 * `{"N": "1.50"}`, `{"SS": […]}`, …) with binary values base64-encoded, as DynamoDB's
 * own export writes them, so numbers keep their exact digits and sets stay sets.
 */
export function itemToJson(item: Record<string, AttributeValue>): Record<string, JsonAttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, valueToJson(value)]));
}

function valueToJson(value: AttributeValue): JsonAttributeValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.M !== undefined) return { M: itemToJson(value.M) };
  if (value.L !== undefined) return { L: value.L.map(valueToJson) };
  return value as unknown as JsonAttributeValue;
}

/** The inverse of {@link itemToJson}. */
export function itemFromJson(item: Record<string, JsonAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, valueFromJson(value)]));
}

function valueFromJson(value: JsonAttributeValue): AttributeValue {
  if (typeof value.B === 'string') return { B: Buffer.from(value.B, 'base64') };
  if (Array.isArray(value.BS)) return { BS: (value.BS as string[]).map((b) => Buffer.from(b, 'base64')) };
  if (value.M !== undefined) return { M: itemFromJson(value.M as Record<string, JsonAttributeValue>) };
  if (Array.isArray(value.L)) return { L: (value.L as JsonAttributeValue[]).map(valueFromJson) };
  return value as unknown as AttributeValue;
}

/** The entity kind of an item, for the manifest's counts: its `pk` up to the first `#`. */
export function entityKind(item: Record<string, AttributeValue>): string {
  const pk = item[TABLE.partitionKey]?.S ?? '';
  return pk.split('#', 1)[0] || '(none)';
}

// --- listing ------------------------------------------------------------------------

/** Every item of the table, page by page (strongly consistent Scan). */
async function* scanTable(resources: PortalResources): AsyncGenerator<Record<string, AttributeValue>[]> {
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await resources.dynamodb.send(
      new ScanCommand({ TableName: resources.table, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Every key of a bucket, page by page. ListObjects (v1) with `Marker`: s3rver fails a
 * truncated ListObjectsV2 (docs/local-stack.md), and v1 pages the same on AWS.
 */
async function* listKeys(s3: S3Client, bucket: string): AsyncGenerator<string[]> {
  let marker: string | undefined;
  for (;;) {
    const page = await s3.send(new ListObjectsCommand({ Bucket: bucket, Marker: marker, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length > 0) yield keys;
    if (!page.IsTruncated || keys.length === 0) return;
    marker = keys[keys.length - 1];
  }
}

// --- backup -------------------------------------------------------------------------

/** Options of {@link writeBackup}. */
export interface BackupOptions {
  /** The archive to write; written as `<file>.partial` and renamed when complete. */
  readonly file: string;
  readonly resources: PortalResources;
  /** The manifest's `source`. */
  readonly source: string;
  readonly now?: Date;
  readonly log?: (line: string) => void;
}

/** A pass-through that hashes (sha256) and counts the bytes flowing through it. */
function hashingTap(): { tap: Transform; result(): { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, result: () => ({ sha256: hash.digest('hex'), size }) };
}

/** Content types worth deflating; everything else (PDF, zip, images) is stored as it is. */
function compressible(contentType: string | undefined): boolean {
  return /^(text\/|application\/(json|xml|javascript)|image\/svg)/.test(contentType ?? '');
}

/**
 * Writes one archive of the table and both buckets to `options.file` (see the module
 * comment), streaming: table items in chunks of {@link TABLE_CHUNK_ITEMS}, objects
 * one at a time. Consistent when nothing writes meanwhile (a stopped portal); against
 * a running one each item and object is as it was when read (decision record 082).
 * @returns the manifest written.
 * @throws any error of the SDK or the file system; no archive is left behind then.
 */
export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const { resources } = options;
  const log = options.log ?? (() => undefined);
  const createdAt = (options.now ?? new Date()).toISOString();
  const partial = `${options.file}.partial`;
  const zip = new ZipFile();
  const output = createWriteStream(partial);
  const written = pipeline(zip.outputStream, output);
  // A failure before `written` is awaited must not be an unhandled rejection.
  written.catch(() => undefined);
  const mtime = new Date(createdAt);
  try {
    const itemsByKind: Record<string, number> = {};
    const chunks: Manifest['table']['chunks'] = [];
    let items = 0;
    let lines: string[] = [];
    const flush = () => {
      if (lines.length === 0) return;
      const bytes = Buffer.from(`${lines.join('\n')}\n`);
      const entry = `table/items-${String(chunks.length + 1).padStart(6, '0')}.jsonl`;
      chunks.push({
        entry,
        items: lines.length,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      zip.addBuffer(bytes, entry, { mtime, compress: true });
      lines = [];
    };
    for await (const page of scanTable(resources)) {
      for (const item of page) {
        lines.push(JSON.stringify(itemToJson(item)));
        const kind = entityKind(item);
        itemsByKind[kind] = (itemsByKind[kind] ?? 0) + 1;
        items += 1;
        if (lines.length >= TABLE_CHUNK_ITEMS) flush();
      }
    }
    flush();
    log(`backup: table ${resources.table}: ${items} items in ${chunks.length} chunk(s)`);

    const objects: ObjectRecord[] = [];
    const buckets = {} as Manifest['buckets'];
    for (const role of BUCKET_ROLES) {
      const bucket = resources.buckets[role];
      let count = 0;
      let bytes = 0;
      for await (const keys of listKeys(resources.s3, bucket)) {
        for (const key of keys) {
          const object = await resources.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const entry = `objects/${role}/${String(count + 1).padStart(6, '0')}`;
          const { tap, result } = hashingTap();
          zip.addReadStream(tap, entry, {
            mtime: object.LastModified ?? mtime,
            compress: compressible(object.ContentType),
          });
          // The tap finishes once yazl has taken (nearly) all of it: one object in flight.
          await pipeline(object.Body as Readable, tap);
          const { sha256, size } = result();
          objects.push({
            bucket: role,
            key,
            entry,
            size,
            sha256,
            ...(object.ContentType ? { contentType: object.ContentType } : {}),
            ...(object.ContentDisposition ? { contentDisposition: object.ContentDisposition } : {}),
            ...(object.ContentEncoding ? { contentEncoding: object.ContentEncoding } : {}),
            ...(object.ContentLanguage ? { contentLanguage: object.ContentLanguage } : {}),
            ...(object.CacheControl ? { cacheControl: object.CacheControl } : {}),
            metadata: object.Metadata ?? {},
          });
          count += 1;
          bytes += size;
        }
      }
      buckets[role] = { name: bucket, objects: count, bytes };
      log(`backup: bucket ${bucket}: ${count} objects, ${bytes} bytes`);
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt,
      source: options.source,
      table: {
        name: resources.table,
        keySchema: currentKeySchema(),
        schemaVersion: null,
        items,
        itemsByKind,
        chunks,
      },
      buckets,
      objects,
      totalBytes: chunks.reduce((sum, c) => sum + c.bytes, 0) + buckets.private.bytes + buckets.public.bytes,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, { mtime, compress: true });
    zip.end();
    await written;
    await rename(partial, options.file);
    return manifest;
  } catch (error) {
    output.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

// --- reading ------------------------------------------------------------------------

/** An opened archive: its manifest (checked), and a stream of any entry. */
export interface OpenedArchive {
  readonly manifest: Manifest;
  open(entry: string): Promise<Readable>;
  close(): void;
}

function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const part of stream) {
    hash.update(part as Buffer);
    size += (part as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Opens an archive and verifies it whole: a zip (yauzl checks each entry's CRC-32), a
 * manifest of this format and version whose table key schema is the code's, every
 * entry it names present with its size and sha256, and no entry it does not name.
 * Reads every byte once; writes nothing.
 * @throws ArchiveError naming the first problem found.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new ArchiveError(`${file} is not a readable backup archive (${reason}).`);
  }
  try {
    const entries = await entriesOf(zip).catch((error: Error) => {
      throw new ArchiveError(`${file} is a damaged zip (${error.message}).`);
    });
    const open = async (name: string): Promise<Readable> => {
      const entry = entries.get(name);
      if (!entry) throw new ArchiveError(`${file} lacks the entry ${name} its manifest names.`);
      return zip.openReadStreamPromise(entry);
    };
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw new ArchiveError(`${file} has no ${MANIFEST_ENTRY}: it is not a portal backup.`);
    let raw: unknown;
    try {
      raw = JSON.parse((await readAll(await open(MANIFEST_ENTRY))).toString('utf8'));
    } catch (error) {
      throw new ArchiveError(`${file}: ${MANIFEST_ENTRY} is unreadable (${(error as Error).message}).`);
    }
    const parsed = Manifest.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ArchiveError(
        `${file}: ${MANIFEST_ENTRY} is not a portal backup manifest (${issue?.path.join('.') || 'root'}: ${issue?.message}).`,
      );
    }
    const manifest = parsed.data;
    if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
      throw new ArchiveError(
        `${file} is format version ${manifest.formatVersion}; this tool reads version ${ARCHIVE_FORMAT_VERSION}.`,
      );
    }
    if (JSON.stringify(manifest.table.keySchema) !== JSON.stringify(currentKeySchema())) {
      throw new ArchiveError(`${file} holds a table with other keys or indexes than this code's (#shared/table).`);
    }
    const expected = new Map<string, { sha256: string; size: number }>([
      ...manifest.table.chunks.map((c) => [c.entry, { sha256: c.sha256, size: c.bytes }] as const),
      ...manifest.objects.map((o) => [o.entry, { sha256: o.sha256, size: o.size }] as const),
    ]);
    for (const name of entries.keys()) {
      if (name !== MANIFEST_ENTRY && !expected.has(name)) {
        throw new ArchiveError(`${file} holds an entry its manifest does not name: ${name}.`);
      }
    }
    for (const [name, want] of expected) {
      let got: { sha256: string; size: number };
      try {
        got = await digest(await open(name));
      } catch (error) {
        if (error instanceof ArchiveError) throw error;
        throw new ArchiveError(`${file}: entry ${name} is damaged (${(error as Error).message}).`);
      }
      if (got.sha256 !== want.sha256 || got.size !== want.size) {
        throw new ArchiveError(`${file}: entry ${name} does not match its checksum in the manifest; nothing written.`);
      }
    }
    return { manifest, open, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

// --- restore ------------------------------------------------------------------------

/** What a target holds before a restore. */
export interface TargetContents {
  readonly items: number;
  readonly objects: Readonly<Record<BucketRole, number>>;
}

/** Counts every item and object of the target (a full Scan and listing). */
export async function countTarget(resources: PortalResources): Promise<TargetContents> {
  let items = 0;
  for await (const page of scanTable(resources)) items += page.length;
  const objects = { private: 0, public: 0 };
  for (const role of BUCKET_ROLES) {
    for await (const keys of listKeys(resources.s3, resources.buckets[role])) objects[role] += keys.length;
  }
  return { items, objects };
}

const isEmpty = (contents: TargetContents) =>
  contents.items === 0 && contents.objects.private === 0 && contents.objects.public === 0;

/** Waits 50 ms × 2^attempt with full jitter (at most ~6 s). */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** Math.min(attempt, 7)));

/**
 * BatchWriteItem of up to 25 requests, retrying unprocessed items with jittered
 * backoff ({@link BATCH_ATTEMPTS} attempts; the SDK's own retries handle throttling
 * of a whole request).
 * @throws Error when items are still unprocessed after the last attempt.
 */
async function batchWrite(resources: PortalResources, requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt >= BATCH_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed.`);
    if (attempt > 0) await backoff(attempt);
    const output = await resources.dynamodb.send(
      new BatchWriteItemCommand({ RequestItems: { [resources.table]: pending } }),
    );
    pending = output.UnprocessedItems?.[resources.table] ?? [];
  }
}

/** Runs `work` over `inputs`, at most `concurrency` at a time. */
async function eachConcurrently<T>(
  inputs: AsyncIterable<T> | Iterable<T>,
  concurrency: number,
  work: (input: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: unknown;
  for await (const input of inputs) {
    if (failure) break;
    const task: Promise<void> = work(input)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure;
}

/** Deletes every item and object of the target (restore `--force`). */
async function clearTarget(resources: PortalResources): Promise<void> {
  const keyOf = (item: Record<string, AttributeValue>) => ({
    [TABLE.partitionKey]: item[TABLE.partitionKey] as AttributeValue,
    [TABLE.sortKey]: item[TABLE.sortKey] as AttributeValue,
  });
  // Keys are collected first: deleting while a Scan pages can skip items.
  const keys: Record<string, AttributeValue>[] = [];
  for await (const page of scanTable(resources)) keys.push(...page.map(keyOf));
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < keys.length; i += 25) {
    batches.push(keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })));
  }
  await eachConcurrently(batches, WRITE_CONCURRENCY, (batch) => batchWrite(resources, batch));
  for (const role of BUCKET_ROLES) {
    const bucket = resources.buckets[role];
    const all: string[] = [];
    for await (const page of listKeys(resources.s3, bucket)) all.push(...page);
    for (let i = 0; i < all.length; i += 1000) {
      const output = await resources.s3.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: all.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (output.Errors && output.Errors.length > 0) {
        throw new Error(`Deleting ${output.Errors[0]?.Key} from ${bucket} failed: ${output.Errors[0]?.Message}`);
      }
    }
  }
}

/** Table items of the archive's chunks, 25 at a time (one BatchWriteItem each). */
async function* itemBatches(archive: OpenedArchive): AsyncGenerator<WriteRequest[]> {
  let batch: WriteRequest[] = [];
  for (const chunk of archive.manifest.table.chunks) {
    const text = (await readAll(await archive.open(chunk.entry))).toString('utf8');
    for (const line of text.split('\n')) {
      if (line === '') continue;
      batch.push({ PutRequest: { Item: itemFromJson(JSON.parse(line) as Record<string, JsonAttributeValue>) } });
      if (batch.length === 25) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** Options of {@link restoreBackup}. */
export interface RestoreOptions {
  readonly file: string;
  readonly resources: PortalResources;
  /** Replace a non-empty target: every item and object is deleted first. */
  readonly force?: boolean;
  readonly log?: (line: string) => void;
}

/** What {@link restoreBackup} did. */
export interface RestoreReport {
  readonly manifest: Manifest;
  /** What the target held before (deleted with `force`). */
  readonly replaced: TargetContents;
}

/**
 * Loads an archive into a table and two buckets: verifies the whole archive first
 * ({@link openArchive}), refuses a target holding any item or object unless `force`
 * (then deletes them all first, so the target ends equal to the archive), then writes
 * the objects (with their content type, metadata and headers) and then the items
 * (BatchWriteItem, unprocessed items retried), so no restored item points at a file
 * not yet there.
 * @throws ArchiveError for a corrupt or foreign archive (nothing written);
 *   TargetNotEmptyError for a non-empty target without `force` (nothing written);
 *   any SDK error while writing (the target is then partly restored: run again with `force`).
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { resources } = options;
  const log = options.log ?? (() => undefined);
  const archive = await openArchive(options.file);
  try {
    const { manifest } = archive;
    log(
      `restore: ${options.file} verified (${manifest.table.items} items, ${manifest.objects.length} objects, from ${manifest.source} at ${manifest.createdAt})`,
    );
    const replaced = await countTarget(resources);
    if (!isEmpty(replaced)) {
      const held = `${replaced.items} items in table ${resources.table}, ${replaced.objects.private} objects in ${resources.buckets.private}, ${replaced.objects.public} in ${resources.buckets.public}`;
      if (!options.force) {
        throw new TargetNotEmptyError(
          `The target is not empty (${held}); nothing written. Restore into an empty one, or pass --force to replace it.`,
        );
      }
      log(`restore: --force: deleting what the target holds (${held})`);
      await clearTarget(resources);
    }
    await eachConcurrently(manifest.objects, OBJECT_CONCURRENCY, async (object) => {
      await resources.s3.send(
        new PutObjectCommand({
          Bucket: resources.buckets[object.bucket],
          Key: object.key,
          Body: await archive.open(object.entry),
          ContentLength: object.size,
          ContentType: object.contentType,
          ContentDisposition: object.contentDisposition,
          ContentEncoding: object.contentEncoding,
          ContentLanguage: object.contentLanguage,
          CacheControl: object.cacheControl,
          Metadata: object.metadata,
        }),
      );
    });
    log(`restore: ${manifest.objects.length} objects written`);
    await eachConcurrently(itemBatches(archive), WRITE_CONCURRENCY, (batch) => batchWrite(resources, batch));
    log(`restore: ${manifest.table.items} items written into table ${resources.table}`);
    return { manifest, replaced };
  } finally {
    archive.close();
  }
}
