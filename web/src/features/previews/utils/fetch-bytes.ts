/**
 * The bytes at `url` (a presigned preview URL), read as a stream so `onProgress`
 * hears the fraction received (0–1, of `expectedBytes` when the answer gives no
 * length). Throws an Error for an answer other than 2xx, or when aborted.
 */
export async function fetchBytes(
  url: string,
  expectedBytes: number,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status}).`);
  const total = Number(response.headers.get('content-length')) || expectedBytes;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress(1);
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  onProgress(1);
  return bytes;
}
