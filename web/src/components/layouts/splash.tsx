import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** Shown until the first navigation ends (spec §2.1). */
export function Splash() {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="xl" color="brand.solid" aria-hidden="true" />
        <Text color="fg.muted">Loading…</Text>
      </Stack>
    </Center>
  );
}
