import { Box, Button, Flex, Grid, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { PlusIcon, SlidersHorizontalIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can } from '#shared/capabilities';
import {
  ARRAY_KEYS,
  activeFilterCount,
  type CoursewareSearch,
  EMPTY_SEARCH,
  isSearching,
  searchRequestOf,
} from '#shared/courseware-search';
import { CONTENT_CATEGORIES, type ContentCategory } from '#shared/enums';
import { BREAKPOINTS } from '#shared/limits';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useCoursewareSearch } from '../hooks/use-courseware-search.ts';
import { useSearchPages } from '../hooks/use-search-pages.ts';
import { ContentList } from './content-list.tsx';
import { CoursewareTitleArt } from './courseware-title-art.tsx';
import { useDownloadParts } from './download-parts.tsx';
import { LandingLinks } from './landing-links.tsx';
import { ListSkeleton } from './list-parts.tsx';
import { SearchBox } from './search-box.tsx';

// The panel (checkboxes, combo boxes and their machinery) is not needed to show the
// landing view; it loads when first shown, and a hover or focus on Filters starts it.
const loadFilterPanel = () => import('./filter-panel.tsx');
const FilterPanel = lazy(loadFilterPanel);

// The results (numbered pages, sort and page-size selects) show only in searching mode,
// so the landing view's first render does not load them (decision record 053).
const SearchResults = lazy(() => import('./search-results.tsx').then((module) => ({ default: module.SearchResults })));

// Only editors open creating mode, so visitors never load the form.
const ContentCreateForm = lazy(() =>
  import('./editor/content-create-form.tsx').then((module) => ({ default: module.ContentCreateForm })),
);

const FILTER_PANEL_ID = 'courseware-filters';
const WIDE_QUERY = `(min-width: ${BREAKPOINTS.md}px)`;

function subscribeWide(onChange: () => void) {
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough (spec §9 breakpoint md, 960 px) to show the filters beside the results. */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

function PanelSkeleton() {
  return (
    <Stack gap="4" role="status" aria-label="Loading filters">
      <Skeleton height="6" width="40%" />
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height="4" width={`${60 + ((index * 7) % 30)}%`} />
      ))}
    </Stack>
  );
}

function isContentCategory(value: string): value is ContentCategory {
  return (CONTENT_CATEGORIES as readonly string[]).includes(value);
}

function pageTitle(search: CoursewareSearch, searching: boolean): string {
  if (!searching) return 'Courseware';
  if (search.q) return `Search: ${search.q}`;
  const onlyNew = search.new && ARRAY_KEYS.every((key) => search[key].length === 0);
  return onlyNew ? 'Recent courseware' : 'Courseware search';
}

/**
 * /courseware (spec §2.5): the title, the search box, and then either the landing
 * links and "All courseware" (no search), or the search results (searching mode:
 * text or any filter set); both are sorted and paged alike (decision record 062). The filters sit beside the results on wide screens and
 * behind the Filters button on narrow ones; on the landing view they open with
 * Filters. The address holds the whole search (`q`, `edu`, `exp`, `cat`, `ksas`,
 * `kus`, `tkss`, `cid`, `new`, `tag`) and how its results are shown (`page`,
 * `sort`, `per`; issue 24 items 3 and 4), so a shared address reproduces it and back
 * and forward move between searches. With the `searchCourseware` flag off there is
 * no search box and no filters, but an address with a search still shows its results.
 * Callers who may update content get "Add courseware", which opens creating mode
 * (`creating=1`, spec §2.5): the create form instead of the search and the list.
 * Others are not shown the button, and the parameter is ignored for them. With
 * exactly one category chosen, the route's download parts add "Download all
 * <Category> files" beside the results heading (spec §4 "File bundle").
 */
