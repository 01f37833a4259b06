import { Alert, Button, HStack } from '@chakra-ui/react';

/** The form-level errors (not tied to one field) as an error alert; nothing when there are none. */
export function FormErrorsAlert({ messages }: { messages: readonly string[] }) {
  return messages.length > 0 ? (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {messages.map((message) => (
          <Alert.Description key={message}>{message}</Alert.Description>
        ))}
      </Alert.Content>
    </Alert.Root>
  ) : null;
}

/** The form's submit button (`label`, spinning while `pending`) and its Cancel button (disabled while `pending`). */
export function SubmitCancelButtons({
  label,
  pending,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <HStack gap="3">
      <Button type="submit" loading={pending}>
        {label}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </HStack>
  );
}
