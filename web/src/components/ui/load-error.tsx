import { Alert, Button } from '@chakra-ui/react';
import { RotateCwIcon } from 'lucide-react';

/** What {@link LoadError} shows: its title, an optional sentence before the advice, and what Retry does. */
export interface LoadErrorProps {
  readonly title: string;
  /** Said before "Check your connection and try again.", e.g. how much arrived before the failure. */
  readonly detail?: string;
  readonly onRetry: () => void;
  /** When given, a Cancel button after Retry, e.g. to leave an editor that cannot load. */
  readonly onCancel?: (() => void) | undefined;
}

/**
 * Something that could not be loaded, with Retry (spec §8: the ERROR dialog has
 * already said why; this keeps the place of what is missing and offers to try again).
 */
export function LoadError({ title, detail, onRetry, onCancel }: LoadErrorProps) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {detail ? `${detail} ` : ''}
          Check your connection and try again.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} alignSelf="center">
        <RotateCwIcon aria-hidden="true" />
        Retry
      </Button>
      {onCancel ? (
        <Button size="sm" variant="ghost" onClick={onCancel} alignSelf="center">
          Cancel
        </Button>
      ) : null}
    </Alert.Root>
  );
}
