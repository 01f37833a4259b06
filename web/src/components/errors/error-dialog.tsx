import { useEffect } from 'react';
import { useCurrentError } from '../../lib/error-store.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';

const errorDialog = onDemand(() => import('./error-dialog-popup.tsx').then((module) => module.ErrorDialogPopup));

/**
 * The global ERROR dialog (spec §2.3, §8). Nothing is drawn until an error is
 * shown, so the dialog's code (Chakra's dialog, focus trap, scroll lock) loads with
 * the first error; from then on it stays mounted and shows each error in turn.
 */
export function ErrorDialog() {
  const error = useCurrentError();
  const { Component, load } = useOnDemand(errorDialog);
  useEffect(() => {
    if (error && !Component) load();
  }, [error, Component, load]);
  return Component ? <Component /> : null;
}
