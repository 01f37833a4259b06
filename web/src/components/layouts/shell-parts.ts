import { type ComponentType, createContext } from 'react';

/**
 * The parts of the shell of spec §2.3 that belong to a feature: the avatar menu of the
 * signed-in header and the impersonation banner (features/auth). The shell imports no
 * feature (issue 23 item 1, docs/architecture.md "Layers"); the app puts them in through
 * `app/provider.tsx`. A part left `null` is not shown.
 */
export interface ShellParts {
  /** The avatar menu, shown in the header once signed in. */
  readonly AccountMenu: ComponentType | null;
  /** The banner under the header while an administrator acts as another user. */
  readonly ImpersonationBanner: ComponentType | null;
  /**
   * The account menu's "Saved searches" item with its count of searches with new items
   * (issue 24 item 8; features/saved-searches, loaded with the menu). Optional.
   */
  readonly SavedSearchesMenuItem?: ComponentType | null;
}

/** Where the app puts the shell's feature parts; empty by default. */
export const ShellPartsSlot = createContext<ShellParts>({ AccountMenu: null, ImpersonationBanner: null });
