import { lazy, Suspense } from 'react';
import type { SupportDialogSlotProps } from '../../../components/layouts/use-help-actions.ts';

const LoadedSupportDialog = lazy(async () => ({
  default: (await import('../../../features/messages/components/support-dialog.tsx')).SupportDialog,
}));

/**
 * The messages feature's support dialog for the shell's slot (spec §2.3, §5 "Support
 * dialog"), composed here because the shell does not import features' screens. Its
 * code loads on first opening, so the first render does not pay for it.
 */
export function SupportDialogPart(props: SupportDialogSlotProps) {
  return (
    <Suspense fallback={null}>
      <LoadedSupportDialog {...props} />
    </Suspense>
  );
}
