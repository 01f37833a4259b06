import { HStack, Spinner, Text } from '@chakra-ui/react';

/** A polite loading line for the admin screens (spec §2.7 "A loading indicator is shown first"). */
export function LoadingState({ label }: { label: string }) {
  return (
    <HStack role="status" gap="3" py="6">
      <Spinner size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </HStack>
  );
}
