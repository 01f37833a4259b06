import { Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { Page } from '#shared/contracts/page';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { pageOpensWithH1 } from '../utils/headings.ts';
import { GroupedList, HandSortedList } from './page-layouts.tsx';

/**
 * A CMS page, read-only (spec §2.14, §3 "Page"): its title as the h1 (and the
 * document title), then its sections in its layout (`handSortedList` or
 * `groupedList`). When the first section opens with an h1 heading widget (as the
 * seeded pages do), that widget is the page's h1 and the title is not drawn twice;
 * it still names the article and the document. Empty groups of a grouped list show
 * only with `showEmptyGroups` (editors; issue 21 item 16). The page's meta description goes
 * into the document head while it is shown. Editing (the page builder) is issue 9's.
 */
export function PageContent({ page, showEmptyGroups = false }: { page: Page; showEmptyGroups?: boolean }) {
  useDocumentTitle(page.title);
  useMetaDescription(page.meta.description);
  return (
    <Stack as="article" gap="10" aria-label={page.title} data-page-id={page.id}>
      {pageOpensWithH1(page) ? null : (
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          {page.title}
        </Heading>
      )}
      {page.sections.length === 0 ? (
        <Text color="fg.muted">This page has no content yet.</Text>
      ) : page.layout.name === 'groupedList' ? (
        <GroupedList page={page} showEmptyGroups={showEmptyGroups} />
      ) : (
        <HandSortedList sections={page.sections} />
      )}
    </Stack>
  );
}

/** Puts `description` into the document's `<meta name="description">` while the page is shown, then puts the old one back. */
function useMetaDescription(description: string) {
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
