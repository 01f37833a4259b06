import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDownIcon, ChevronRightIcon, FileTextIcon } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { LESSON_ARTIFACT_TYPE_LABELS, type Lesson, type LessonUrl } from '#shared/contracts/lesson';
import { useStoredFileName } from './artifact-name.tsx';

/**
 * What a lesson artifact may offer beside its name: a download button, given by the
 * route (features do not import each other); it decides itself whether the reader
 * may view lesson files (spec §6).
 */
export type ArtifactActionComponent = ComponentType<{ file: { id: string; name: string; typeLabel?: string } }>;

function ArtifactItem({
  url,
  showName,
  FileAction,
}: {
  url: LessonUrl;
  showName: boolean;
  FileAction: ArtifactActionComponent | undefined;
}) {
  const name = useStoredFileName(url.fileId, showName);
  const label = LESSON_ARTIFACT_TYPE_LABELS[url.type];
  return (
    <HStack as="li" gap="2" align="flex-start">
      <Box color="fg.muted" pt="0.5" aria-hidden="true">
        <FileTextIcon size="1.1em" />
      </Box>
      <Text flex="1" minW="0" overflowWrap="anywhere">
        {label}
        {showName ? (
          <Text as="span" color="fg.muted">
            : {name}
          </Text>
        ) : null}
      </Text>
      {FileAction ? (
        <FileAction file={showName ? { id: url.fileId, name, typeLabel: label } : { id: url.fileId, name: label }} />
      ) : null}
    </HStack>
  );
}

function ArtifactList({
  urls,
  showNames,
  FileAction,
}: {
  urls: readonly LessonUrl[];
  showNames: boolean;
  FileAction: ArtifactActionComponent | undefined;
}) {
  if (urls.length === 0) return <Text color="fg.muted">No artifacts.</Text>;
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {urls.map((url) => (
        <ArtifactItem key={url.fileId} url={url} showName={showNames} FileAction={FileAction} />
      ))}
    </Stack>
  );
}

/**
 * One lesson of the list: its name, alternate id and artifacts (type, and the file
 * name when `showNames`, and the route's `FileAction`, a download button), its
 * pages behind a disclosure button, and for editors the Edit and Delete buttons.
 */
export function LessonItem({
  lesson,
  showNames,
  FileAction,
  onEdit,
  onDelete,
}: {
  lesson: Lesson;
  showNames: boolean;
  FileAction?: ArtifactActionComponent | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const [expanded, setExpanded] = useState(false);
  const pagesId = useId();
  const headingId = useId();
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" aria-labelledby={headingId}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
          <Box>
            <Heading as="h3" size="md" id={headingId}>
              {lesson.name}
            </Heading>
            {lesson.alternateId ? <Text color="fg.muted">Alternate id: {lesson.alternateId}</Text> : null}
          </Box>
          {onEdit || onDelete ? (
            <HStack gap="2">
              {onEdit ? (
                <Button size="sm" variant="outline" aria-label={`Edit ${lesson.name}`} onClick={onEdit}>
                  Edit
                </Button>
              ) : null}
              {onDelete ? (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete ${lesson.name}`}
                  onClick={onDelete}
                >
                  Delete
                </Button>
              ) : null}
            </HStack>
          ) : null}
        </HStack>
        <ArtifactList urls={lesson.urls} showNames={showNames} FileAction={FileAction} />
        {lesson.pages.length > 0 ? (
          <Box>
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={expanded}
              aria-controls={pagesId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
              Pages of {lesson.name} ({lesson.pages.length})
            </Button>
            <Stack id={pagesId} hidden={!expanded} as="ul" gap="3" listStyleType="none" m="0" mt="2" ps="6">
              {expanded
                ? lesson.pages.map((page) => (
                    <Box as="li" key={page.id}>
                      <Heading as="h4" size="sm" mb="1">
                        {page.name}
                      </Heading>
                      <ArtifactList urls={page.urls} showNames={showNames} FileAction={FileAction} />
                    </Box>
                  ))
                : null}
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
