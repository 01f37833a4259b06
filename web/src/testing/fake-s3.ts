import { vi } from 'vitest';

/**
 * Stubs `XMLHttpRequest` with one standing in for S3's presigned POST (`postToS3` of
 * `lib/file-uploads.ts`): it reports some progress (2 of 5), then answers 204 — after
 * `held` resolves, when given, so a test can look at the upload while it is under way.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function installFakeS3(held?: Promise<void>): void {
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    send() {
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 } as ProgressEvent);
        if (held) await held;
        this.status = 204;
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
