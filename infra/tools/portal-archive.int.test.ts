import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type AttributeValue,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { type RunningEmulators, startEmulators, tableDefinition } from '../local/emulators.ts';
import {
  ArchiveError,
  countTarget,
  openArchive,
  type PortalResources,
  restoreBackup,
  TargetNotEmptyError,
  writeBackup,
} from './portal-archive.ts';

/**
 * The archive's checks (issue 28 item 1, decision record 082) against the embedded
 * emulators in memory: types round-trip exactly, a damaged archive writes nothing, a
 * non-empty target is refused, and `force` replaces it whole.
 */

let emulators: RunningEmulators;
let dynamodb: DynamoDBClient;
let s3: S3Client;
let work: string;
let round = 0;

/** A fresh table and bucket pair in the running emulators. */
async function freshResources(): Promise<PortalResources> {
  round += 1;
  const resources: PortalResources = {
    dynamodb,
    s3,
    table: `archive-${round}`,
    buckets: { private: `archive-${round}-private`, public: `archive-${round}-public` },
  };
  await dynamodb.send(new CreateTableCommand(tableDefinition(resources.table)));
  await s3.send(new CreateBucketCommand({ Bucket: resources.buckets.private }));
  await s3.send(new CreateBucketCommand({ Bucket: resources.buckets.public }));
  return resources;
}

const ITEM: Record<string, AttributeValue> = {
  pk: { S: 'CONTENT#1' },
  sk: { S: 'CONTENT' },
  price: { N: '1.5' },
  big: { N: '12345678901234567890123456789012345678' },
  tags: { SS: ['a', 'b'] },
  scores: { NS: ['1', '2.5'] },
  blob: { B: new Uint8Array([0, 1, 2, 255]) },
  blobs: { BS: [new Uint8Array([9]), new Uint8Array([8, 7])] },
  flag: { BOOL: true },
  nothing: { NULL: true },
  list: { L: [{ S: 'x' }, { M: { n: { N: '-0.001' } } }] },
};

async function fill(resources: PortalResources): Promise<void> {
  await dynamodb.send(new PutItemCommand({ TableName: resources.table, Item: ITEM }));
  await dynamodb.send(
    new PutItemCommand({ TableName: resources.table, Item: { pk: { S: 'USER#2' }, sk: { S: 'USER' } } }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: resources.buckets.private,
      Key: 'files/01abc',
      Body: Buffer.from('%PDF-1.7 guide'),
      ContentType: 'application/pdf',
      ContentDisposition: 'attachment; filename="guide.pdf"',
      Metadata: { sha256: 'abc', owner: 'x' },
    }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: resources.buckets.public,
      Key: 'files/odd key/ü.png',
      Body: Buffer.from([137, 80, 78, 71]),
      ContentType: 'image/png',
    }),
  );
}

