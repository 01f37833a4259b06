import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { bundleFileName, emptyBundleMessage } from '#shared/contracts/download';
import { dynamoDocumentClient, s3Client } from '../../functions/src/adapters/aws-clients.ts';
import { startBundleWorkflow } from '../../functions/src/adapters/workflows.ts';
import { handler as finishTask } from '../../functions/src/bundles/finish-task.ts';
import { getReusableZip, recordBundleUpload } from '../../functions/src/bundles/records.ts';
import { listAllChildren, resolveBundle } from '../../functions/src/bundles/resolve.ts';
import { writeZip } from '../../functions/src/bundles/zip-writer.ts';
import { createBundleRecord } from '../../functions/src/data/bundles.ts';
import { contentItemOf, createContent, getContentById, listContentByStatus } from '../../functions/src/data/content.ts';
import { batchPutItems, tableName } from '../../functions/src/data/dynamo.ts';
import { createFile, getFile } from '../../functions/src/data/files.ts';
import type { BundleState, ContentItem, FileItem } from '../../functions/src/data/items.ts';
import {
  BUNDLE_OBJECT_PREFIX,
  bundleManifestObjectKey,
  bundleObjectKey,
  contentFileObjectKey,
  contentKey,
} from '../../functions/src/data/keys.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { env } from '../../functions/src/lib/env.ts';
import { collectionBundleScope, createCollection } from '../../functions/src/services/collections.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { fileReaderCaller } from '../../functions/src/test-support/library-callers.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * The bundle workflow end to end on the embedded stack (decision record 022): the
 * seeded data, the real local Step Functions endpoint running
 * infra/workflows/bundle.asl.json with the real task functions, s3rver as the
 * private bucket. A request is made as the requestBundle handler makes it (a bundle
 * record, then StartExecution), and the record is polled until it leaves Pending.
 */

let portal: LocalPortal;
const SEED_MODULE = 'SEED Labs – Software Security';

/** Counts the S3 writes of bundle zips made in this process (the task functions run here). */
const zipWrites = { multipart: 0, put: 0 };
let injectFault: ((commandName: string, input: { Key?: string }) => Error | null) | null = null;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  s3Client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: string };
      const fault = injectFault?.(context.commandName ?? '', input);
      if (fault) throw fault;
      if (input.Key?.startsWith(BUNDLE_OBJECT_PREFIX) && input.Key.endsWith('.zip')) {
        if (context.commandName === 'CreateMultipartUploadCommand') zipWrites.multipart += 1;
        if (context.commandName === 'PutObjectCommand') zipWrites.put += 1;
      }
      return next(args);
    },
    { step: 'initialize', name: 'bundleTestProbe' },
  );
}, 120_000);
afterAll(async () => {
  s3Client.middlewareStack.remove('bundleTestProbe');
  await portal?.stop();
});

/** Requests a bundle as the API does and waits until it is Ready or Failed. */
async function bundleOf(
  scope: BundleState['scope'],
  title: string,
  includesLessonFiles = true,
): Promise<{ record: FileItem; executionArn: string }> {
  const id = newId();
  await createBundleRecord({
    id,
    name: bundleFileName(title, new Date()),
    scope,
    includesLessonFiles,
    createdBy: 'bundle-test-user',
  });
  const executionArn = await startBundleWorkflow({ bundleId: id });
  // A wait on the record leaving Pending; the tests' own timeouts (60 s and more) bound it.
  const record = await vi.waitFor(
    async () => {
      const found = await getFile(id);
      if (!found || found.status === 'Pending') throw new Error(`Bundle ${id} is still Pending`);
      return found;
    },
    { timeout: 120_000, interval: 100 },
  );
  return { record, executionArn };
}

