import { Button, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { apiGetBlob } from '../../../lib/api-blob.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { caeWorksheetUrl } from '../api/get-coverage.ts';

/** The file name of a collection's worksheet: its name's letters and digits, then "CAE worksheet". */
export function worksheetFileName(name: string): string {
  const base = name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'collection'}-CAE-worksheet.xlsx`;
}

/**
 * "Download CAE worksheet (xlsx)" of a collection (issue 27 item 3): fetches the file
 * with the reader's token and saves it; the button says it is preparing meanwhile and
 * a failure is said beside it.
 */
export function WorksheetDownloadButton({ collectionId, name }: { collectionId: string; name: string }) {
  const download = useMutation({
    mutationFn: () => apiGetBlob(caeWorksheetUrl(collectionId)),
    onSuccess: (blob) => saveBlob(blob, worksheetFileName(name)),
  });
  return (
    <>
      <Button
        colorPalette="blue"
        loading={download.isPending}
        loadingText="Preparing the worksheet…"
        onClick={() => download.mutate()}
      >
        <DownloadIcon aria-hidden="true" />
        Download CAE worksheet (xlsx)
      </Button>
      {download.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          The worksheet could not be downloaded. Try again.
        </Text>
      ) : null}
    </>
  );
}
