import type { SearchContentRequest, SearchSort } from './contracts/search.ts';
import { SORT_PARAM, toSearchParams } from './courseware-search.ts';

/**
 * The `/courseware` query string that shows a saved search (issue 24 item 8; decision
 * record 061): the reverse of `searchRequestOf` (`courseware-search.ts`) for a search's text, filter and
 * sort (`SavedSearchQuery`, no paging). Used by the SPA's "Open" and the digest e-mail's links;
 * a module of its own, so the courseware list's first render does not carry it.
 */
export function savedSearchParams(query: {
  readonly text: string;
  readonly filter: Omit<SearchContentRequest['filter'], 'nextPageToken'>;
  readonly sort?: SearchSort | undefined;
}): URLSearchParams {
  const params = toSearchParams({
    q: query.text,
    edu: query.filter.educationLevels,
    exp: query.filter.experienceLevels,
    cat: query.filter.contentCategories,
    ksas: query.filter.ksaIds,
    kus: query.filter.kuIds,
    tkss: query.filter.tksIds,
    cid: query.filter.contributorIds,
    new: query.filter.newOrUpdatedContent,
    tag: query.filter.tags,
    ...(query.filter.workRole ? { workRole: query.filter.workRole } : {}),
  });
  if (query.sort) params.set(SORT_PARAM, query.sort);
  return params;
}
