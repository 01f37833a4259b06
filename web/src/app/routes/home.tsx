import { Box, Card, Circle, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BookOpenCheckIcon, MonitorPlayIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { HOME_ATTRIBUTES, HOME_HEADINGS, HOME_INTRO, homeFeatureRows } from '#shared/home-copy';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { absoluteUrl, useRuntimeConfig } from '../../lib/runtime-config.tsx';

// The news and events blocks (and their queries and contracts) load on demand, so the
// news feature stays out of the entry chunk the home route is part of.
const HomeNewsEvents = lazy(() => import('../../features/news-events/components/home-blocks.tsx'));

/** The icons of the three attribute cards of spec §2.4 (`HOME_ATTRIBUTES`, in order). */
const ATTRIBUTE_ICONS = [BookOpenCheckIcon, MonitorPlayIcon, ShieldCheckIcon] as const;

/** A video file the browser plays itself; anything else is embedded as a player page. */
const VIDEO_FILE = /\.(mp4|webm|ogg)(\?.*)?$/i;

/** The optional landing video (spec §2.4), 16:9, named for assistive technology. */
function LandingVideo({ url, siteName }: { url: string; siteName: string }) {
  const title = `${siteName}: introduction video`;
  const src = absoluteUrl(url);
  return (
    <Box as="figure" m="0" aspectRatio={16 / 9} width="full" borderRadius="l3" overflow="hidden" bg="bg.muted">
      {VIDEO_FILE.test(url) ? (
        // biome-ignore lint/a11y/useMediaCaption: the configured video's captions are not known here
        <video src={src} controls preload="metadata" aria-label={title} style={{ width: '100%', height: '100%' }} />
      ) : (
        <iframe
          src={src}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ width: '100%', height: '100%', border: 0 }}
        />
      )}
    </Box>
  );
}

/** Placeholder of the news and events blocks while their code loads. */
function BlocksFallback() {
  return (
    <Text role="status" color="fg.muted">
      Loading news and events…
    </Text>
  );
}

/**
 * The home page (spec §2.4): the intro title and text, the Features button, the
 * optional landing video (`landingVideoUrl`), three attribute cards, three
 * numbered feature rows (create course, invite students, start teaching), then the
 * recent news (if the news flag is on) and the upcoming events (if the event flag
 * is on), which load on demand.
 */
export function HomeRoute() {
  const { siteName, flags, landingVideoUrl } = useRuntimeConfig();
  useDocumentTitle('Home');
  const showNewsEvents = flags.news || flags.event;
  return (
    <Stack gap={{ base: '12', md: '16' }} py={{ base: '6', md: '12' }}>
      <SimpleGrid columns={{ base: 1, lg: landingVideoUrl ? 2 : 1 }} gap="10" alignItems="center">
        <Stack gap="6" maxW="3xl">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} color="brand.fg" lineHeight="1.15">
            {HOME_INTRO.title}
          </Heading>
          <Text textStyle="lg" color="fg.muted">
            {HOME_INTRO.text(siteName)}
          </Text>
          <HStack gap="3" wrap="wrap">
            <LinkButton to={paths.features} colorPalette="accent" size="lg">
              {HOME_INTRO.featuresLabel}
            </LinkButton>
            {flags.courseware ? (
              <LinkButton to={paths.courseware} variant="outline" size="lg">
                {HOME_INTRO.coursewareLabel}
              </LinkButton>
            ) : null}
          </HStack>
        </Stack>
        {landingVideoUrl ? <LandingVideo url={landingVideoUrl} siteName={siteName} /> : null}
      </SimpleGrid>

      <Stack as="section" gap="6" aria-labelledby="home-attributes">
        <Heading as="h2" id="home-attributes" size="2xl">
          {HOME_HEADINGS.attributes(siteName)}
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none" m="0" p="0">
          {HOME_ATTRIBUTES.map(({ title, text }, index) => {
            const Icon = ATTRIBUTE_ICONS[index] ?? BookOpenCheckIcon;
            return (
              <Card.Root as="li" key={title} variant="outline">
                <Card.Body gap="3">
                  <Circle size="12" bg="brand.subtle" color="brand.fg">
                    <Icon aria-hidden="true" size="1.5em" />
                  </Circle>
                  <Card.Title as="h3">{title}</Card.Title>
                  <Card.Description>{text}</Card.Description>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Stack as="section" gap="6" aria-labelledby="home-steps">
        <Heading as="h2" id="home-steps" size="2xl">
          {HOME_HEADINGS.steps}
        </Heading>
        <Stack as="ol" gap="6" listStyleType="none" m="0" p="0">
          {homeFeatureRows(siteName).map((row, index) => (
            <HStack as="li" key={row.title} gap="5" align="flex-start">
              <Circle size="12" bg="brand.solid" color="brand.contrast" fontWeight="bold" textStyle="xl" flexShrink={0}>
                <span aria-hidden="true">{index + 1}</span>
              </Circle>
              <Stack gap="1">
                <Heading as="h3" size="lg">
                  <VisuallyHidden>{`Step ${index + 1}: `}</VisuallyHidden>
                  {row.title}
                </Heading>
                <Text color="fg.muted">{row.text}</Text>
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Stack>

      {showNewsEvents ? (
        <Suspense fallback={<BlocksFallback />}>
          <HomeNewsEvents news={flags.news} events={flags.event} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
