import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from '../../../components/ui/link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** An external link of the conference page: a presentation, a workshop, or a report on the conference. */
interface ConferenceLink {
  readonly kind: 'presentation' | 'workshop' | 'report';
  readonly title: string;
  readonly url: string;
  readonly source: string;
}

/** What the conference page shows. */
interface ConferencePage {
  readonly title: string;
  readonly dates: string;
  readonly venue: string;
  readonly host: string;
  readonly theme: string;
  readonly attendance: string;
  readonly tracks: readonly string[];
  readonly topics: readonly string[];
  readonly keynote: string;
  readonly links: readonly ConferenceLink[];
}

/**
 * The content of the 2018 state conference page (spec §1). It is the page's text,
 * kept here as data: the facts come from the public report linked below. The
 * conference program's slides and workshop materials were not available when this
 * page was written; add each as a `presentation` or `workshop` link and it is listed.
 */
export const CONFERENCE_2018: ConferencePage = {
  title: '2018 Virginia Cybersecurity Education Conference',
  dates: 'August 14–15, 2018',
  venue: 'James Madison University, Harrisonburg, Virginia',
  host: 'the Virginia Cyber Range',
  theme: 'Innovative Teaching and Learning in Cybersecurity',
  attendance: 'close to 200 cybersecurity educators, administrators and industry partners',
  tracks: ['Cyber educational resources', 'Cyber for K-12', 'Cyber workforce', 'Hot topics'],
  topics: ['network defense', 'secure coding', 'diversity in cybersecurity', 'cyber ethics'],
  keynote:
    'Virginia Secretary of Education Atif Qarni, on integrating STEM and cybersecurity in K-12 education (August 15)',
  links: [
    {
      kind: 'report',
      title: 'Report on the first Virginia Cybersecurity Education Conference',
      url: 'https://vtx.vt.edu/articles/2018/08/it-vcr-vacybereducon2018.html',
      source: 'Virginia Tech News',
    },
  ],
};

const GROUPS: readonly { readonly kind: ConferenceLink['kind']; readonly heading: string }[] = [
  { kind: 'presentation', heading: 'Presentations' },
  { kind: 'workshop', heading: 'Workshops' },
  { kind: 'report', heading: 'About the conference' },
];

/** /conference-2018 (spec §1): the 2018 state cybersecurity education conference, its tracks and its external links. */
export function Component() {
  const conference = CONFERENCE_2018;
  useDocumentTitle(conference.title);
  return (
    <Stack gap="8" maxW="3xl">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {conference.title}
        </Heading>
        <Text textStyle="lg" color="fg.muted">
          {conference.dates} · {conference.venue}
        </Text>
      </Stack>
      <Text>
        The first Virginia Cybersecurity Education Conference, hosted by {conference.host}, brought together{' '}
        {conference.attendance} to share resources and good practice. Its theme was “{conference.theme}”: engaging
        students at every grade level in hands-on, meaningful cybersecurity activities. Sessions covered{' '}
        {conference.topics.join(', ')}; a Jeopardy-style capture-the-flag competition tested participants on a wide
        range of computer security problems. The keynote was given by {conference.keynote}.
      </Text>
      <section aria-labelledby="tracks-heading">
        <Heading as="h2" size="xl" id="tracks-heading" mb="3">
          Tracks
        </Heading>
        <Text mb="2">Workshops, talks and panels were organised into four tracks:</Text>
        <List.Root ps="6">
          {conference.tracks.map((track) => (
            <List.Item key={track}>{track}</List.Item>
          ))}
        </List.Root>
      </section>
      {GROUPS.map(({ kind, heading }) => {
        const links = conference.links.filter((link) => link.kind === kind);
        if (links.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`${kind}-heading`}>
            <Heading as="h2" size="xl" id={`${kind}-heading`} mb="3">
              {heading}
            </Heading>
            <List.Root ps="6" gap="2">
              {links.map((link) => (
                <List.Item key={link.url}>
                  <ExternalLink href={link.url} newTab>
                    {link.title}
                  </ExternalLink>{' '}
                  <Text as="span" color="fg.muted">
                    ({link.source})
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          </section>
        );
      })}
    </Stack>
  );
}
