import { Alert, Button } from '@chakra-ui/react';
import { RotateCwIcon } from 'lucide-react';

/**
 * Something that could not be loaded, with Retry (spec §8: the ERROR dialog has
 * already said why; this keeps the place of what is missing and offers to try again).
 */
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
