import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { hiddenByFlag } from '#shared/flagged-paths';
import { paths } from '../../../config/paths.ts';
import { PageView } from '../../../features/pages/components/page-view.tsx';
import { contentPath } from '../../../lib/content-path.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { NotFoundRoute } from '../not-found.tsx';
import { contentLookupQueryOptions } from './content-lookup.ts';
import { type DynamicLookup, dynamicLookup } from './lookup.ts';

/**
 * The screen of the catch-all route (spec §2.2 "Catch-all dynamic pages"; decision
 * record 026 "Dynamic routes"). A path with a `news` or `events` segment, or one
 * hidden by a feature flag (`hiddenByFlag`), shows not found. Otherwise, in this order: content found by the path's id, then by the full
 * path, is a redirect (replace) to its address (`/courseware/<alias or id>`); a CMS
 * page at the lower-case path is shown (its title is the document title); nothing
 * found goes home (replace; without a home route `/` itself goes on to the
 * courseware list). While content is looked up, a status "Looking for the page…" is
 * announced; the page's own loading and error states are {@link PageView}'s. A miss
 * never opens the ERROR dialog. Loaded on demand.
 */
export function Component() {
  const { pathname } = useLocation();
  const { flags } = useRuntimeConfig();
  const lookup = dynamicLookup(pathname);
  // A page hidden by a feature flag (spec §2.2) is not found, whatever is stored at its address.
  if (lookup.skip || hiddenByFlag(pathname, flags)) return <NotFoundRoute />;
  return <DynamicPage key={pathname} lookup={lookup} />;
}

function DynamicPage({ lookup }: { lookup: DynamicLookup }) {
  const byId = useQuery({
    ...contentLookupQueryOptions(lookup.contentId ?? ''),
    enabled: lookup.contentId !== null,
  });
  const byPath = useQuery({
    ...contentLookupQueryOptions(lookup.contentPath ?? ''),
    enabled: lookup.contentPath !== null,
  });
  // Spec order: the path's id first, then the full path; a failed lookup (reported already) counts as a miss.
  for (const [key, query] of [
    [lookup.contentId, byId],
    [lookup.contentPath, byPath],
  ] as const) {
    if (key === null) continue;
    if (query.isPending) return <LookingForThePage />;
    if (query.data) {
      // The redirect ends after the next route's loaders: until then the status keeps its place (no layout shift).
      return (
        <>
          <Navigate to={contentPath(query.data.content)} replace />
          <LookingForThePage />
        </>
      );
    }
  }
  if (lookup.pageHref === null) return <Navigate to={paths.home} replace />;
  return (
    <PageView
      key={lookup.pageHref}
      href={lookup.pageHref}
      notFound={<Navigate to={paths.home} replace />}
      fallbackTitle="Page"
    />
  );
}

/**
 * The announced status while the lookups run. It holds a screen's height, so the
 * footer stays below the fold until the page it leads to takes its place (no
 * layout shift; issue 22 item 5).
 */
function LookingForThePage() {
  useDocumentTitle('Looking for the page');
  return (
    <HStack role="status" gap="3" py="10" aria-live="polite" alignItems="flex-start" minH="100vh">
      <Spinner size="md" color="brand.solid" aria-hidden="true" />
      <Text color="fg.muted">Looking for the page…</Text>
    </HStack>
  );
}
