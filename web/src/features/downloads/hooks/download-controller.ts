import { useSyncExternalStore } from 'react';
import type { DownloadUrl } from '#shared/contracts/download';
import { TIMING } from '#shared/limits';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { saveDownload } from '../../../lib/save-download.ts';

/**
 * The one download controller of the app (spec §4 "File bundle": "A download is
 * ignored while another is in progress. There is a 250 ms pause."). A download holds
 * the controller from the moment its URL is asked for until {@link TIMING.downloadPauseMs}
 * after the browser got it; a download asked for meanwhile is ignored. Bundles in
 * preparation hold it separately, one at a time, so a long zip does not block
 * single files.
 */
export interface DownloadState {
  /** Key of the download in progress (URL on its way, or the pause after it); null when free. */
  readonly file: string | null;
  /** Key of the bundle being prepared (requested, polled, downloaded); null when none. */
  readonly bundle: string | null;
}

/** How a download ended: handed to the browser, ignored, refused (403, with its reason) or failed (reported). */
export type DownloadOutcome =
  | { readonly kind: 'started'; readonly name: string }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'failed' };

const IDLE: DownloadState = { file: null, bundle: null };
let state: DownloadState = IDLE;
const listeners = new Set<() => void>();
let waiters: (() => void)[] = [];
let pauseTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: DownloadState) {
  state = next;
  for (const listener of listeners) listener();
  if (state.file === null) {
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The controller's state now (for tests and non-React callers). */
export function getDownloadState(): DownloadState {
  return state;
}

/** The controller's state, re-rendering on every change. */
export function useDownloadState(): DownloadState {
  return useSyncExternalStore(subscribe, getDownloadState, getDownloadState);
}

async function run(key: string, fetchUrl: () => Promise<DownloadUrl>): Promise<DownloadOutcome> {
  set({ ...state, file: key });
  try {
    const url = await fetchUrl();
    saveDownload(url);
    return { kind: 'started', name: url.name };
  } catch (error) {
    // A refused download right is a reason to show, not the end of the session that
    // spec §8 makes of other 403s.
    if (error instanceof ApiError && error.statusCode === 403) return { kind: 'refused', message: error.message };
    reportError(error);
    return { kind: 'failed' };
  } finally {
    pauseTimer = setTimeout(() => {
      pauseTimer = undefined;
      if (state.file === key) set({ ...state, file: null });
    }, TIMING.downloadPauseMs);
  }
}

/**
 * Downloads through the controller: asks `fetchUrl` for the presigned URL (spec §7
 * "Get a download URL by id") and hands it to the browser, unless another download
 * is in progress, in which case nothing is asked and the outcome is `ignored`. A
 * 403 comes back as `refused` with its message; any other failure goes to
 * `reportError` (spec §8) and comes back as `failed`.
 */
export function startDownload(key: string, fetchUrl: () => Promise<DownloadUrl>): Promise<DownloadOutcome> {
  if (state.file !== null) return Promise.resolve({ kind: 'ignored' });
  return run(key, fetchUrl);
}

/**
 * As {@link startDownload}, but waits for a download in progress (and its pause) to
 * end instead of being ignored: a bundle that has just become Ready must still be
 * downloaded when a single file happened to be downloading.
 */
export async function startDownloadWhenFree(
  key: string,
  fetchUrl: () => Promise<DownloadUrl>,
): Promise<DownloadOutcome> {
  while (state.file !== null) {
    await new Promise<void>((wake) => waiters.push(wake));
  }
  return run(key, fetchUrl);
}

/**
 * Marks the bundle `key` as being prepared. True when no other bundle is (or `key`
 * already is); false means another "Download all" is in progress and this one must
 * be ignored.
 */
export function claimBundle(key: string): boolean {
  if (state.bundle !== null && state.bundle !== key) return false;
  if (state.bundle !== key) set({ ...state, bundle: key });
  return true;
}

/** Ends the bundle `key`'s hold (done, failed, or its page left); another key's hold is kept. */
export function releaseBundle(key: string): void {
  if (state.bundle === key) set({ ...state, bundle: null });
}

/** Frees the controller at once; for tests. */
export function resetDownloadsForTests(): void {
  clearTimeout(pauseTimer);
  pauseTimer = undefined;
  set(IDLE);
}
