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

/**
 * Dashboard view 0 (spec §2.13, §3 "Courseware metrics"): the counts of published
 * items and their charts. An item counts once under each category and level it lists,
 * so these are bar charts (their bars may add up to more than the total), never pies
 * (issue 21 item 18).
 */
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
      <Text maxW="70ch">
        Counts of published courseware items. An item with several categories or levels counts once under each, so the
        bars of a chart can add up to more than the total.
      </Text>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4" maxW="1000px">
        <Figure label="Published items" value={data.totalCourseware} />
        <Figure label="Published assignments (tagged homework)" value={data.assignmentCount} />
        <Figure label="Published quizzes and exams" value={data.quizCount} />
        <Figure label="KSA, KU and TKS mappings of published items" value={data.linkagesCount} />
      </SimpleGrid>
      <ChartPanel
        title="Published items by category"
        loading={false}
        empty={empty}
        spec={{ kind: 'bar', rows: rowsOf(CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, data.categoryCounts) }}
      />
      <ChartPanel
        title="Published items by experience level"
        loading={false}
        empty={empty}
        spec={{ kind: 'bar', rows: rowsOf(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS, data.experienceLevelCounts) }}
      />
      <ChartPanel
        title="Published items by education level"
        loading={false}
        empty={empty}
        spec={{ kind: 'bar', rows: rowsOf(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS, data.educationLevelCounts) }}
      />
    </Stack>
  );
}
