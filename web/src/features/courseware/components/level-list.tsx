import { Box } from '@chakra-ui/react';
import {
  EDUCATION_LEVEL_LABELS,
  type EducationLevel,
  EXPERIENCE_LEVEL_LABELS,
  type ExperienceLevel,
} from '#shared/enums';

/** Education and experience levels with their labels, as a description list. */
export function LevelList({
  educationLevels,
  experienceLevels,
  size = 'md',
}: {
  educationLevels: readonly EducationLevel[];
  experienceLevels: readonly ExperienceLevel[];
  size?: 'sm' | 'md';
}) {
  const rows = [
    { term: 'Education', values: educationLevels.map((level) => EDUCATION_LEVEL_LABELS[level]) },
    { term: 'Experience', values: experienceLevels.map((level) => EXPERIENCE_LEVEL_LABELS[level]) },
  ].filter((row) => row.values.length > 0);
  if (rows.length === 0) return null;
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns="auto 1fr"
      columnGap="3"
      rowGap="1"
      textStyle={size === 'sm' ? 'sm' : 'md'}
      m="0"
    >
      {rows.map((row) => (
        <Box key={row.term} display="contents">
          <Box as="dt" fontWeight="semibold">
            {row.term}
          </Box>
          <Box as="dd" m="0" color="fg.muted">
            {row.values.join(', ')}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
