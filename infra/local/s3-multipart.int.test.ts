import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  NoSuchUpload,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { startTestStack } from '../../functions/src/test-support/stack.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PART = Buffer.alloc(5 * 1024 * 1024, 7);

async function openUpload(key: string): Promise<string> {
  const bucket = env().privateBucket;
  const { UploadId } = await s3Client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  await s3Client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: PART }));
  return UploadId ?? '';
}

async function listed(prefix: string) {
  const page = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: env().privateBucket, Prefix: prefix }));
  return (page.Uploads ?? []).map((upload) => ({ key: upload.Key, uploadId: upload.UploadId }));
}

describe('multipart operations in front of s3rver', () => {
  it('lists an open upload, aborts it, then lists none', async () => {
    const key = `bundles/test-${Date.now()}.zip`;
    const uploadId = await openUpload(key);

    expect(await listed(key)).toEqual([{ key, uploadId }]);
    expect(await listed('bundles/other')).toEqual([]);

    await s3Client.send(new AbortMultipartUploadCommand({ Bucket: env().privateBucket, Key: key, UploadId: uploadId }));

    expect(await listed(key)).toEqual([]);
    await expect(
      s3Client.send(
        new UploadPartCommand({ Bucket: env().privateBucket, Key: key, UploadId: uploadId, PartNumber: 2, Body: 'x' }),
      ),
    ).rejects.toBeInstanceOf(NoSuchUpload);
    await expect(
      s3Client.send(new AbortMultipartUploadCommand({ Bucket: env().privateBucket, Key: key, UploadId: uploadId })),
    ).rejects.toBeInstanceOf(NoSuchUpload);
  });

  it('pages the list by key and upload id markers', async () => {
    const prefix = `bundles/paged-${Date.now()}/`;
    const ids = [await openUpload(`${prefix}a`), await openUpload(`${prefix}b`), await openUpload(`${prefix}c`)];
    const first = await s3Client.send(
      new ListMultipartUploadsCommand({ Bucket: env().privateBucket, Prefix: prefix, MaxUploads: 2 }),
    );
    expect(first.IsTruncated).toBe(true);
    expect(first.Uploads?.map((u) => u.Key)).toEqual([`${prefix}a`, `${prefix}b`]);
    const second = await s3Client.send(
      new ListMultipartUploadsCommand({
        Bucket: env().privateBucket,
        Prefix: prefix,
        KeyMarker: first.NextKeyMarker,
        UploadIdMarker: first.NextUploadIdMarker,
      }),
    );
    expect(second.IsTruncated).toBe(false);
    expect(second.Uploads?.map((u) => [u.Key, u.UploadId])).toEqual([[`${prefix}c`, ids[2]]]);
    expect(second.Uploads?.[0]?.Initiated).toBeInstanceOf(Date);
  });

  it('still completes an upload it did not abort (pass-through)', async () => {
    const key = `bundles/complete-${Date.now()}.bin`;
    const bucket = env().privateBucket;
    const { UploadId } = await s3Client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const part = await s3Client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.from('hello') }),
    );
    await s3Client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await object.Body?.transformToString()).toBe('hello');
    expect(await listed(key)).toEqual([]);
  });
});
