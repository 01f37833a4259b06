import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { UPDATED_WITHIN_DAYS } from '#shared/limits';
import { RouterLink } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { appliedFilters, parseCoursewareSearch } from '../utils/search-params.ts';
import { ContentList } from './content-list.tsx';
import { CoursewareTitleArt } from './courseware-title-art.tsx';
import { LandingLinks } from './landing-links.tsx';

/**
 * /courseware (spec §2.5): the title, the landing links when no search is on, and
 * the paged list. The search state is read from the query string; this version
 * applies `new` (new or updated), the filter the content list API answers.
 */
export function CoursewareLanding({ debounceMs }: { debounceMs?: number }) {
  const { flags } = useRuntimeConfig();
  const [params] = useSearchParams();
  const { newOrUpdated } = appliedFilters(parseCoursewareSearch(params));
  useDocumentTitle(newOrUpdated ? 'Recent courseware' : 'Courseware');

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
      </Flex>
      {newOrUpdated ? (
        <Text>
          Showing courseware added or updated in the last {UPDATED_WITHIN_DAYS} days.{' '}
          <RouterLink to={paths.courseware}>Browse all courseware</RouterLink>
        </Text>
      ) : (
        <LandingLinks />
      )}
      <ContentList
        key={newOrUpdated ? 'new' : 'all'}
        newOrUpdated={newOrUpdated}
        searching={newOrUpdated}
        {...(debounceMs === undefined ? {} : { debounceMs })}
      />
    </Stack>
  );
}
