import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { can } from '#shared/capabilities';
import type { Page, PageAncestor } from '#shared/contracts/page';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useSession } from '../../../lib/auth/session-store.ts';
import type { Crumb } from '../../../lib/breadcrumbs.ts';
import { usePageByHref } from '../api/get-page-by-href.ts';
import { usePage } from '../api/pages.ts';
import { PageContent } from './page-content.tsx';

/**
 * The page builder's controls and dialogs (and drag and drop), loaded only for
 * callers who may update content: visitors never download them.
 */
const PageEditor = lazy(() => import('./editor/page-editor.tsx').then((module) => ({ default: module.PageEditor })));

/**
 * The CMS page at `href` (spec §2.14), read through `getPageByHref`: a skeleton
 * (a status named "Loading the page") while it loads, `notFound` when there is no
 * such page (or an unpublished one the reader may not see), an error with Retry
 * when it could not be loaded (the ERROR dialog of spec §8 has shown it already),
 * else the page: its breadcrumbs ({@link PageBreadcrumbs}), the page builder's
 * controls for callers who may update content (`PageEditor`, loaded on demand) and
 * {@link PageContent}. `fallbackTitle` is the h1 of the error state. Routes that
 * show it turn the shell's path breadcrumbs off (`handle.breadcrumbs` false).
 */
export function PageView({
  href,
  notFound,
  fallbackTitle,
}: {
  href: string;
  notFound: ReactNode;
  fallbackTitle: string;
}) {
  const query = usePageByHref(href);
  if (query.isPending) {
    return (
      <Stack gap="6" aria-busy="true" role="status" aria-label="Loading the page">
        <Skeleton height="12" width="60%" />
        <Skeleton height="5" />
        <Skeleton height="5" width="85%" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="6" maxW="3xl">
        <Heading as="h1" size="3xl">
          {fallbackTitle}
        </Heading>
        <LoadError title="This page could not be loaded." onRetry={() => query.refetch()} />
      </Stack>
    );
  }
  if (query.data === null) return <>{notFound}</>;
  return <PageScreen page={query.data} />;
}

/**
 * A loaded page: breadcrumbs for every visitor; for callers with `updateContent`
 * the builder's controls (Delete page with `deletePage` too); then the content. The
 * breadcrumbs of a page with a parent come from `getPage` (its `ancestors`); a top
 * page needs no second request.
 */
function PageScreen({ page }: { page: Page }) {
  const { principal } = useSession();
  const withParent = page.parentId !== null;
  const byId = usePage(page.id, { enabled: withParent });
  // Ancestors of another parent (the page was just moved) are not shown while the new ones load.
  const ancestors = withParent && byId.data?.parentId === page.parentId ? byId.data.ancestors : [];
  return (
    <Stack gap="6">
      <PageBreadcrumbs page={page} ancestors={ancestors} />
      {can(principal, 'updateContent') ? (
        <Suspense fallback={<Skeleton height="24" aria-hidden="true" />}>
          <PageEditor page={page} ancestors={ancestors} canDelete={can(principal, 'deletePage')} />
        </Suspense>
      ) : null}
      <PageContent page={page} showEmptyGroups={can(principal, 'updateContent')} />
    </Stack>
  );
}

/** The crumbs of a CMS page (spec §2.3, §2.14): Home, its ancestors from the top down, then the page itself. */
export function pageCrumbs(page: Pick<Page, 'title' | 'href'>, ancestors: readonly PageAncestor[]): Crumb[] {
  return [
    { label: 'Home', to: '/', current: false },
    ...ancestors.map((ancestor) => ({ label: ancestor.title, to: ancestor.href, current: false })),
    { label: page.title, to: page.href, current: true },
  ];
}

/**
 * The breadcrumbs of a CMS page (spec §2.14 "Breadcrumbs"), from its ancestors
 * rather than from the path (the shell's path breadcrumbs are off on page routes).
 */
export function PageBreadcrumbs({ page, ancestors }: { page: Page; ancestors: readonly PageAncestor[] }) {
  return <Breadcrumbs crumbs={pageCrumbs(page, ancestors)} />;
}
