import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BundleFormat, BundleProgress, BundleScope } from '#shared/contracts/download';
import type { FileStatusBody } from '#shared/contracts/file';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { getDownloadUrl } from '../api/get-download-url.ts';
import { useBundleStatus } from '../api/get-file-status.ts';
import { requestBundle } from '../api/request-bundle.ts';
import {
  claimBundle,
  getDownloadState,
  releaseBundle,
  startDownloadWhenFree,
  useDownloadState,
} from './download-controller.ts';

/** Where a "Download all" stands. */
export type BundleStep =
  | { readonly step: 'idle' }
  | { readonly step: 'requesting' }
  | { readonly step: 'pending'; readonly id: string; readonly initial: FileStatusBody }
  | { readonly step: 'downloading'; readonly id: string }
  | { readonly step: 'failed'; readonly reason: string }
  | { readonly step: 'refused'; readonly message: string };

/** Shown when a bundle failed without a reason, or its status could not be read. */
export const BUNDLE_FAILED_FALLBACK = 'The zip could not be prepared.';

const ACTIVE_STEPS = new Set<BundleStep['step']>(['requesting', 'pending', 'downloading']);

/**
 * "Download all" (spec §4 "File bundle"): `start` requests the bundle of `scope`,
 * then its status is polled every 5 s (spec §9) until Ready, when it is downloaded
 * through the download controller, or Failed, when its reason is kept for the page
 * to show with Try again. While one bundle is in progress (here or elsewhere on the
 * page) `start` is ignored. A refused download right (403) is kept as `refused`
 * with its message instead of ending the session; other failures go to
 * `reportError` (spec §8). Unmounting (leaving the page) stops the polling. `format`
 * picks the output (issue 27 item 6): a zip, or a Common Cartridge (full or thin).
 */
export function useBundleDownload(scope: BundleScope, format: BundleFormat = 'zip') {
  const key = useId();
  const [step, setStep] = useState<BundleStep>({ step: 'idle' });
  const controller = useDownloadState();
  const active = ACTIVE_STEPS.has(step.step);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Hold the controller's bundle slot while in progress; leaving the page lets it go.
  useEffect(() => {
    if (!active) return;
    claimBundle(key);
    return () => releaseBundle(key);
  }, [active, key]);

  const pendingId = step.step === 'pending' ? step.id : null;
  const status = useBundleStatus({ id: pendingId, initial: step.step === 'pending' ? step.initial : undefined });

  useEffect(() => {
    if (pendingId === null) return;
    if (status.isError) {
      // Reported by the query client already; offer Try again.
      setStep({ step: 'failed', reason: BUNDLE_FAILED_FALLBACK });
      return;
    }
    const data = status.data;
    if (!data || data.id !== pendingId) return;
    if (data.status === 'Ready') setStep({ step: 'downloading', id: pendingId });
    if (data.status === 'Failed') {
      const reason = data.reason || BUNDLE_FAILED_FALLBACK;
      announce(reason);
      setStep({ step: 'failed', reason });
    }
  }, [pendingId, status.data, status.isError]);

  // The step is left in the same render the download starts, so it starts once (StrictMode included).
  const downloading = step.step === 'downloading' ? step.id : null;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (downloading === null || started.current === downloading) return;
    started.current = downloading;
    void startDownloadWhenFree(key, () => getDownloadUrl(downloading)).then((outcome) => {
      if (!mounted.current) return;
      if (outcome.kind === 'started') announce(`The zip is ready: ${outcome.name} is downloading.`);
      if (outcome.kind === 'refused') setStep({ step: 'refused', message: outcome.message });
      else setStep({ step: 'idle' });
    });
  }, [downloading, key]);

  const start = useCallback(() => {
    // Read the controller itself, not this render's copy: a double click lands before the re-render.
    if (getDownloadState().bundle !== null || !claimBundle(key)) return;
    setStep({ step: 'requesting' });
    announce('Preparing the zip.');
    requestBundle(scope, { format }).then(
      (bundle) => {
        if (!mounted.current) return;
        if (bundle.status === 'Ready') setStep({ step: 'downloading', id: bundle.id });
        else if (bundle.status === 'Failed') setStep({ step: 'failed', reason: BUNDLE_FAILED_FALLBACK });
        else setStep({ step: 'pending', id: bundle.id, initial: bundle });
      },
      (error: unknown) => {
        releaseBundle(key);
        if (error instanceof ApiError && error.statusCode === 403) {
          if (mounted.current) setStep({ step: 'refused', message: error.message });
          return;
        }
        reportError(error);
        if (mounted.current) setStep({ step: 'idle' });
      },
    );
  }, [key, scope, format]);

  const progress: BundleProgress | null = step.step === 'pending' ? (status.data?.progress ?? null) : null;
  return {
    step,
    /** True while this bundle is requested, prepared or downloaded. */
    inProgress: active,
    /** True when another bundle holds the controller, so `start` would be ignored. */
    blocked: controller.bundle !== null && controller.bundle !== key,
    progress,
    start,
  };
}