async function objectBytes(key: string): Promise<Buffer> {
  const output = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: key }));
  return Buffer.from((await output.Body?.transformToByteArray()) ?? []);
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3Client.send(new HeadObjectCommand({ Bucket: env().privateBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function openUploads(): Promise<string[]> {
  const page = await s3Client.send(
    new ListMultipartUploadsCommand({ Bucket: env().privateBucket, Prefix: BUNDLE_OBJECT_PREFIX }),
  );
  return (page.Uploads ?? []).map((upload) => upload.Key ?? '');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of a zip with its bytes' SHA-256, read with yauzl (sizes validated, CRC-32 checked while reading). */
async function zipEntries(bytes: Buffer): Promise<{ path: string; sha256: string; method: number }[]> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  const entries = [];
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    entries.push({ path: entry.fileName, sha256: hash.digest('hex'), method: entry.compressionMethod });
  }
  return entries;
}

/** A published content item with files whose bytes are stored, as an editor's save leaves it. */
async function contentWithFiles(
  name: string,
  files: { name: string; filename: string; type: string; bytes: Buffer }[],
): Promise<{ content: ContentItem; records: FileItem[] }> {
  const contentId = newId();
  const records: FileItem[] = [];
  for (const file of files) {
    const id = newId();
    const objectKey = contentFileObjectKey(contentId, id);
    await s3Client.send(
      new PutObjectCommand({ Bucket: env().privateBucket, Key: objectKey, Body: file.bytes, ContentType: file.type }),
    );
    records.push(
      await createFile({
        id,
        name: file.name,
        filename: file.filename,
        type: file.type,
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
  const content = await createContent(
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
  return { content, records };
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

describe('the bundle workflow', () => {
  let firstObjectKey = '';

  it('zips a seeded SEED module: every lab file, byte-identical, under paths that mirror the hierarchy', async () => {
    const module = await seededModule();
    const labs = await listAllChildren(module.id);
    expect(labs.length).toBeGreaterThanOrEqual(8);
    const expected = new Map<string, FileItem>();
    for (const lab of labs) {
      for (const ref of lab.files) {
        const file = await getFile(ref.id);
        if (file) expected.set(`${SEED_MODULE}/${lab.name}/${file.name}.${file.filename.split('.').pop()}`, file);
      }
    }
    expect([...expected.values()].filter((file) => file.type === 'application/pdf').length).toBeGreaterThanOrEqual(8);

    const before = { ...zipWrites };
    const { record } = await bundleOf({ contentId: module.id }, SEED_MODULE);

    expect(record).toMatchObject({ status: 'Ready', type: 'application/zip' });
    expect(record.bundle?.progress).toBeUndefined();
    expect(record.objectKey).toBe(bundleObjectKey(record.bundle?.fingerprint ?? ''));
    expect(zipWrites.multipart + zipWrites.put).toBe(before.multipart + before.put + 1);
    const bytes = await objectBytes(record.objectKey);
    expect(bytes.length).toBe(record.size);
    expect(sha256(bytes)).toBe(record.sha256);

    const entries = await zipEntries(bytes);
    expect(entries.map((entry) => entry.path).sort()).toEqual([...expected.keys()].sort());
    for (const entry of entries) {
      const source = expected.get(entry.path);
      expect(entry.sha256, entry.path).toBe(sha256(await objectBytes(source?.objectKey ?? '')));
      expect(entry.sha256).toBe(source?.sha256);
      // PDFs are stored, text is deflated (zip-writer.ts).
      expect(entry.method, entry.path).toBe(source?.type === 'application/pdf' ? 0 : 8);
    }
    expect(await objectExists(`${BUNDLE_OBJECT_PREFIX}manifests/${record.id}.json`)).toBe(false);
    firstObjectKey = record.objectKey;
  }, 60_000);

  it('reuses the zip of the same file set, and zips again once the file set changed', async () => {
    expect(firstObjectKey).not.toBe('');
    const module = await seededModule();
    const before = { ...zipWrites };

    const again = await bundleOf({ contentId: module.id }, SEED_MODULE);
    expect(again.record).toMatchObject({ status: 'Ready', objectKey: firstObjectKey });
    expect(zipWrites).toEqual(before);
    const reusable = await getReusableZip(again.record.bundle?.fingerprint ?? '');
    expect(reusable).toMatchObject({ objectKey: firstObjectKey, size: again.record.size, sha256: again.record.sha256 });
    expect((reusable?.expiresAt ?? 0) - Date.parse(reusable?.readyAt ?? '') / 1000).toBeCloseTo(6 * 86_400, -1);

    const [lab] = await listAllChildren(module.id);
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKey(lab?.id ?? ''),
        UpdateExpression: 'SET #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': `${lab?.name} (renamed)` },
      }),
    );
    const changed = await bundleOf({ contentId: module.id }, SEED_MODULE);
    expect(changed.record.status).toBe('Ready');
    expect(changed.record.objectKey).not.toBe(firstObjectKey);
    expect(zipWrites.multipart + zipWrites.put).toBe(before.multipart + before.put + 1);
    const paths = (await zipEntries(await objectBytes(changed.record.objectKey))).map((entry) => entry.path);
    expect(paths.some((path) => path.startsWith(`${SEED_MODULE}/${lab?.name} (renamed)/`))).toBe(true);
  }, 60_000);

  it('logs every task of a run with the bundle id as correlation_id', async () => {
    const name = `Correlated bundle lab ${newId()}`;
    const { content } = await contentWithFiles(name, [
      { name: 'Lab', filename: 'lab.pdf', type: 'application/pdf', bytes: Buffer.from(`%PDF-1.7 ${name}`) },
    ]);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    let bundleId = '';
    let lines: Record<string, unknown>[] = [];
    try {
      const { record } = await bundleOf({ contentId: content.id }, name);
      expect(record.status).toBe('Ready');
      bundleId = record.id;
      // The record turns Ready before the finish task deletes the manifest and logs its last line.
      await vi.waitFor(
        () => {
          const finished = info.mock.calls.some((call) => String(call[0]).includes('"bundle finished"'));
          if (!finished) throw new Error(`Bundle ${bundleId} has not logged its finish yet`);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      lines = info.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
      info.mockRestore();
    }
    const ofThisRun = lines.filter((line) => String(line.component).startsWith('bundles/'));
    expect(ofThisRun.map((line) => [line.component, line.message])).toEqual([
      ['bundles/resolve-task', 'bundle files resolved'],
      ['bundles/zip-task', 'bundle zipped'],
      ['bundles/finish-task', 'bundle finished'],
    ]);
    for (const line of ofThisRun) expect(line).toMatchObject({ correlation_id: bundleId, level: 'INFO' });
  }, 60_000);

  it('zips a collection: exactly the files of the items the requester may open, one folder per item in collection order (issue 26 item 2)', async () => {
    const pdf = (label: string) => ({
      name: `${label} handout`,
      filename: `${label}.pdf`,
      type: 'application/pdf',
      bytes: Buffer.from(`%PDF-1.4 ${label} ${newId()}`),
    });
    const first = await contentWithFiles(`Collected lab A ${newId()}`, [pdf('a')]);
    const second = await contentWithFiles(`Collected lab B ${newId()}`, [pdf('b1'), pdf('b2')]);
    const hidden = await contentWithFiles(`Collected lab C ${newId()}`, [pdf('c')]);
    const faculty = fileReaderCaller(`collector-${newId()}`, 'Cole Collector');
    const collection = await createCollection(
      {
        name: 'Week one labs',
        description: '',
        visibility: 'private',
        entries: [second, hidden, first].map(({ content }) => ({ contentId: content.id, note: '' })),
      },
      faculty,
    );
    // Unpublished since it was added: faculty may no longer open it, so its file stays out.
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKey(hidden.content.id),
        UpdateExpression: 'SET #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': 'unpublished' },
      }),
    );
    const scope = await collectionBundleScope(collection.id, faculty);
    expect(scope.contentIds).toEqual([second.content.id, first.content.id]);

    const { record } = await bundleOf(scope, scope.title, false);
    expect(record.status).toBe('Ready');
    const entries = await zipEntries(await objectBytes(record.objectKey));
    const expected = [
      [`Week one labs/01 - ${second.content.name}/b1 handout.pdf`, second.records[0]],
      [`Week one labs/01 - ${second.content.name}/b2 handout.pdf`, second.records[1]],
      [`Week one labs/02 - ${first.content.name}/a handout.pdf`, first.records[0]],
    ] as const;
    expect(entries.map((entry) => entry.path)).toEqual(expected.map(([path]) => path));
    for (const [index, [path, file]] of expected.entries()) expect(entries[index]?.sha256, path).toBe(file?.sha256);
    // Another user cannot bundle a private collection: 404, as for one that does not exist.
    await expect(
      collectionBundleScope(collection.id, { ...faculty, sub: 'someone-else' } as typeof faculty),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  }, 60_000);

  it('refuses an empty content item with a clear reason and makes no zip', async () => {
    const name = `Empty bundle lab ${newId()}`;
    const { content } = await contentWithFiles(name, []);
    const before = { ...zipWrites };

    const { record } = await bundleOf({ contentId: content.id }, name);

    expect(record.status).toBe('Failed');
    expect(record.bundle?.reason).toBe(emptyBundleMessage(name));
    expect(record.objectKey).toBe('');
    expect(zipWrites).toEqual(before);
  }, 30_000);

  it('fails with a reason naming the file when an object goes missing mid-bundle, leaving no object and no open upload', async () => {
    const name = `Missing file lab ${newId()}`;
    const { content, records } = await contentWithFiles(name, [
      // Larger than one part: the multipart upload is under way when the second file turns out missing.
      {
        name: 'Big capture',
        filename: 'capture.pcap',
        type: 'application/vnd.tcpdump.pcap',
        bytes: randomBytes(9 << 20),
      },
      { name: 'Lab', filename: 'lab.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7 missing soon') },
    ]);
    await s3Client.send(new DeleteObjectCommand({ Bucket: env().privateBucket, Key: records[1]?.objectKey }));
    const before = { ...zipWrites };

    const { record } = await bundleOf({ contentId: content.id }, name);

    expect(record.status).toBe('Failed');
    expect(record.bundle?.reason).toBe(`The file “Lab.pdf” of ${name} could not be read.`);
    expect(zipWrites.multipart).toBe(before.multipart + 1);
    expect(await objectExists(bundleObjectKey(record.bundle?.fingerprint ?? ''))).toBe(false);
    expect(await openUploads()).toEqual([]);
  }, 60_000);

  it('aborts the upload a killed zip attempt recorded, and only that one, when the run finishes', async () => {
    // A zip attempt killed by its timeout cannot abort its own upload: it recorded the
    // upload id before its first part, and the finish step aborts it. Another bundle
    // zipping the same file set at that moment keeps its upload.
    const bucket = env().privateBucket;
    const objectKey = bundleObjectKey(createHash('sha256').update(newId()).digest('hex'));
    const started = async () =>
      (await s3Client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: objectKey }))).UploadId ?? '';
    const killed = await started();
    const others = await started();
    const bundle = await createBundleRecord({
      id: newId(),
      name: bundleFileName('Killed attempt', new Date()),
      scope: { contentId: newId() },
      includesLessonFiles: false,
      createdBy: 'test',
    });
    await recordBundleUpload(bundle.id, killed);

    const finished = await finishTask({
      outcome: 'Failed',
      run: {
        bundleId: bundle.id,
        resolved: {
          action: 'zip',
          fingerprint: objectKey.slice(BUNDLE_OBJECT_PREFIX.length, -'.zip'.length),
          objectKey,
          manifestKey: bundleManifestObjectKey(bundle.id),
          fileCount: 1,
          totalBytes: 1,
        },
        error: { Error: 'States.Timeout', Cause: 'The task timed out.' },
      },
    });

    expect(finished.status).toBe('Failed');
    const open = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: objectKey }));
    expect((open.Uploads ?? []).map((upload) => upload.UploadId)).toEqual([others]);
    await s3Client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: objectKey, UploadId: others }));
  });

  it('retries a transient fault of S3 and still ends Ready', async () => {
    const name = `Transient fault lab ${newId()}`;
    const text = Buffer.from('Lab notes\n'.repeat(100));
    const { content, records } = await contentWithFiles(name, [
      { name: 'Notes', filename: 'notes.md', type: 'text/markdown', bytes: text },
    ]);
    let faults = 0;
    injectFault = (commandName, input) => {
      if (commandName !== 'GetObjectCommand' || input.Key !== records[0]?.objectKey || faults > 0) return null;
      faults += 1;
      return Object.assign(new Error('Please reduce your request rate.'), {
        name: 'SlowDown',
        $fault: 'server',
        $retryable: { throttling: true },
        $metadata: { httpStatusCode: 503 },
      });
    };
    try {
      const { record } = await bundleOf({ contentId: content.id }, name);
      expect(faults).toBe(1);
      expect(record.status).toBe('Ready');
      const entries = await zipEntries(await objectBytes(record.objectKey));
      expect(entries).toEqual([{ path: `${name}/Notes.md`, sha256: sha256(text), method: 8 }]);
    } finally {
      injectFault = null;
    }
  }, 60_000);

  it('walks more than 300 children, page by page', async () => {
    const parentName = `Paged parent ${newId()}`;
    const { content: parent } = await contentWithFiles(parentName, []);
    const { content: last, records } = await contentWithFiles(`Child 301 ${newId()}`, [
      { name: 'Last', filename: 'last.txt', type: 'text/plain', bytes: Buffer.from('the 301st child') },
    ]);
    const children = Array.from({ length: 300 }, (_, index) =>
      contentItemOf(
        contentRecord(`Paged child ${index} ${parent.id}`, {
          id: newId(),
          parentId: parent.id,
          index,
          ancestorIds: [parent.id],
        }),
        1,
      ),
    );
    await batchPutItems(children.map((child) => ({ ...child })));
    // The 301st child: the one with the file, last in index order.
    const stored = await getContentById(last.id);
    if (!stored) throw new Error('The 301st child was not stored');
    await batchPutItems([
      { ...contentItemOf({ ...stored, parentId: parent.id, index: 300, ancestorIds: [parent.id] }, 1) },
    ]);

    expect((await listAllChildren(parent.id)).length).toBe(301);
    const resolved = await resolveBundle({ scope: { contentId: parent.id }, includesLessonFiles: false });
    expect(resolved.entries.map((entry) => [entry.path, entry.fileId])).toEqual([
      [`${parentName}/${last.name}/Last.txt`, records[0]?.id],
    ]);
  }, 60_000);
});

