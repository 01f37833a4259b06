import { Avatar, Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { type Contributor, contributorDisplayName } from '#shared/contracts/contributor';
import { publicFileUrl } from '../../../lib/file-pick.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { contributorPath } from '../utils/contributor-path.ts';

/**
 * The contributors of a content item: display name, title and school (spec §2.6, §3);
 * each name links to the contributor's page (issue 24 item 6).
 */
export function ContributorList({ contributors }: { contributors: readonly Contributor[] }) {
  const { publicFilesBaseUrl } = useRuntimeConfig();
  if (contributors.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="contributors-heading">
      <Heading as="h2" id="contributors-heading" size="lg" mb="3">
        Contributors
      </Heading>
      <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
        {contributors.map((contributor) => {
          const name = contributorDisplayName(contributor);
          return (
            <Box as="li" key={contributor.id} display="flex" gap="3" alignItems="flex-start">
              <Avatar.Root size="md" colorPalette="brand" aria-hidden="true">
                <Avatar.Fallback name={name} />
                {contributor.portraitFileId ? (
                  <Avatar.Image src={publicFileUrl(publicFilesBaseUrl, contributor.portraitFileId)} alt="" />
                ) : null}
              </Avatar.Root>
              <Box>
                <Link asChild fontWeight="semibold" color="link" textDecoration="underline" textUnderlineOffset="3px">
                  <ReactRouterLink to={contributorPath(contributor.id)}>{name}</ReactRouterLink>
                </Link>
                {contributor.title ? <Text color="fg.muted">{contributor.title}</Text> : null}
                {contributor.school ? <Text color="fg.muted">{contributor.school}</Text> : null}
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
