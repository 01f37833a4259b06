import { AspectRatio, Box, Image, Stack, Text } from '@chakra-ui/react';
import type { ImagePosition, SectionWidgetOf } from '#shared/contracts/page';
import { useWidgetFileUrl, WidgetTitle } from './widget-parts.tsx';

/**
 * coverImage: a wide image (with its alt text) under a dark band holding the title
 * and the optional subtitle. The text sits on a solid brand band, not on the
 * picture, so its contrast never depends on the image.
 */
export function CoverImageWidgetView({ widget }: { widget: SectionWidgetOf<'coverImage'> }) {
  const image = widget.files[0];
  const src = useWidgetFileUrl(image);
  return (
    <Box as="figure" m="0" borderRadius="l3" overflow="hidden" bg="brand.solid">
      {image && src ? (
        <Image src={src} alt={image.alt} width="full" maxH="md" objectFit="cover" display="block" />
      ) : null}
      <Stack as="figcaption" gap="1" px={{ base: '5', md: '8' }} py="5" color="brand.contrast">
        <WidgetTitle size={{ base: 'xl', md: '2xl' }} color="brand.contrast">
          {widget.title}
        </WidgetTitle>
        {widget.subtitle ? <Text textStyle="lg">{widget.subtitle}</Text> : null}
      </Stack>
    </Box>
  );
}

const POSITION_ALIGN: Record<ImagePosition, 'flex-start' | 'flex-end' | 'center'> = {
  left: 'flex-start',
  right: 'flex-end',
  center: 'center',
};

/**
 * An image widget's maximum height as CSS: a bare number is pixels (`300` →
 * `300px`); a length with its unit (`20em`, `50vh`, `80%`) as given; '' for none.
 */
export function imageMaxHeight(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? `${trimmed}px` : trimmed;
}

/** image: the picture with its alt text at its position (left, right, center), at most its maximum height; the title as caption. */
export function ImageWidgetView({ widget }: { widget: SectionWidgetOf<'image'> }) {
  const image = widget.files[0];
  const src = useWidgetFileUrl(image);
  const { position, maxHeight } = widget.customAttributes;
  if (!image || !src) return null;
  return (
    <Stack as="figure" m="0" gap="2" align={POSITION_ALIGN[position]} data-position={position}>
      <Image
        src={src}
        alt={image.alt}
        maxW="100%"
        maxH={imageMaxHeight(maxHeight)}
        objectFit="contain"
        loading="lazy"
        borderRadius="l2"
      />
      {widget.title ? (
        <Text as="figcaption" textStyle="sm" color="fg.muted">
          {widget.title}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The address of a YouTube video in the privacy-enhanced player, captions on in `captions` (spec §5: English by default). */
export function youTubeEmbedUrl(videoId: string, captions = 'en'): string {
  const query = new URLSearchParams({ cc_load_policy: '1', cc_lang_pref: captions || 'en', rel: '0' });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${query.toString()}`;
}

/**
 * youTube: the video in YouTube's privacy-enhanced (no-cookie) player, 16:9, with
 * captions shown by default in the widget's language (English unless set). The
 * frame's title names it for assistive technology: `videoTitle` (the section's
 * name), else the video id.
 */
export function YouTubeWidgetView({
  widget,
  videoTitle,
}: {
  widget: SectionWidgetOf<'youTube'>;
  videoTitle?: string | undefined;
}) {
  const title = videoTitle ? `YouTube video: ${videoTitle}` : `YouTube video ${widget.content}`;
  return (
    <AspectRatio ratio={16 / 9} width="full" borderRadius="l2" overflow="hidden" bg="bg.muted">
      <iframe
        src={youTubeEmbedUrl(widget.content, widget.customAttributes.captions)}
        title={title}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
