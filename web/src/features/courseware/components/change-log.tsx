import { Box, Heading, List, Text } from '@chakra-ui/react';
import type { ChangeLogEntry } from '#shared/contracts/content';

/**
 * The public change log of a content item (issue 25 item 4; decision record 065):
 * "Updated 2026-11-02: Task 3 uses Ubuntu 22.04 images", newest first, from the notes
 * of its published revisions. The section's id is `change-log`, the anchor the update
 * notices link to (issue 25 item 5). Nothing when no revision has a note.
 */
export function ChangeLog({ entries }: { entries: readonly ChangeLogEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box as="section" id="change-log" aria-labelledby="change-log-heading" scrollMarginTop="24">
      <Heading as="h2" id="change-log-heading" size="lg" mb="3">
        Change log
      </Heading>
      <List.Root ps="5" gap="2">
        {entries.map((entry, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two notes of one day may be alike; the order is their identity
          <List.Item key={position}>
            <Text as="span" fontWeight="semibold">
              Updated <time dateTime={entry.date}>{entry.date}</time>:
            </Text>{' '}
            {entry.note}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
