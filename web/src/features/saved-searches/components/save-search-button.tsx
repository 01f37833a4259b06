import { Button, HStack, Text } from '@chakra-ui/react';
import { BookmarkPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { SAVED_SEARCHES_PAGE_PATH } from '#shared/contracts/saved-search';
import type { SearchContentRequest, SearchSort } from '#shared/contracts/search';
import { useCreateSavedSearch } from '../api/create-saved-search.ts';
import { SavedSearchNameDialog } from './saved-search-name-dialog.tsx';

/**
 * "Save this search" on the courseware results (issue 24 item 8), for signed-in
 * readers: a dialog asks for the name, and then a status says it is saved, with a
 * link to the Saved searches screen. The search saved is the one the results show
 * (text, filters and order), as the search request encodes it.
 */
export function SaveSearchButton({
  query,
  defaultName,
}: {
  query: {
    readonly text: string;
    readonly filter: Omit<SearchContentRequest['filter'], 'nextPageToken'>;
    readonly sort?: SearchSort;
  };
  defaultName: string;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  return (
    <HStack gap="3" wrap="wrap">
      <Button
        variant="outline"
        onClick={() => {
          setSaved(null);
          setOpen(true);
        }}
      >
        <BookmarkPlusIcon aria-hidden="true" />
        Save this search
      </Button>
      <Text role="status" textStyle="sm">
        {saved ? (
          <>
            Saved as “{saved}”. <ReactRouterLink to={SAVED_SEARCHES_PAGE_PATH}>See your saved searches</ReactRouterLink>
          </>
        ) : null}
      </Text>
      {open ? (
        <SavedSearchNameDialog
          open={open}
          title="Save this search"
          description="Fields marked with an asterisk (*) are required. Saved searches show how many new items match them, in the account menu."
          submitLabel="Save"
          initialName={defaultName}
          askAlerts
          onSubmit={async ({ name, alerts }) => {
            const created = await create.mutateAsync({
              name,
              alerts,
              query,
            });
            setOpen(false);
            setSaved(created.name);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </HStack>
  );
}

export default SaveSearchButton;
