import { type ComponentType, createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { showError } from '../../lib/error-store.ts';
import { openInNewTab } from '../../lib/external-navigation.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/** The text of spec §8 for a knowledge base stopped by a pop-up blocker. */
export const POPUP_BLOCKED_MESSAGE =
  'Your browser blocked the Knowledge Base from opening in a new tab. Please allow pop-ups for this site (or disable your pop-up blocker) and try again.';

/** What the shell gives the support dialog: how to close it and the control to focus again afterwards. */
export interface SupportDialogSlotProps {
  readonly onClose: () => void;
  readonly returnFocus: HTMLElement | null;
}

/**
 * The support dialog of spec §2.3 and §5, which the app puts into the shell (the
 * shell does not import features' screens; `app/provider.tsx` provides it). Without
 * one, Support always goes to the contact page.
 */
export const SupportDialogSlot = createContext<ComponentType<SupportDialogSlotProps> | null>(null);

/** Opens the shell's support dialog, returning the focus to `returnFocus` on close; provided by `AppShell`. */
export const SupportDialogOpener = createContext<((returnFocus: HTMLElement | null) => void) | null>(null);

/**
 * The Help menu's two actions (spec §2.3): Knowledge Base in a new tab; Support
 * opens the support dialog when logged in, else goes to the contact page.
 */
export function useHelpActions() {
  const { knowledgeBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const { status } = useSession();
  const openSupportDialog = useContext(SupportDialogOpener);
  const openKnowledgeBase = useCallback(() => {
    if (!openInNewTab(knowledgeBaseUrl)) showError({ message: POPUP_BLOCKED_MESSAGE, statusCode: null, details: [] });
  }, [knowledgeBaseUrl]);
  const openSupport = useCallback(
    (returnFocus: HTMLElement | null = null) => {
      if (status === 'logged-in' && openSupportDialog) openSupportDialog(returnFocus);
      else navigate(paths.contactUs);
    },
    [status, openSupportDialog, navigate],
  );
  return { openKnowledgeBase, openSupport };
}
