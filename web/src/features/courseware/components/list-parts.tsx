import { Alert, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon, RotateCwIcon } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { announce } from '../../../lib/announcer.tsx';

/** Placeholder cards while a list page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={index} gap="3" borderWidth="1px" borderRadius="l3" p="4">
          <Skeleton height="6" width="70%" />
          <Skeleton height="5" width="30%" />
          <Skeleton height="4" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A list that could not be loaded, with Retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>Check your connection and try again.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} alignSelf="center">
        <RotateCwIcon aria-hidden="true" />
        Retry
      </Button>
    </Alert.Root>
  );
}

/** Previous / Next of a token-paged list (spec §2.5), with the page number between. */
export function Pagination({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" pt="2">
      <Button variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <Text aria-live="off">Page {page}</Text>
      <Button variant="outline" onClick={onNext} disabled={!hasNext}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </HStack>
  );
}

/**
 * After Previous or Next, focus moves to the list's heading (so the reader starts
 * at the top of the new page) and the page number is said.
 */
export function usePageChangeFocus(page: number, headingRef: RefObject<HTMLHeadingElement | null>) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    headingRef.current?.focus();
    announce(`Page ${page}`);
  }, [page, headingRef]);
}
