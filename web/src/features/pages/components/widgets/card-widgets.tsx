import { Box, Card, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { isStoredHtml } from '#shared/contracts/html-images';
import type { SectionWidgetOf } from '#shared/contracts/page';
import { Prose } from '../../../../components/ui/prose.tsx';
import { sanitizePageHtml } from '../../utils/html.ts';
import { useWidgetFileUrl, WidgetTitle } from './widget-parts.tsx';

/**
 * teamMember: name (the title of the card), job title, description (HTML, or plain
 * text stored before issue 25 item 1), and the
 * optional avatar (204×204, round) and organisation logo (290×80), each with its
 * own alt text. The avatar and logo are the files named by
 * `customAttributes.avatarFileId` and `logoFileId`.
 */
export function TeamMemberWidgetView({ widget }: { widget: SectionWidgetOf<'teamMember'> }) {
  const { avatarFileId, logoFileId } = widget.customAttributes;
  const avatar = widget.files.find((file) => file.fileId === avatarFileId);
  const logo = widget.files.find((file) => file.fileId === logoFileId);
  const avatarSrc = useWidgetFileUrl(avatar);
  const logoSrc = useWidgetFileUrl(logo);
  return (
    <Card.Root variant="outline" height="full">
      <Card.Body gap="3">
        <HStack gap="4" align="center">
          {avatar && avatarSrc ? (
            <Image
              src={avatarSrc}
              alt={avatar.alt}
              boxSize="24"
              borderRadius="full"
              objectFit="cover"
              flexShrink={0}
              loading="lazy"
            />
          ) : null}
          <Stack gap="0.5">
            <WidgetTitle size="lg">{widget.name}</WidgetTitle>
            {widget.title ? <Text color="fg.muted">{widget.title}</Text> : null}
          </Stack>
        </HStack>
        {widget.content && isStoredHtml(widget.content) ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify
          <Prose dangerouslySetInnerHTML={{ __html: sanitizePageHtml(widget.content) }} />
        ) : widget.content ? (
          <Text whiteSpace="pre-line">{widget.content}</Text>
        ) : null}
        {logo && logoSrc ? (
          <Box>
            <Image src={logoSrc} alt={logo.alt} maxW="290px" maxH="80px" objectFit="contain" loading="lazy" />
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** featureItem: an image (with its alt text) over a title and a subtitle. */
export function FeatureItemWidgetView({ widget }: { widget: SectionWidgetOf<'featureItem'> }) {
  const image = widget.files[0];
  const src = useWidgetFileUrl(image);
  return (
    <Stack gap="3" height="full">
      {image && src ? (
        <Image src={src} alt={image.alt} width="full" maxH="60" objectFit="cover" borderRadius="l2" loading="lazy" />
      ) : null}
      <WidgetTitle size="lg">{widget.title}</WidgetTitle>
      <Text color="fg.muted" whiteSpace="pre-line">
        {widget.subtitle}
      </Text>
    </Stack>
  );
}
