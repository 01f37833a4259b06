import { Button, Card, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  BriefcaseIcon,
  CalendarDaysIcon,
  ExternalLinkIcon,
  GraduationCapIcon,
  HeartPulseIcon,
  type LucideIcon,
  PartyPopperIcon,
  UsersIcon,
  ZapIcon,
} from 'lucide-react';
import { ExternalLink } from '../../../components/ui/link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

interface Perk {
  readonly key: 'health' | 'leave' | 'tuition' | 'collaboration' | 'fast' | 'fun';
  readonly title: string;
  readonly text: string;
  readonly icon: LucideIcon;
}

/** The perks of spec §2.12, in its order. */
const PERKS: readonly Perk[] = [
  {
    key: 'health',
    title: 'Health',
    text: 'Medical, dental and vision coverage for you and your family, with wellness programs to keep you well.',
    icon: HeartPulseIcon,
  },
  {
    key: 'leave',
    title: 'Leave',
    text: 'Paid vacation, sick leave and university holidays, so time off is time off.',
    icon: CalendarDaysIcon,
  },
  {
    key: 'tuition',
    title: 'Tuition',
    text: 'Tuition assistance for courses, certificates and degrees: keep learning while you teach others.',
    icon: GraduationCapIcon,
  },
  {
    key: 'collaboration',
    title: 'Collaboration',
    text: 'Work side by side with educators, researchers, engineers and students from schools across the country.',
    icon: UsersIcon,
  },
  {
    key: 'fast',
    title: 'Fast',
    text: 'A small team in a fast-moving field: your work reaches classrooms in weeks, not years.',
    icon: ZapIcon,
  },
  {
    key: 'fun',
    title: 'Fun',
    text: 'Capture-the-flag competitions, conferences and a team that enjoys breaking (and fixing) things together.',
    icon: PartyPopperIcon,
  },
];

/**
 * /jobs (spec §2.2 flag jobs, §2.12): the perks, the careers site button and the
 * student job board footnote, each shown when the runtime configuration has its
 * address (`careersUrl`, `studentJobBoardUrl`).
 */
export function Component() {
  const { siteName, careersUrl, studentJobBoardUrl } = useRuntimeConfig();
  useDocumentTitle('Jobs');
  return (
    <Stack gap="8">
      <Stack gap="3" maxW="3xl">
        <Heading as="h1" size="3xl">
          Work with us
        </Heading>
        <Text textStyle="lg">
          The {siteName} team builds the courseware and the hands-on environments that cybersecurity educators use every
          day. Here is what we offer.
        </Text>
      </Stack>
      <section aria-labelledby="perks-heading">
        <Heading as="h2" size="xl" id="perks-heading" mb="4">
          Perks
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4" listStyleType="none" m="0" p="0">
          {PERKS.map(({ key, title, text, icon: Icon }) => (
            <Card.Root as="li" key={key} variant="outline">
              <Card.Body gap="2">
                <Icon aria-hidden="true" size={28} />
                <Card.Title as="h3">{title}</Card.Title>
                <Card.Description>{text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </section>
      <Stack gap="4" align="flex-start">
        {careersUrl ? (
          <Button asChild colorPalette="brand" size="lg">
            <a href={careersUrl} target="_blank" rel="noopener noreferrer">
              <BriefcaseIcon aria-hidden="true" />
              See open positions
              <ExternalLinkIcon aria-hidden="true" />
              <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
            </a>
          </Button>
        ) : null}
        {studentJobBoardUrl ? (
          <Text as="small" textStyle="sm" color="fg.muted">
            Students: part-time and work-study positions are posted on the{' '}
            <ExternalLink href={studentJobBoardUrl} newTab>
              student job board
            </ExternalLink>
            .
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
