import { Alert, Button, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageByHref } from '../api/get-page-by-href.ts';
import { PageContent } from './page-content.tsx';

/**
 * The CMS page at `href` (spec §2.14), read through `getPageByHref`: a skeleton
 * (a status named "Loading the page") while it loads, `notFound` when there is no
 * such page (or an unpublished one the reader may not see), an error with Retry
 * when it could not be loaded (the ERROR dialog of spec §8 has shown it already),
 * else {@link PageContent}. `fallbackTitle` is the h1 of the error state.
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
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This page could not be loaded.</Alert.Title>
            <Alert.Description>Check your connection and try again.</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Retry
          </Button>
        </Alert.Root>
      </Stack>
    );
  }
  if (query.data === null) return <>{notFound}</>;
  return <PageContent page={query.data} />;
}
