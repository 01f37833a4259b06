import { Box, Button, Heading, HStack, Skeleton, Text } from '@chakra-ui/react';
import { DownloadIcon, RotateCwIcon } from 'lucide-react';
import type { ContentUsage, UsageFigure } from '#shared/contracts/content-usage';
import { useContentUsage } from '../api/get-content-usage.ts';

const NUMBER = new Intl.NumberFormat('en-US');

/** A rounded figure as read: "fewer than 10", "1,200+" (decision record 071); null for none. */
export function usageFigureText(figure: UsageFigure): string | null {
  switch (figure.qualifier) {
    case 'none':
      return null;
    case 'fewerThan':
      return `fewer than ${NUMBER.format(figure.value)}`;
    case 'atLeast':
      return `${NUMBER.format(figure.value)}+`;
  }
}

/**
 * The usage sentence of an item (issue 26 item 4): "Downloaded 1,200+ times by people
 * at 40+ schools", "Downloaded fewer than 10 times" when no school counts, "Not
 * downloaded yet" without downloads.
 */
export function usageSentence(usage: Pick<ContentUsage, 'downloads' | 'schools'>): string {
  const downloads = usageFigureText(usage.downloads);
  if (!downloads) return 'Not downloaded yet';
  const schools = usageFigureText(usage.schools);
  return `Downloaded ${downloads} times${schools ? ` by people at ${schools} schools` : ''}`;
}

/**
 * "Usage" on a content page (issue 26 item 4): how many times the item was
 * downloaded and by people at how many schools, rounded, from a query of its own (the
 * page never waits for it; this module is loaded on demand). A placeholder line while
 * it loads, the sentence, or a short note with Retry when it fails; nothing when the
 * item is not found.
 */
export function ContentUsageLine({ contentId }: { contentId: string }) {
  const query = useContentUsage(contentId);
  if (query.data === null) return null;
  return (
    <Box as="section" aria-labelledby="usage-heading">
      <Heading as="h2" id="usage-heading" size="lg" mb="3">
        Usage
      </Heading>
      {query.isPending ? (
        <Skeleton height="5" width="80%" role="status" aria-label="Loading usage" />
      ) : query.isError ? (
        <HStack gap="3" flexWrap="wrap">
          <Text color="fg.muted">Usage could not be loaded.</Text>
          <Button size="xs" variant="outline" onClick={() => query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Retry
          </Button>
        </HStack>
      ) : (
        <HStack gap="2" align="center">
          <DownloadIcon aria-hidden="true" size="16" />
          <Text>{usageSentence(query.data)}</Text>
        </HStack>
      )}
    </Box>
  );
}
