import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { SearchContentRequest, SearchSort } from '#shared/contracts/search';

/**
 * Props of the "Save this search" part: the search the results show, as the search
 * request encodes it (text, filter without its page token, the order when not the
 * default), and the name to offer.
 */
export interface SaveSearchPartProps {
  readonly query: {
    readonly text: string;
    readonly filter: Omit<SearchContentRequest['filter'], 'nextPageToken'>;
    readonly sort?: SearchSort;
  };
  readonly defaultName: string;
}

/**
 * "Save this search" beside the results heading (issue 24 item 8). It belongs to the
 * saved-searches feature, and features do not import each other, so the route
 * composes it (`app/routes/courseware/list.tsx`); without a provider nothing is shown.
 */
const SaveSearchPartContext = createContext<ComponentType<SaveSearchPartProps> | null>(null);

/** Provides the "Save this search" part to the courseware search results. */
export function SaveSearchPartProvider({
  part,
  children,
}: {
  part: ComponentType<SaveSearchPartProps>;
  children: ReactNode;
}) {
  return <SaveSearchPartContext.Provider value={part}>{children}</SaveSearchPartContext.Provider>;
}

/** The "Save this search" part the route provided, or null. */
export function useSaveSearchPart(): ComponentType<SaveSearchPartProps> | null {
  return useContext(SaveSearchPartContext);
}
