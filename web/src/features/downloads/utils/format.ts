import type { BundleProgress, ContentBundle } from '#shared/contracts/download';

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

function unitOf(bytes: number): number {
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= 1000 ** (unit + 1)) unit += 1;
  return unit;
}

function amount(bytes: number, unit: number): string {
  return (bytes / 1000 ** unit).toLocaleString('en-US', { maximumFractionDigits: unit === 0 ? 0 : 1 });
}

/** A size for people, in decimal units: "512 bytes", "4.1 kB", "9.8 MB". */
export function formatBytes(bytes: number): string {
  const unit = unitOf(bytes);
  return `${amount(bytes, unit)} ${UNITS[unit]}`;
}

/** "1 file", "16 files". */
export function fileCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'file' : 'files'}`;
}

/** What a bundle would hold: "16 files, 9.8 MB". */
export function bundleSummary(bundle: Pick<ContentBundle, 'fileCount' | 'totalBytes'>): string {
  return `${fileCount(bundle.fileCount)}, ${formatBytes(bundle.totalBytes)}`;
}

/**
 * How far the zip has got, in the total's unit: "Preparing the zip: 3 of 16 files
 * (4.1 of 9.8 MB)"; "Preparing the zip…" before the first figures.
 */
export function bundleProgressText(progress: BundleProgress | null | undefined): string {
  if (!progress) return 'Preparing the zip…';
  const unit = unitOf(progress.bytesTotal);
  const bytes = `${amount(progress.bytesDone, unit)} of ${amount(progress.bytesTotal, unit)} ${UNITS[unit]}`;
  const files = `${progress.filesDone.toLocaleString('en-US')} of ${fileCount(progress.filesTotal)}`;
  return `Preparing the zip: ${files} (${bytes})`;
}

/** The share of the zip done, 0 to 100 (bytes, or files when there are no bytes to count). */
export function bundlePercent(progress: BundleProgress): number {
  if (progress.bytesTotal > 0) return Math.min(100, Math.round((progress.bytesDone / progress.bytesTotal) * 100));
  if (progress.filesTotal > 0) return Math.min(100, Math.round((progress.filesDone / progress.filesTotal) * 100));
  return 0;
}
