import { Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, MapPinIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { HOME_BLOCKS } from '#shared/home-copy';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { RouterLink } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { truncate } from '../../../lib/text.ts';
import { listQueryOptions } from '../api/news-events.ts';
import { descriptionText } from '../utils/description.ts';
import { isNews, KIND_TEXT, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';
import { ItemDate, ItemsSkeleton, ItemTitleLink } from './item-parts.tsx';

/** Characters of a description quoted on the home page (spec §9 "Truncation": about 120). */
export const HOME_DESCRIPTION_CHARS = 120;

/**
 * The home page's recent news (spec §2.4, §7 "Get news": 2 published items, newest
 * first) with a link to the news list.
 */
export function RecentNews() {
  const query = useQuery(listQueryOptions('news', { limit: NEWS_EVENT_LIMITS.homeRecentNews, status: 'published' }));
  return (
    <HomeBlock
      kind="news"
      heading={HOME_BLOCKS.news.heading}
      allLabel={HOME_BLOCKS.news.allLabel}
      empty={HOME_BLOCKS.news.empty}
      loadError="The recent news could not be loaded."
      query={query}
      rows={NEWS_EVENT_LIMITS.homeRecentNews}
    />
  );
}

/**
 * The home page's upcoming events (spec §2.4, §2.10 "The landing page shows 3
 * events", §7 "Home upcoming events"): the server's `upcoming=true` (published,
 * from now on, soonest first), 3 of them, with a link to the events list.
 */
export function UpcomingEvents() {
  const query = useQuery(
    listQueryOptions('event', { limit: NEWS_EVENT_LIMITS.homeEvents, status: 'published', upcoming: true }),
  );
  return (
    <HomeBlock
      kind="event"
      heading={HOME_BLOCKS.event.heading}
      allLabel={HOME_BLOCKS.event.allLabel}
      empty={HOME_BLOCKS.event.empty}
      loadError="The upcoming events could not be loaded."
      query={query}
      rows={NEWS_EVENT_LIMITS.homeEvents}
    />
  );
}

/**
 * The news and events blocks of the home page side by side, each only when its
 * flag is on (spec §2.4). Loaded on demand by the home route, so the news feature
 * stays out of the entry chunk.
 */
export default function HomeNewsEvents({ news, events }: { news: boolean; events: boolean }) {
  if (!news && !events) return null;
  return (
    <SimpleGrid columns={{ base: 1, lg: news && events ? 2 : 1 }} gap="8">
      {news ? <RecentNews /> : null}
      {events ? <UpcomingEvents /> : null}
    </SimpleGrid>
  );
}

function HomeBlock({
  kind,
  heading,
  allLabel,
  empty,
  loadError,
  query,
  rows,
}: {
  kind: NewsEventKind;
  heading: string;
  allLabel: string;
  empty: string;
  loadError: string;
  query: {
    data: { items: readonly NewsEventItem[] } | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  rows: number;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (query.isPending) body = <ItemsSkeleton label={`Loading ${heading.toLowerCase()}`} rows={rows} />;
  else if (query.isError || !query.data) body = <LoadError title={loadError} onRetry={() => query.refetch()} />;
  else if (query.data.items.length === 0) body = <Text color="fg.muted">{empty}</Text>;
  else {
    body = (
      <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-labelledby={headingId}>
        {query.data.items.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
            <Stack gap="1.5">
              <Heading as="h3" size="md">
                <ItemTitleLink kind={kind} item={item} />
              </Heading>
              <HStack gap="3" wrap="wrap">
                <ItemDate kind={kind} date={item.date} />
                {!isNews(item) && item.location ? (
                  <HStack as="span" gap="1" color="fg.muted" textStyle="sm">
                    <MapPinIcon aria-hidden="true" size="1em" />
                    {truncate(item.location, 60)}
                  </HStack>
                ) : null}
              </HStack>
              <Text textStyle="sm">{truncate(descriptionText(item.description), HOME_DESCRIPTION_CHARS)}</Text>
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="3">
        <Heading as="h2" id={headingId} size="2xl">
          {heading}
        </Heading>
        <RouterLink to={KIND_TEXT[kind].listPath} display="inline-flex" alignItems="center" gap="1">
          {allLabel}
          <ArrowRightIcon aria-hidden="true" size="1em" />
        </RouterLink>
      </HStack>
      {body}
    </Stack>
  );
}
