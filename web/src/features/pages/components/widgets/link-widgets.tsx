import { Box, Card, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { useId } from 'react';
import type { SectionWidgetOf } from '#shared/contracts/page';
import { giantButtonIcon } from '../../utils/icons.ts';
import { TargetButton, TargetLink, useWidgetFileUrl, WidgetTitle } from './widget-parts.tsx';

/** callToAction: a link drawn as a button, its text to its target (paths of this site through the router). */
export function CallToActionWidgetView({ widget }: { widget: SectionWidgetOf<'callToAction'> }) {
  return (
    <Box>
      <TargetButton target={widget.link} colorPalette="accent" size="lg">
        {widget.content}
      </TargetButton>
    </Box>
  );
}

/**
 * giantIconButton: a large card that is one link to its target, with the named icon
 * (decorative), the name as its title and the description under it.
 */
export function GiantIconButtonWidgetView({ widget }: { widget: SectionWidgetOf<'giantIconButton'> }) {
  const IconComponent = giantButtonIcon(widget.customAttributes.icon);
  const descriptionId = useId();
  return (
    <Card.Root variant="outline" height="full" position="relative" _hover={{ borderColor: 'brand.solid' }}>
      <Card.Body gap="3">
        <Icon as={IconComponent} aria-hidden="true" boxSize="12" color="brand.fg" />
        <WidgetTitle size="lg">
          <TargetLink
            target={widget.link}
            aria-describedby={widget.content ? descriptionId : undefined}
            // The whole card takes the click; the link stays the one focusable element.
            _after={{ content: '""', position: 'absolute', inset: '0' }}
          >
            {widget.name}
          </TargetLink>
        </WidgetTitle>
        {widget.content ? (
          <Text id={descriptionId} color="fg.muted" whiteSpace="pre-line">
            {widget.content}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * file: a download link named by the display name (the file name when there is
 * none); the file's alt text (a description of the file type) is its description.
 */
export function FileWidgetView({ widget }: { widget: SectionWidgetOf<'file'> }) {
  const file = widget.files[0];
  const href = useWidgetFileUrl(file);
  const descriptionId = useId();
  if (!file || !href) return null;
  return (
    <HStack gap="3" align="flex-start">
      <Icon as={DownloadIcon} aria-hidden="true" boxSize="5" mt="0.5" color="brand.fg" flexShrink={0} />
      <Stack gap="0.5">
        <Link href={href} download={file.filename} aria-describedby={descriptionId} fontWeight="medium">
          {widget.name || file.filename}
        </Link>
        <Text id={descriptionId} textStyle="sm" color="fg.muted">
          {file.alt}
        </Text>
      </Stack>
    </HStack>
  );
}
