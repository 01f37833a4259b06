import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { showError } from '../../lib/error-store.ts';
import { openInNewTab } from '../../lib/external-navigation.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/** The text of spec §8 for a knowledge base stopped by a pop-up blocker. */
export const POPUP_BLOCKED_MESSAGE =
  'Your browser blocked the Knowledge Base from opening in a new tab. Please allow pop-ups for this site (or disable your pop-up blocker) and try again.';

/** The Help menu's two actions (spec §2.3): Knowledge Base in a new tab; Support (logged out: the contact page). */
export function useHelpActions() {
  const { knowledgeBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const openKnowledgeBase = useCallback(() => {
    if (!openInNewTab(knowledgeBaseUrl)) showError({ message: POPUP_BLOCKED_MESSAGE, statusCode: null, details: [] });
  }, [knowledgeBaseUrl]);
  const openSupport = useCallback(() => navigate(paths.contactUs), [navigate]);
  return { openKnowledgeBase, openSupport };
}
