import { Box, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { LibraryIcon, ListTreeIcon, MegaphoneIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { UPDATED_WITHIN_DAYS } from '#shared/limits';
import { paths } from '../../../config/paths.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { CONTENT_LIST_ID } from './content-list.tsx';

interface LandingLink {
  readonly key: string;
  readonly title: string;
  readonly text: string;
  readonly icon: ReactNode;
  readonly link: ReactNode;
}

function LinkCard({ item }: { item: LandingLink }) {
  return (
    <LinkBox
      as="li"
      display="flex"
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      bg="bg"
      _hover={{ borderColor: 'brand.emphasized', boxShadow: 'sm' }}
    >
      <Box color="accent.fg" flexShrink="0" pt="0.5" aria-hidden="true">
        {item.icon}
      </Box>
      <Box>
        <Text fontWeight="semibold" textStyle="md">
          {item.link}
        </Text>
        <Text color="fg.muted" textStyle="sm" mt="1">
          {item.text}
        </Text>
      </Box>
    </LinkBox>
  );
}

const overlayStyle = { color: 'link', textDecoration: 'underline', textUnderlineOffset: '3px' } as const;

/** The landing links of /courseware without a search (spec §2.5). */
export function LandingLinks() {
  const { callForCoursewareUrl, coursewareIndexUrl, flags } = useRuntimeConfig();
  const items: LandingLink[] = [
    {
      key: 'browse',
      title: 'Browse repository',
      text: 'Every published course, module, lesson and lab.',
      icon: <LibraryIcon />,
      link: (
        <LinkOverlay
          href={`#${CONTENT_LIST_ID}`}
          {...overlayStyle}
          onClick={(event) => {
            event.preventDefault();
            const heading = document.getElementById(CONTENT_LIST_ID);
            heading?.focus();
            heading?.scrollIntoView({ block: 'start' });
          }}
        >
          Browse repository
        </LinkOverlay>
      ),
    },
    {
      key: 'recent',
      title: 'Recent content',
      text: `Courseware added or updated in the last ${UPDATED_WITHIN_DAYS} days.`,
      icon: <SparklesIcon />,
      link: (
        <LinkOverlay asChild {...overlayStyle}>
          <ReactRouterLink to={paths.recentCourseware}>Recent content</ReactRouterLink>
        </LinkOverlay>
      ),
    },
  ];
  if (coursewareIndexUrl) {
    items.push({
      key: 'index',
      title: 'Courseware index',
      text: 'The whole collection on one page.',
      icon: <ListTreeIcon />,
      link: (
        <LinkOverlay href={coursewareIndexUrl} {...overlayStyle}>
          Courseware index
        </LinkOverlay>
      ),
    });
  }
  if (flags.callForCourseware) {
    items.push({
      key: 'call',
      title: 'Call for courseware',
      text: 'Share your courseware with educators; grants are available.',
      icon: <MegaphoneIcon />,
      link: callForCoursewareUrl ? (
        <LinkOverlay href={callForCoursewareUrl} {...overlayStyle}>
          Call for courseware
        </LinkOverlay>
      ) : (
        <LinkOverlay asChild {...overlayStyle}>
          <ReactRouterLink to={paths.callForCourseware}>Call for courseware</ReactRouterLink>
        </LinkOverlay>
      ),
    });
  }
  return (
    <Box as="nav" aria-label="Courseware">
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: items.length }} gap="4" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <LinkCard key={item.key} item={item} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
