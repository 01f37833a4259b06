import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
/**
 * Placeholder cards while related courseware or a contributor's courseware loads
 * (issue 24 items 5, 6). Kept apart from the list's `ListSkeleton`, whose module
 * belongs to the first render of `/courseware`: importing it from the content page
 * split it into a chunk of its own and grew that first render.
 */
export function CardSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={index} gap="3" borderWidth="1px" borderRadius="l3" p="4">
          <Skeleton height="6" width="70%" />
          <Skeleton height="4" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
