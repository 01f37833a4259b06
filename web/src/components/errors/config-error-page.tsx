import { Alert, Button, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { RotateCwIcon } from 'lucide-react';
import type { RuntimeConfigError } from '../../lib/runtime-config.tsx';

/** Full page shown when `/env.json` cannot be loaded or validated; Retry loads it again. */
export function ConfigErrorPage({ error, onRetry }: { error: RuntimeConfigError; onRetry: () => void }) {
  return (
    <Container as="main" maxW="2xl" py="16">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          The site could not start
        </Heading>
        <Alert.Root status="error" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{error.message}</Alert.Title>
            {error.problems.length > 0 ? (
              <Alert.Description>
                <List.Root ps="5" mt="2">
                  {error.problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
        <Text>Check your connection and try again. If the problem stays, the site may be under maintenance.</Text>
        <div>
          <Button onClick={onRetry}>
            <RotateCwIcon aria-hidden="true" />
            Retry
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
