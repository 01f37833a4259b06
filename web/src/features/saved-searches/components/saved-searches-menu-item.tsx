import { Badge, HStack, Menu } from '@chakra-ui/react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { SAVED_SEARCHES_PAGE_PATH } from '#shared/contracts/saved-search';
import { useSavedSearches } from '../api/list-saved-searches.ts';

/** How many saved searches have new items, as the menu item's accessible name says it. */
export function savedSearchesMenuLabel(withNew: number): string {
  if (withNew === 0) return 'Saved searches';
  return `Saved searches, ${withNew} with new items`;
}

/**
 * The "Saved searches" item of the account menu (issue 24 item 8): a link to the
 * Saved searches screen with a badge counting the saved searches that have new items;
 * the count is part of its accessible name. Loaded with the menu, on demand.
 */
export function SavedSearchesMenuItem() {
  const list = useSavedSearches({ queryConfig: { staleTime: 60_000 } });
  const withNew = (list.data?.items ?? []).filter((item) => item.newMatches > 0).length;
  return (
    <Menu.Item value={SAVED_SEARCHES_PAGE_PATH} asChild>
      <ReactRouterLink to={SAVED_SEARCHES_PAGE_PATH} aria-label={savedSearchesMenuLabel(withNew)}>
        <HStack as="span" justify="space-between" width="full" gap="2">
          <span>Saved searches</span>
          {withNew > 0 ? (
            <Badge as="span" colorPalette="red" variant="solid" borderRadius="full" aria-hidden="true">
              {withNew}
            </Badge>
          ) : null}
        </HStack>
      </ReactRouterLink>
    </Menu.Item>
  );
}

export default SavedSearchesMenuItem;
