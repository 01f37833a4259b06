import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FileTextIcon } from 'lucide-react';
import type { ContentFile, ContentFirstPage } from '#shared/contracts/content';
import { fileTypeLabel } from '#shared/file-type-labels';
import { LoginToDownloadNote } from '../../../components/ui/login-to-download-note.tsx';
import { useDownloadParts } from './download-parts.tsx';

/**
 * The files of a content item (spec §2.6): names and types, each with the download
 * button of the route's download parts (shown to readers who may view files), and
 * the note on who may download (a Log in button for visitors, the reason for
 * signed-in readers without the right). Without download parts: the visitor's view.
 * `firstPages` (issue 24 item 1, decision record 059) go with their files to the
 * file action, which offers them to readers without file rights.
 */
export function FilesPanel({
  files,
  firstPages = [],
}: {
  files: readonly ContentFile[];
  firstPages?: readonly ContentFirstPage[] | undefined;
}) {
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
                <parts.FileAction
                  file={{
                    id: file.id,
                    name: file.name,
                    typeLabel: fileTypeLabel(file.type),
                    firstPage: firstPages.find((page) => page.fileId === file.id),
                  }}
                />
              ) : null}
            </HStack>
          ))}
        </Stack>
        {parts ? <parts.RightsNote /> : <LoginToDownloadNote />}
      </Stack>
    </Box>
  );
}
