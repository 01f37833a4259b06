import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useContentPages } from '../hooks/use-content-pages.ts';
import { ContentCardGrid, ListSkeleton, PagedListSection } from './list-parts.tsx';

export const CONTENT_LIST_ID = 'content-list';

/**
 * "All courseware" (spec §2.5, no search): the paged list of content cards, 10 per
 * page: Loading, error (with Retry), empty ("content does not exist") and
 * Previous / Next. A page change moves focus to the list heading and says the page.
 */
export function ContentList({ debounceMs }: { debounceMs?: number }) {
  const pages = useContentPages({ newOrUpdated: false, ...(debounceMs === undefined ? {} : { debounceMs }) });

  let body: ReactNode;
  if (pages.isPending) {
    body = <ListSkeleton label="Loading courseware" />;
  } else if (pages.isError) {
    body = <LoadError title="The courseware list could not be loaded." onRetry={() => pages.refetch()} />;
  } else if (pages.items.length === 0) {
    body = (
      <Text role="status" color="fg.muted" py="6">
        Content does not exist.
      </Text>
    );
  } else {
    body = <ContentCardGrid items={pages.items} labelledBy={CONTENT_LIST_ID} />;
  }

  return (
    <PagedListSection id={CONTENT_LIST_ID} heading="All courseware" pages={pages}>
      {body}
    </PagedListSection>
  );
}
