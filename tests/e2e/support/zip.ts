import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import yauzl from 'yauzl';

/** The bytes of a file the browser downloaded. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const saved = await download.path();
  return readFile(saved);
}

/** Every entry of a zip with the sha256 of its bytes, read with yauzl (which checks each entry's CRC-32). */
export function zipEntries(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('The zip did not open.'));
      const entries = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`No stream for ${entry.fileName}.`));
          const hash = createHash('sha256');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, hash.digest('hex'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
