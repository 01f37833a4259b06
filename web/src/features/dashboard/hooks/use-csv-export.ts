import { useCallback, useEffect, useRef, useState } from 'react';
import type { RawDownloadDataPoint } from '#shared/contracts/statistics';
import { reportError } from '../../../lib/error-store.ts';
import { getRawStatisticsPage } from '../api/get-raw-statistics.ts';
import { buildCsv, exportFileName } from '../utils/csv.ts';

export type CsvExportState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly downloaded: number; readonly total: number }
  | { readonly status: 'done'; readonly downloaded: number; readonly total: number };

/** Hands `text` to the browser as a file download. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The CSV export of spec §2.13: pages the raw events of the range 1,000 at a time,
 * reports "Downloaded X of Y datapoints" as it goes (`total` is the range's total
 * downloads), then saves `downloads_<from>_<to>.csv`. Unmounting stops it.
 */
export function useCsvExport() {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async ({ from, to, total }: { from: string; to: string; total: number }) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const events: RawDownloadDataPoint[] = [];
    setState({ status: 'running', downloaded: 0, total });
    try {
      let pageToken: string | undefined;
      do {
        const page = await getRawStatisticsPage({ from, to, pageToken }, { signal: abort.signal });
        events.push(...page.items);
        pageToken = page.nextPageToken ?? undefined;
        setState({ status: 'running', downloaded: events.length, total: Math.max(total, events.length) });
      } while (pageToken);
      saveFile(exportFileName(from, to), buildCsv(events));
      setState({ status: 'done', downloaded: events.length, total: Math.max(total, events.length) });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'idle' });
      reportError(error);
    }
  }, []);

  return { state, start };
}
