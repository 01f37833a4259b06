import { Avatar, Box, Button, Heading, HStack, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { contributorDisplayName } from '#shared/contracts/contributor';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { publicFileUrl } from '../../../lib/file-pick.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useContributor, useContributorCourseware } from '../api/get-contributor.ts';
import { CardSkeleton } from './card-skeleton.tsx';
import { ContentCard } from './content-card.tsx';

function Courseware({ id, name }: { id: string; name: string }) {
  const query = useContributorCourseware(id);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <Box as="section" aria-labelledby="contributor-courseware-heading">
      <Heading as="h2" id="contributor-courseware-heading" size="lg" mb="3">
        Courseware by {name}
      </Heading>
      {query.isPending ? (
        <CardSkeleton label="Loading courseware" />
      ) : query.isError && items.length === 0 ? (
        <LoadError title="The courseware could not be loaded." onRetry={() => query.refetch()} />
      ) : items.length === 0 ? (
        <Text color="fg.muted">No courseware by this contributor yet.</Text>
      ) : (
        <Stack gap="4">
          <Text color="fg.muted">
            Showing {items.length} of {total}
          </Text>
          <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none" m="0" p="0">
            {items.map((item) => (
              <li key={item.id}>
                <ContentCard content={item} />
              </li>
            ))}
          </SimpleGrid>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              alignSelf="center"
              loading={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              Show more courseware
            </Button>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

/**
 * `/contributors/{id}` (issue 24 item 6; decision record 057): a contributor's
 * portrait, name, title and school, then the courseware they contributed that the
 * caller may find, 12 cards at a time ("Show more courseware"). An unknown id says so
 * with a link to the courseware list.
 */
export function ContributorScreen({ id }: { id: string }) {
  const { publicFilesBaseUrl } = useRuntimeConfig();
  const query = useContributor(id);
  const name = query.data ? contributorDisplayName(query.data) : '';
  useDocumentTitle(name || 'Contributor');

  if (query.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading contributor">
        <Heading as="h1" srOnly>
          Loading contributor
        </Heading>
        <CardSkeleton label="Loading courseware" />
      </Stack>
    );
  }
  if (query.data === null) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Contributor not found
        </Heading>
        <Text>
          This contributor does not exist.{' '}
          <Link asChild color="link" textDecoration="underline">
            <ReactRouterLink to={paths.courseware}>Browse the courseware</ReactRouterLink>
          </Link>
        </Text>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Contributor
        </Heading>
        <LoadError title="This contributor could not be loaded." onRetry={() => query.refetch()} />
      </Stack>
    );
  }
  const contributor = query.data;
  return (
    <Stack gap="8">
      <HStack as="header" gap="5" align="center">
        {contributor.portraitFileId ? (
          <Image
            src={publicFileUrl(publicFilesBaseUrl, contributor.portraitFileId)}
            alt={`Portrait of ${name}`}
            boxSize="24"
            borderRadius="full"
            objectFit="cover"
            flexShrink={0}
          />
        ) : (
          <Avatar.Root size="2xl" colorPalette="brand" flexShrink={0} aria-hidden="true">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
        )}
        <Stack gap="1">
          <Heading as="h1" size="3xl" color="brand.fg">
            {name}
          </Heading>
          {contributor.title ? <Text fontSize="lg">{contributor.title}</Text> : null}
          {contributor.school ? <Text color="fg.muted">{contributor.school}</Text> : null}
        </Stack>
      </HStack>
      <Courseware id={contributor.id} name={name} />
    </Stack>
  );
}
