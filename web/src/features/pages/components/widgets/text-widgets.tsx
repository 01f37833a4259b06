import { Box, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { HeadingColor, SectionWidgetOf } from '#shared/contracts/page';
import { Prose } from '../../../../components/ui/prose.tsx';
import { sanitizePageHtml } from '../../utils/html.ts';
import { useWidgetFileUrl } from './widget-parts.tsx';

/**
 * The colours of a heading widget (spec §5 "Widgets"): the text colour, the brand's
 * primary and accent foregrounds, and green for `tertiary`. Each is at least 4.5:1
 * on white (the brand pairs are checked in `theme/brands.test.ts`; green.700 is
 * about 6.9:1).
 */
export const HEADING_COLOR_TOKENS: Record<HeadingColor, string> = {
  default: 'fg',
  primary: 'brand.fg',
  secondary: 'accent.fg',
  tertiary: 'green.700',
};

const HEADING_SIZES = { h1: '4xl', h2: '2xl', h3: 'xl', h4: 'lg', h5: 'md', h6: 'sm' } as const;

/** heading: its text at the level (h1–h6) and in the colour the editor chose. */
export function HeadingWidgetView({ widget }: { widget: SectionWidgetOf<'heading'> }) {
  const { type, color } = widget.customAttributes;
  return (
    <Heading as={type} size={HEADING_SIZES[type]} color={HEADING_COLOR_TOKENS[color]} data-color={color}>
      {widget.content}
    </Heading>
  );
}

/** calloutBox: a short text set apart with a brand-coloured edge. */
export function CalloutBoxWidgetView({ widget }: { widget: SectionWidgetOf<'calloutBox'> }) {
  return (
    <Box
      bg="brand.subtle"
      borderStartWidth="4px"
      borderColor="brand.solid"
      borderRadius="l2"
      px="5"
      py="4"
      data-widget-callout=""
    >
      <Text textStyle="lg" fontWeight="medium" color="fg" whiteSpace="pre-line">
        {widget.content}
      </Text>
    </Box>
  );
}

/**
 * contentBox: the editor's HTML, sanitised again here (scripts, event handlers and
 * `javascript:` addresses never render), with its optional image and alt text above.
 */
export function ContentBoxWidgetView({ widget }: { widget: SectionWidgetOf<'contentBox'> }) {
  const image = widget.files[0];
  const src = useWidgetFileUrl(image);
  const html = sanitizePageHtml(widget.content);
  return (
    <Stack gap="4">
      {image && src ? (
        <Image src={src} alt={image.alt} maxW="100%" height="auto" borderRadius="l2" loading="lazy" />
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify just above */}
      {html ? <Prose dangerouslySetInnerHTML={{ __html: html }} /> : null}
    </Stack>
  );
}