describe('zip writer', () => {
  it('writes a Zip64 archive of more than 65,535 entries through the S3 emulator', async () => {
    const count = 65_540;
    const entries = Array.from({ length: count }, (_, n) => ({
      path: `many/${Math.floor(n / 1000)}/entry-${n}.txt`,
      objectKey: String(n),
      size: `entry ${n}\n`.length,
      type: 'application/octet-stream',
      mtime: '2026-01-01T00:00:00.000Z',
    }));
    const key = `${BUNDLE_OBJECT_PREFIX}test-zip64-${newId()}.zip`;

    const written = await writeZip({
      entries,
      bucket: env().privateBucket,
      key,
      source: async (objectKey) => Readable.from([Buffer.from(`entry ${objectKey}\n`)]),
    });

    expect(written.entries).toBe(count);
    const bytes = await objectBytes(key);
    expect(bytes.length).toBe(written.size);
    expect(sha256(bytes)).toBe(written.sha256);
    // The Zip64 end of central directory record and its locator are there.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]), bytes.length - 200)).toBe(true);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]), bytes.length - 200)).toBe(true);
    const zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    expect(zip.entryCount).toBe(count);
    let read = 0;
    for await (const entry of zip.eachEntry()) {
      if (read % 5000 === 0 || read === count - 1) {
        const stream = await zip.openReadStreamPromise(entry);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe(`entry ${read}\n`);
      }
      read += 1;
    }
    expect(read).toBe(count);
  }, 120_000);

  it('aborts its multipart upload when a part fails, leaving no object', async () => {
    const key = `${BUNDLE_OBJECT_PREFIX}test-part-fault-${newId()}.zip`;
    const big = randomBytes(12 << 20);
    injectFault = (commandName, input) =>
      commandName === 'UploadPartCommand' && input.Key === key
        ? Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $fault: 'client' })
        : null;
    try {
      await expect(
        writeZip({
          entries: [
            {
              path: 'big/capture.bin',
              objectKey: 'big',
              size: big.length,
              type: 'application/octet-stream',
              mtime: '2026-01-01T00:00:00.000Z',
            },
          ],
          bucket: env().privateBucket,
          key,
          source: async () => Readable.from([big.subarray(0, 6 << 20), big.subarray(6 << 20)]),
        }),
      ).rejects.toThrow('Access Denied');
    } finally {
      injectFault = null;
    }
    expect(await objectExists(key)).toBe(false);
    expect(await openUploads()).toEqual([]);
  });

  it('writes the same bytes for the same entries (deterministic zips)', async () => {
    const entries = ['a', 'b'].map((name) => ({
      path: `same/${name}.txt`,
      objectKey: name,
      size: 2,
      type: 'text/plain',
      mtime: '2026-02-03T04:05:06.000Z',
    }));
    const source = async (objectKey: string) => Readable.from([Buffer.from(`${objectKey}\n`)]);
    const first = await writeZip({
      entries,
      bucket: env().privateBucket,
      key: `${BUNDLE_OBJECT_PREFIX}same-1.zip`,
      source,
    });
    const second = await writeZip({
      entries,
      bucket: env().privateBucket,
      key: `${BUNDLE_OBJECT_PREFIX}same-2.zip`,
      source,
    });
    expect(second).toEqual(first);
  });
});