beforeAll(async () => {
  emulators = await startEmulators({ dataDir: null });
  dynamodb = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb });
  s3 = new S3Client({
    endpoint: emulators.endpoints.s3,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-archive-'));
});
afterAll(async () => {
  dynamodb?.destroy();
  s3?.destroy();
  await emulators?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

let source: PortalResources;
let archive: string;
beforeEach(async () => {
  source = await freshResources();
  await fill(source);
  archive = path.join(work, `backup-${round}.zip`);
  await writeBackup({ file: archive, resources: source, source: 'test' });
});

describe('writeBackup and restoreBackup', () => {
  it('writes a manifest with counts per kind and bucket, and restores every type and header exactly', async () => {
    const { manifest } = await openArchive(archive);
    expect(manifest.table).toMatchObject({ items: 2, itemsByKind: { CONTENT: 1, USER: 1 }, schemaVersion: null });
    expect(manifest.buckets.private).toMatchObject({ objects: 1, bytes: 14 });
    expect(manifest.buckets.public).toMatchObject({ objects: 1, bytes: 4 });
    expect(manifest.totalBytes).toBe((manifest.table.chunks[0]?.bytes ?? Number.NaN) + 18);

    const target = await freshResources();
    await restoreBackup({ file: archive, resources: target });
    const item = await dynamodb.send(
      new GetItemCommand({
        TableName: target.table,
        Key: { pk: ITEM.pk as AttributeValue, sk: ITEM.sk as AttributeValue },
      }),
    );
    expect(item.Item).toEqual(ITEM);
    const object = await s3.send(new GetObjectCommand({ Bucket: target.buckets.private, Key: 'files/01abc' }));
    expect(object.ContentType).toBe('application/pdf');
    expect(object.ContentDisposition).toBe('attachment; filename="guide.pdf"');
    expect(object.Metadata).toEqual({ sha256: 'abc', owner: 'x' });
    expect(await object.Body?.transformToString()).toBe('%PDF-1.7 guide');
    const odd = await s3.send(new GetObjectCommand({ Bucket: target.buckets.public, Key: 'files/odd key/ü.png' }));
    expect(Buffer.from((await odd.Body?.transformToByteArray()) ?? [])).toEqual(Buffer.from([137, 80, 78, 71]));
  });

  it('refuses an archive whose entry does not match its checksum, and writes nothing', async () => {
    // The same archive with one object's bytes changed and the manifest kept.
    const damaged = path.join(work, 'damaged.zip');
    const input = await yauzl.openPromise(archive, { lazyEntries: true });
    const output = new ZipFile();
    const written = pipeline(output.outputStream, createWriteStream(damaged));
    await new Promise<void>((resolve, reject) => {
      input.on('entry', async (entry: yauzl.Entry) => {
        const parts: Buffer[] = [];
        for await (const part of await input.openReadStreamPromise(entry)) parts.push(part as Buffer);
        let bytes = Buffer.concat(parts);
        if (entry.fileName.startsWith('objects/private/')) bytes = Buffer.from('%PDF-1.7 guidf');
        output.addBuffer(bytes, entry.fileName);
        input.readEntry();
      });
      input.on('end', resolve);
      input.on('error', reject);
      input.readEntry();
    });
    output.end();
    await written;

    const target = await freshResources();
    await expect(restoreBackup({ file: damaged, resources: target })).rejects.toThrow(
      /entry objects\/private\/000001 does not match its checksum/,
    );
    expect(await countTarget(target)).toEqual({ items: 0, objects: { private: 0, public: 0 } });
  });

  it('refuses a file that is not an archive in one line', async () => {
    await expect(openArchive(path.join(work, 'missing.zip'))).rejects.toThrow(ArchiveError);
    await expect(openArchive(path.join(import.meta.dirname, 'portal-archive.ts'))).rejects.toThrow(
      /is not a readable backup archive/,
    );
  });

  it('refuses a target that holds anything, unless forced', async () => {
    const target = await freshResources();
    await dynamodb.send(
      new PutItemCommand({ TableName: target.table, Item: { pk: { S: 'STRAY#1' }, sk: { S: 'STRAY' } } }),
    );
    await s3.send(new PutObjectCommand({ Bucket: target.buckets.public, Key: 'stray', Body: 'x' }));
    await expect(restoreBackup({ file: archive, resources: target })).rejects.toThrow(TargetNotEmptyError);
    await expect(restoreBackup({ file: archive, resources: target })).rejects.toThrow(
      /not empty \(1 items in table archive-\d+, 0 objects in archive-\d+-private, 1 in archive-\d+-public\); nothing written/,
    );
    expect(await countTarget(target)).toEqual({ items: 1, objects: { private: 0, public: 1 } });
  });

  it('with force, replaces what the target holds: it then holds exactly the archive', async () => {
    const target = await freshResources();
    await fill(target);
    await dynamodb.send(
      new PutItemCommand({ TableName: target.table, Item: { pk: { S: 'STRAY#1' }, sk: { S: 'STRAY' } } }),
    );
    await s3.send(new PutObjectCommand({ Bucket: target.buckets.public, Key: 'stray', Body: 'x' }));
    const lines: string[] = [];
    const report = await restoreBackup({ file: archive, resources: target, force: true, log: (l) => lines.push(l) });
    expect(report.replaced).toEqual({ items: 3, objects: { private: 1, public: 2 } });
    expect(lines.join('\n')).toMatch(/--force: deleting what the target holds \(3 items/);
    expect(await countTarget(target)).toEqual({ items: 2, objects: { private: 1, public: 1 } });
    const stray = await dynamodb.send(
      new GetItemCommand({ TableName: target.table, Key: { pk: { S: 'STRAY#1' }, sk: { S: 'STRAY' } } }),
    );
    expect(stray.Item).toBeUndefined();
  });
});
