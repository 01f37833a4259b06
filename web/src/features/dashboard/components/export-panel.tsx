import { Button, Progress, Stack } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { useCsvExport } from '../hooks/use-csv-export.ts';
import { exportFileName } from '../utils/csv.ts';

/** The CSV export and its progress bar (spec §2.13 "Downloaded X of Y datapoints"). */
export function ExportPanel({
  range,
  total,
  disabled,
}: {
  range: { from: string; to: string };
  total: number | null;
  disabled: boolean;
}) {
  const { state, start } = useCsvExport();
  const running = state.status === 'running';
  const fileName = exportFileName(range.from, range.to);
  return (
    <Stack gap="3" maxW="md">
      <Button
        alignSelf="start"
        variant="outline"
        loading={running}
        disabled={disabled || total === null || running}
        onClick={() => void start({ ...range, total: total ?? 0 })}
      >
        <DownloadIcon aria-hidden="true" />
        {`Export ${fileName}`}
      </Button>
      {state.status !== 'idle' ? (
        <Progress.Root value={state.downloaded} max={Math.max(state.total, 1)}>
          <Progress.Label>{`Downloaded ${state.downloaded.toLocaleString('en-US')} of ${state.total.toLocaleString('en-US')} datapoints`}</Progress.Label>
          <Progress.Track aria-label="Export progress">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
    </Stack>
  );
}
