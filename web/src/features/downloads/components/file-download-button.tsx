import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { can } from '#shared/capabilities';
import { useSession } from '../../../lib/auth/session-store.ts';
import { getDownloadUrl } from '../api/get-download-url.ts';
import { startDownload, useDownloadState } from '../hooks/download-controller.ts';

/** The file a download button is for: its id and the name people know it by. */
export interface DownloadableFile {
  readonly id: string;
  readonly name: string;
  /** Its type as the page shows it ("PDF"), so two files of one name get buttons of different names. */
  readonly typeLabel?: string | undefined;
}

/** The button's accessible name: "Download Buffer_Overflow_Setuid (PDF)". */
export function downloadButtonName(file: DownloadableFile): string {
  return `Download ${file.name}${file.typeLabel ? ` (${file.typeLabel})` : ''}`;
}

/**
 * Download for one file (spec §2.6 "Files and lesson artifacts"), named "Download
 * <file name> (<type>)" ({@link downloadButtonName}); shown only to callers who may view courseware files (`kind`
 * `courseware`, spec §6 "View files") or lesson files (`lesson`, "View lesson
 * files"). While any download is in progress (its URL on the way, then the 250 ms
 * pause of spec §4) the button is aria-disabled and a click asks for nothing; the
 * one downloading shows a spinner. A refusal (403) is shown under it.
 */
export function FileDownloadButton({
  file,
  kind = 'courseware',
}: {
  file: DownloadableFile;
  kind?: 'courseware' | 'lesson';
}) {
  const { principal } = useSession();
  const key = useId();
  const controller = useDownloadState();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!can(principal, kind === 'lesson' ? 'viewLessonFiles' : 'viewFiles')) return null;

  const busy = controller.file !== null;
  const mine = controller.file === key;
  const download = () => {
    if (busy) return;
    setRefusal(null);
    void startDownload(key, () => getDownloadUrl(file.id)).then((outcome) => {
      if (outcome.kind === 'refused') setRefusal(outcome.message);
    });
  };

  return (
    <Stack gap="1" align="flex-end" flexShrink={0}>
      <Button
        size="xs"
        variant="outline"
        colorPalette="brand"
        aria-label={downloadButtonName(file)}
        aria-disabled={busy || undefined}
        aria-busy={mine || undefined}
        onClick={download}
      >
        {mine ? <Spinner size="xs" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
        Download
      </Button>
      {refusal ? (
        <Text role="alert" color="fg.error" textStyle="sm" maxW="xs" textAlign="end">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

/** {@link FileDownloadButton} for a lesson artifact (spec §6 "View lesson files"). */
export function LessonFileDownloadButton({ file }: { file: DownloadableFile }) {
  return <FileDownloadButton file={file} kind="lesson" />;
}
