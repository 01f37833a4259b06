import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { DeleteObjectCommand, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Client } from '../adapters/aws-clients.ts';
import { env } from '../lib/env.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  CATALOG_SNAPSHOT_KEY,
  CatalogSnapshotConflictError,
  getCatalogSnapshot,
  headCatalogSnapshot,
  putCatalogSnapshot,
} from './snapshot-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
beforeEach(async () => {
  await s3Client.send(new DeleteObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY }));
});

/** Gzip bytes that are not all ASCII, so a corrupting upload (LOCAL-STACK.md trap 1) would show. */
function snapshotBytes(text: string): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.from(`${text}\u00e9\u2603`.repeat(200))));
}

const VERSION = { revision: 7, builtAt: '2026-11-21T10:00:00.000Z' };

describe('the catalog snapshot store', () => {
  it('keeps the snapshot at search/catalog.snapshot.gz of the private bucket', () => {
    expect(CATALOG_SNAPSHOT_KEY).toBe('search/catalog.snapshot.gz');
  });

  it('answers missing when there is no snapshot', async () => {
    expect(await headCatalogSnapshot()).toBeNull();
    expect(await getCatalogSnapshot()).toEqual({ status: 'missing' });
    expect(await getCatalogSnapshot({ ifNoneMatch: '"abc"' })).toEqual({ status: 'missing' });
  });

  it('stores the bytes unchanged, with revision, build time and document count in the metadata', async () => {
    const bytes = snapshotBytes('catalog');
    const { etag } = await putCatalogSnapshot(bytes, VERSION, { documents: 42 });
    const read = await getCatalogSnapshot();
    expect(read).toMatchObject({ status: 'loaded', etag, revision: 7, builtAt: VERSION.builtAt });
    expect(read.status === 'loaded' && Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(await headCatalogSnapshot()).toEqual({
      etag,
      revision: 7,
      builtAt: VERSION.builtAt,
      documents: 42,
      bytes: bytes.byteLength,
    });
  });

  it('answers not-modified while the ETag is the one held, and the new bytes once it changed', async () => {
    const { etag } = await putCatalogSnapshot(snapshotBytes('one'), VERSION, { documents: 1 });
    expect(await getCatalogSnapshot({ ifNoneMatch: etag })).toEqual({ status: 'not-modified' });
    const next = await putCatalogSnapshot(snapshotBytes('two'), { ...VERSION, revision: 8 }, { documents: 2 });
    expect(next.etag).not.toBe(etag);
    expect(await getCatalogSnapshot({ ifNoneMatch: etag })).toMatchObject({
      status: 'loaded',
      etag: next.etag,
      revision: 8,
    });
  });

  it('leaks no file descriptor of the emulator when nothing changed (s3rver keeps a 304 GET open)', async () => {
    const { etag } = await putCatalogSnapshot(snapshotBytes('fd'), VERSION, { documents: 1 });
    const before = readdirSync('/proc/self/fd').length;
    for (let i = 0; i < 50; i += 1) await getCatalogSnapshot({ ifNoneMatch: etag });
    expect(readdirSync('/proc/self/fd').length - before).toBeLessThan(10);
  });

  it('reads a snapshot without metadata as revision 0', async () => {
    await s3Client.send(
      new PutObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY, Body: snapshotBytes('bare') }),
    );
    expect(await headCatalogSnapshot()).toMatchObject({ revision: 0, builtAt: null, documents: null });
  });
});

describe('conditional snapshot writes', () => {
  const preconditionFailed = () =>
    new S3ServiceException({
      name: 'PreconditionFailed',
      $fault: 'client',
      $metadata: { httpStatusCode: 412 },
      message: 'At least one of the pre-conditions you specified did not hold',
    });

  it('writes If-Match the ETag it read, or If-None-Match * when there was none, and nothing without `replaces`', async () => {
    // The S3 client is stubbed: s3rver ignores conditions on PUT.
    const s3 = mockClient(s3Client);
    try {
      s3.on(PutObjectCommand).resolves({ ETag: '"new"' });
      const head = { etag: '"old"', revision: 3, builtAt: null, documents: 1, bytes: 10 };
      await putCatalogSnapshot(snapshotBytes('a'), VERSION, { documents: 1, replaces: head });
      await putCatalogSnapshot(snapshotBytes('b'), VERSION, { documents: 1, replaces: null });
      await putCatalogSnapshot(snapshotBytes('c'), VERSION, { documents: 1 });
      const inputs = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
      expect(inputs.map((input) => [input.IfMatch, input.IfNoneMatch])).toEqual([
        ['"old"', undefined],
        [undefined, '*'],
        [undefined, undefined],
      ]);
      expect(inputs[0]).toMatchObject({ Key: CATALOG_SNAPSHOT_KEY, ContentType: 'application/gzip' });
    } finally {
      s3.restore();
    }
  });

  it('throws CatalogSnapshotConflictError when S3 answers 412 or 409', async () => {
    const s3 = mockClient(s3Client);
    try {
      s3.on(PutObjectCommand)
        .rejectsOnce(preconditionFailed())
        .rejectsOnce(
          new S3ServiceException({
            name: 'ConditionalRequestConflict',
            $fault: 'client',
            $metadata: { httpStatusCode: 409 },
          }),
        );
      for (const _status of [412, 409]) {
        await expect(
          putCatalogSnapshot(snapshotBytes('x'), VERSION, { documents: 1, replaces: null }),
        ).rejects.toBeInstanceOf(CatalogSnapshotConflictError);
      }
    } finally {
      s3.restore();
    }
  });
});
