import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import type { SearchViewControl } from '../hooks/use-courseware-search.ts';
import { ContentCardGrid, ListSkeleton } from './list-parts.tsx';
import { type ResultPages, ResultsSection } from './results-view.tsx';

export const CONTENT_LIST_ID = 'content-list';

/**
 * "All courseware" (spec §2.5, no search): the landing list, a search without text
 * or filters shown like search results (issue 24 items 3 and 4; decision record 062):
 * sorted (recently updated first by default; newest, most downloaded, name) and in
 * numbered pages, both in the address (`sort`, `page`, `per`). Loading, error (with
 * Retry), empty ("content does not exist"). A page change moves focus to the list
 * heading and says the page.
 */
export function ContentList({ pages, control }: { pages: ResultPages; control: SearchViewControl }) {
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
    body = <ContentCardGrid items={pages.items} labelledBy={CONTENT_LIST_ID} stale={pages.isPlaceholderData} />;
  }

  return (
    <ResultsSection id={CONTENT_LIST_ID} heading="All courseware" pages={pages} control={control}>
      {body}
    </ResultsSection>
  );
}
