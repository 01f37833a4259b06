import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
} from '#shared/enums';
import { useCoursewareMetrics } from '../api/get-courseware-metrics.ts';
import type { CategoryRow } from './chart-data.ts';
import { ChartPanel, LoadingLine, NO_DATA } from './chart-panel.tsx';

function rowsOf<K extends string>(
  keys: readonly K[],
  labels: Record<K, string>,
  counts: Record<K, number>,
): CategoryRow[] {
  return keys.map((key) => ({ label: labels[key], value: counts[key] }));
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" p="4">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="semibold">
        {value.toLocaleString('en-US')}
      </Text>
    </Box>
  );
}

/** Dashboard view 0 (spec §2.13, §3 "Courseware metrics"): the courseware counts and their charts. */
export function CoursewareMetricsView() {
  const metrics = useCoursewareMetrics();
  const title = 'Courseware metrics';
  if (metrics.isPending) return <LoadingLine label={`Loading ${title}…`} />;
  if (!metrics.data) {
    return (
      <Stack gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text>{NO_DATA}</Text>
      </Stack>
    );
  }
  const data = metrics.data;
  const empty = data.totalCourseware === 0;
  return (
    <Stack gap="8">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4" maxW="1000px">
        <Figure label="Total courseware" value={data.totalCourseware} />
        <Figure label="Assignments" value={data.assignmentCount} />
        <Figure label="Quizzes" value={data.quizCount} />
        <Figure label="Linkages" value={data.linkagesCount} />
      </SimpleGrid>
      <ChartPanel
        title="Courseware by category"
        loading={false}
        empty={empty}
        spec={{ kind: 'bar', rows: rowsOf(CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, data.categoryCounts) }}
      />
      <ChartPanel
        title="Courseware by experience level"
        loading={false}
        empty={empty}
        spec={{ kind: 'bar', rows: rowsOf(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS, data.experienceLevelCounts) }}
      />
      <ChartPanel
        title="Courseware by education level"
        loading={false}
        empty={empty}
        spec={{ kind: 'pie', rows: rowsOf(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS, data.educationLevelCounts) }}
      />
    </Stack>
  );
}
