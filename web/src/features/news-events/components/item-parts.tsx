import { Badge, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NEWS_EVENT_STATUS_LABELS, type NewsEventStatus } from '#shared/contracts/news';
import { RouterLink } from '../../../components/ui/link.tsx';
import { formatDateTime, formatDay } from '../../../lib/date-time.ts';
import { safeHref } from '../../../lib/safe-href.ts';
import { isNews, itemPath, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';

/**
 * The title of an item as its link (spec §2.10): a news item with an external link
 * goes there (a normal link, same tab, with an external-link icon and "(external
 * link)" for screen readers); every other item goes to `/news/<link>` or
 * `/events/<link>`.
 */
export function ItemTitleLink({
  kind,
  item,
  children,
}: {
  kind: NewsEventKind;
  item: NewsEventItem;
  children?: ReactNode;
}) {
  const label = children ?? item.name;
  const external = isNews(item) ? safeHref(item.externalLink) : undefined;
  if (external) {
    return (
      <ChakraLink href={external} color="link" display="inline" aria-label={`${item.name} (external link)`}>
        {label}
        <ExternalLinkIcon aria-hidden="true" size="0.8em" style={{ display: 'inline', marginInlineStart: '0.3em' }} />
      </ChakraLink>
    );
  }
  return (
    <RouterLink to={itemPath(kind, item)} color="link">
      {label}
    </RouterLink>
  );
}

/** When an item is: a news item's day, an event's day and time (the reader's time zone), as a `<time>`. */
export function ItemDate({ kind, date }: { kind: NewsEventKind; date: string }) {
  return (
    <Text as="span" color="fg.muted" textStyle="sm">
      <time dateTime={date}>{kind === 'news' ? formatDay(date) : formatDateTime(date)}</time>
    </Text>
  );
}

/** The status as a badge: green Published, grey Unpublished. */
export function StatusBadge({ status }: { status: NewsEventStatus }) {
  return (
    <Badge colorPalette={status === 'published' ? 'green' : 'gray'} variant="subtle" width="fit-content">
      {NEWS_EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Placeholder rows while items load; a status region named `label`. */
export function ItemsSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Stack gap="4" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={index} gap="2" borderWidth="1px" borderRadius="l3" p="4">
          <Skeleton height="6" width="60%" />
          <Skeleton height="4" width="25%" />
          <Skeleton height="4" />
        </Stack>
      ))}
    </Stack>
  );
}
