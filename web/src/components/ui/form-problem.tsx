import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

/**
 * The form-level problem of a form or dialog (issue 23 item 4; spec §4, §5): what is
 * not about one field — a server's message that names no field, a refusal, or a 409
 * "changed by someone else meanwhile" — as an error alert (`role="alert"`, so it is
 * announced) at the end or top of the form. `details` are listed under the message
 * (field-less server details). With `onReload` (a stale version: 409), a "Reload"
 * button beside the message fetches the item as saved. The alert takes `tabIndex={-1}`
 * so the form can move the focus to it through `ref`. Renders nothing while
 * `message` is empty, so a form can hand it its error state as it is.
 */
export function FormProblem({
  message,
  details = [],
  onReload,
  ref,
}: {
  /** The message; nothing is shown while it is null, undefined or empty. */
  readonly message: ReactNode;
  /** Further lines under the message (a server's details that name no field). */
  readonly details?: readonly string[];
  /** Offered as a "Reload" button when set (a 409: the item changed after it was read). */
  readonly onReload?: () => void;
  /** The alert's element, to move the focus to it. */
  readonly ref?: Ref<HTMLDivElement>;
}) {
  if (message === null || message === undefined || message === '' || message === false) return null;
  return (
    <Alert.Root status="error" role="alert" ref={ref} tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {details.length > 0 ? (
          <Alert.Description>
            <Stack as="ul" gap="1" ps="4">
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </Stack>
          </Alert.Description>
        ) : null}
      </Alert.Content>
      {onReload ? (
        <Button size="sm" variant="outline" alignSelf="center" onClick={onReload}>
          Reload
        </Button>
      ) : null}
    </Alert.Root>
  );
}
