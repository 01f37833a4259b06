import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { RouterLink } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_KINDS } from './course-sizes.ts';

/**
 * /call-for-courseware/content-categories (spec §2.2 tied to the resources flag,
 * §2.8): the intro and the six kinds of content with their sizes (spec §9).
 */
export function Component() {
  const { siteName, flags } = useRuntimeConfig();
  useDocumentTitle('Content categories');
  return (
    <Stack gap="8">
      <Stack gap="3" maxW="3xl">
        <Heading as="h1" size="3xl">
          Content categories
        </Heading>
        <Text textStyle="lg">
          {siteName} accepts courseware in six forms. Modules of a few lessons, preferably with hands-on labs, are the
          most useful to educators looking for material for their classes, but every form below is welcome, for
          technical and non-technical cybersecurity courses alike.
        </Text>
        {flags.callForCourseware ? (
          <Text>
            Ready to contribute? Read the <RouterLink to={paths.callForCourseware}>call for courseware</RouterLink>.
          </Text>
        ) : null}
      </Stack>
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none" m="0" p="0">
        {CONTENT_CATEGORY_KINDS.map((kind) => {
          const category = CONTENT_CATEGORIES[kind];
          return (
            <Card.Root as="li" key={kind} variant="outline">
              <Card.Body gap="2">
                <Card.Title as="h2">{category.name}</Card.Title>
                <Text fontWeight="semibold">{category.size}</Text>
                <Card.Description>{category.holds}</Card.Description>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
