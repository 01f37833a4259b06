import { Box, Card, Circle, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BookOpenCheckIcon, MonitorPlayIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { absoluteUrl, useRuntimeConfig } from '../../lib/runtime-config.tsx';

// The news and events blocks (and their queries and contracts) load on demand, so the
// news feature stays out of the entry chunk the home route is part of.
const HomeNewsEvents = lazy(() => import('../../features/news-events/components/home-blocks.tsx'));

/** The three attribute cards of spec §2.4. */
const ATTRIBUTES = [
  {
    icon: BookOpenCheckIcon,
    title: 'Ready-to-teach courseware',
    text: 'Courses, modules, lessons and labs written by educators, free to adapt under a Creative Commons licence (BY-NC-SA 4.0).',
  },
  {
    icon: MonitorPlayIcon,
    title: 'Hands-on in the browser',
    text: 'Every student gets a cloud-hosted virtual environment for exercises and labs: nothing to install, nothing to break on campus.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Mapped to the workforce',
    text: 'Search by the knowledge, skills and abilities (KSAs), knowledge units and tasks that employers and curricula ask for.',
  },
] as const;

/** The three numbered feature rows of spec §2.4. */
function featureRows(siteName: string) {
  return [
    {
      title: 'Create your course',
      text: `Pick modules and labs from the ${siteName} courseware, add your own material, and set up a course for your class in minutes.`,
    },
    {
      title: 'Invite your students',
      text: 'Send invitations from the exercise area. Students join your course by invitation only and see just the exercises you assign.',
    },
    {
      title: 'Start teaching',
      text: 'Students work through realistic attack and defense exercises in their own environments while you follow their progress.',
    },
  ];
}

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
            Teach cybersecurity with real hands-on practice
          </Heading>
          <Text textStyle="lg" color="fg.muted">
            {siteName} gives educators free, ready-to-teach courseware and cloud-hosted exercise environments where
            students practise safely, with nothing to install.
          </Text>
          <HStack gap="3" wrap="wrap">
            <LinkButton to={paths.features} colorPalette="accent" size="lg">
              Explore the features
            </LinkButton>
            {flags.courseware ? (
              <LinkButton to={paths.courseware} variant="outline" size="lg">
                Browse courseware
              </LinkButton>
            ) : null}
          </HStack>
        </Stack>
        {landingVideoUrl ? <LandingVideo url={landingVideoUrl} siteName={siteName} /> : null}
      </SimpleGrid>

      <Stack as="section" gap="6" aria-labelledby="home-attributes">
        <Heading as="h2" id="home-attributes" size="2xl">
          Why educators choose {siteName}
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none" m="0" p="0">
          {ATTRIBUTES.map(({ icon: Icon, title, text }) => (
            <Card.Root as="li" key={title} variant="outline">
              <Card.Body gap="3">
                <Circle size="12" bg="brand.subtle" color="brand.fg">
                  <Icon aria-hidden="true" size="1.5em" />
                </Circle>
                <Card.Title as="h3">{title}</Card.Title>
                <Card.Description>{text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack as="section" gap="6" aria-labelledby="home-steps">
        <Heading as="h2" id="home-steps" size="2xl">
          From syllabus to lab in three steps
        </Heading>
        <Stack as="ol" gap="6" listStyleType="none" m="0" p="0">
          {featureRows(siteName).map((row, index) => (
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
