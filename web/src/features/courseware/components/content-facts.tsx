import { Box, Heading, Stack } from '@chakra-ui/react';
import type { Content } from '#shared/contracts/content';
import { CURATED_LABELS, type CuratedLabel } from '#shared/enums';
import { formatDate } from '../../../lib/text.ts';
import { LevelList } from './level-list.tsx';

const CURATED_LABEL_TEXT: Record<CuratedLabel, string> = {
  courseware: 'Courseware last curated',
  environment: 'Environment last curated',
};

/** Levels and last-curated dates of a content item (spec §2.6). */
export function ContentFacts({ content }: { content: Content }) {
  const curated = CURATED_LABELS.flatMap((label) => {
    const date = content.lastCuratedTimestamps[label];
    return date ? [{ label, date }] : [];
  });
  const hasLevels = content.educationLevels.length > 0 || content.experienceLevels.length > 0;
  if (!hasLevels && curated.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="facts-heading">
      <Heading as="h2" id="facts-heading" size="lg" mb="3">
        At a glance
      </Heading>
      <Stack gap="4">
        <LevelList educationLevels={content.educationLevels} experienceLevels={content.experienceLevels} />
        {curated.length > 0 ? (
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" m="0">
            {curated.map(({ label, date }) => (
              <Box key={label} display="contents">
                <Box as="dt" fontWeight="semibold">
                  {CURATED_LABEL_TEXT[label]}
                </Box>
                <Box as="dd" m="0" color="fg.muted">
                  <time dateTime={date}>{formatDate(date)}</time>
                </Box>
              </Box>
            ))}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