export function CoursewareLanding({ debounceMs }: { debounceMs?: number }) {
  const { flags } = useRuntimeConfig();
  const { search, setSearch, view, control } = useCoursewareSearch();
  const searching = isSearching(search);
  const { principal } = useSession();
  const [params, setParams] = useSearchParams();
  const mayCreate = can(principal, 'updateContent');
  const creating = mayCreate && params.get('creating') === '1';
  useDocumentTitle(creating ? 'Add courseware' : pageTitle(search, searching));

  const wide = useWideScreen();
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  // The "search courseware" flag (spec §2.2) hides the search box and the filters; an
  // address that carries a search (such as the recent-content link) still shows it.
  const searchControls = flags.searchCourseware;
  const panelShown = searchControls && (filtersOpen ?? (searching && wide));
  const searchInputRef = useRef<HTMLInputElement>(null);

  // Without text or filters the same hook lists all courseware ("All courseware"), sorted
  // and paged like a search (decision record 062); its facets count over all courseware.
  const pages = useSearchPages({
    search,
    view,
    control,
    enabled: !creating,
    ...(debounceMs === undefined ? {} : { debounceMs }),
  });
  const facets = pages.data?.facets;
  const searchKey = useMemo(() => JSON.stringify(searchRequestOf(search)), [search]);

  const clearFilters = useCallback(() => {
    // Keep the panel where it is, even when clearing ends searching mode.
    setFiltersOpen(panelShown);
    setSearch({ ...EMPTY_SEARCH, q: search.q });
  }, [panelShown, search.q, setSearch]);

  const active = activeFilterCount(search);
  // Spec §4 "File bundle": all files of a category as one zip, offered when exactly one category is chosen.
  const downloads = useDownloadParts();
  const categories = [...new Set(search.cat.filter(isContentCategory))];
  const onlyCategory = categories.length === 1 ? categories[0] : undefined;

  const stopCreating = () => {
    const next = new URLSearchParams(params);
    next.delete('creating');
    setParams(next);
  };

  return (
    <Stack gap="8">
      <Flex align="center" gap="5">
        {flags.coursewareTitleImage ? <CoursewareTitleArt /> : null}
        <Stack gap="2">
          <Heading as="h1" size="3xl" color="brand.fg">
            Courseware
          </Heading>
          <Text color="fg.muted" maxW="60ch">
            Free cybersecurity courses, modules, lessons and hands-on labs for educators, each mapped to the NICE
            Framework and CAE knowledge units.
          </Text>
        </Stack>
        {mayCreate && !creating ? (
          <LinkButton to={paths.createCourseware} ms="auto" alignSelf="start">
            <PlusIcon aria-hidden="true" />
            Add courseware
          </LinkButton>
        ) : null}
      </Flex>
      {creating ? (
        <Suspense fallback={<Skeleton height="40" role="status" aria-label="Loading the form" />}>
          <ContentCreateForm onCancel={stopCreating} />
        </Suspense>
      ) : (
        <>
          {searchControls ? (
            <SearchBox q={search.q} onSearch={(q) => setSearch({ ...search, q })} inputRef={searchInputRef}>
              <Button
                type="button"
                variant={panelShown ? 'subtle' : 'outline'}
                aria-expanded={panelShown}
                aria-controls={panelShown ? FILTER_PANEL_ID : undefined}
                onClick={() => setFiltersOpen(!panelShown)}
                onPointerEnter={() => void loadFilterPanel()}
                onFocus={() => void loadFilterPanel()}
              >
                <SlidersHorizontalIcon aria-hidden="true" />
                Filters
                {active > 0 ? (
                  <>
                    <Box
                      as="span"
                      aria-hidden="true"
                      bg="brand.solid"
                      color="brand.contrast"
                      px="1.5"
                      borderRadius="full"
                      textStyle="xs"
                    >
                      {active}
                    </Box>
                    <VisuallyHidden>, {active} active</VisuallyHidden>
                  </>
                ) : null}
              </Button>
            </SearchBox>
          ) : null}
          {searching ? null : <LandingLinks />}
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', md: panelShown ? '17rem minmax(0, 1fr)' : 'minmax(0, 1fr)' }}
            gap="8"
            alignItems="start"
          >
            {panelShown ? (
              <Suspense fallback={<PanelSkeleton />}>
                <FilterPanel
                  id={FILTER_PANEL_ID}
                  search={search}
                  onSearchChange={setSearch}
                  facets={facets}
                  onClearAll={clearFilters}
                  expansions={pages.data?.expansions}
                />
              </Suspense>
            ) : null}
            {searching ? (
              <Suspense fallback={<ListSkeleton label="Searching courseware" />}>
                <SearchResults
                  pages={pages}
                  control={control}
                  search={search}
                  searchKey={searchKey}
                  canClearFilters={active > 0}
                  onClearAll={() => {
                    searchInputRef.current?.focus();
                    clearFilters();
                  }}
                  headingAction={
                    downloads && onlyCategory ? <downloads.CategoryDownload category={onlyCategory} /> : undefined
                  }
                />
              </Suspense>
            ) : (
              <ContentList pages={pages} control={control} />
            )}
          </Grid>
        </>
      )}
    </Stack>
  );
}
