import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FileTextIcon } from 'lucide-react';
import type { ContentFile } from '#shared/contracts/content';
import { LoginToDownloadNote } from '../../../components/ui/login-to-download-note.tsx';
import { useDownloadParts } from './download-parts.tsx';

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'text/markdown': 'Markdown',
  'text/html': 'HTML',
  'text/csv': 'CSV',
  'application/zip': 'ZIP archive',
  'application/x-zip-compressed': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
};

/** A readable name for a media type: "PDF", "Word document", "Image"… or the type itself. */
export function fileTypeLabel(type: string): string {
  const clean = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = TYPE_LABELS[clean];
  if (known) return known;
  if (clean.startsWith('image/')) return 'Image';
  if (clean.startsWith('video/')) return 'Video';
  if (clean.startsWith('audio/')) return 'Audio';
  return clean || 'File';
}

/**
 * The files of a content item (spec §2.6): names and types, each with the download
 * button of the route's download parts (shown to readers who may view files), and
 * the note on who may download (a Log in button for visitors, the reason for
 * signed-in readers without the right). Without download parts: the visitor's view.
 */
export function FilesPanel({ files }: { files: readonly ContentFile[] }) {
  const parts = useDownloadParts();
  if (files.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="files-heading">
      <Heading as="h2" id="files-heading" size="lg" mb="3">
        Files
      </Heading>
      <Stack gap="4">
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {files.map((file) => (
            <HStack as="li" key={file.id} gap="2" align="flex-start">
              <Box color="fg.muted" pt="0.5" aria-hidden="true">
                <FileTextIcon size="1.1em" />
              </Box>
              <Text flex="1" minW="0" overflowWrap="anywhere">
                {file.name}{' '}
                <Text as="span" color="fg.muted">
                  ({fileTypeLabel(file.type)})
                </Text>
              </Text>
              {parts ? (
                <parts.FileAction file={{ id: file.id, name: file.name, typeLabel: fileTypeLabel(file.type) }} />
              ) : null}
            </HStack>
          ))}
        </Stack>
        {parts ? <parts.RightsNote /> : <LoginToDownloadNote />}
      </Stack>
    </Box>
  );
}
