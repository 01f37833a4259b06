import { Skeleton, Stack } from '@chakra-ui/react';

/**
 * The place of an editor form while what it edits loads: a titled polite status with
 * the form's outline (the content editor's children, the draft of a published item;
 * issue 25 item 2). `label` is the status's accessible name, e.g. "Loading the draft".
 */
export function EditorLoading({ label }: { readonly label: string }) {
  return (
    <Stack gap="3" role="status" aria-label={label}>
      <Skeleton height="10" />
      <Skeleton height="32" />
    </Stack>
  );
}
