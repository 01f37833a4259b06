import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { type ShellParts, ShellPartsSlot } from '../components/layouts/shell-parts.ts';
import { SupportDialogSlot } from '../components/layouts/use-help-actions.ts';
import { Provider as ChakraProvider } from '../components/ui/provider.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { ImpersonationBanner } from '../features/auth/components/impersonation-banner.tsx';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { SupportDialogPart } from './routes/site/support-dialog-part.tsx';

/** The account menu's "Saved searches" item (issue 24 item 8), loaded with the menu, not with the page. */
const SavedSearchesMenuItem = lazy(() => import('../features/saved-searches/components/saved-searches-menu-item.tsx'));

/** The shell's feature parts (the shell imports no feature; issue 23 item 1). */
const SHELL_PARTS: ShellParts = { AccountMenu, ImpersonationBanner, SavedSearchesMenuItem };

/**
 * Everything a screen expects above it: the runtime configuration, the brand's theme,
 * the query client, and the features the shell shows (the support dialog, the avatar menu, the impersonation
 * banner).
 */
export function AppProvider({
  config,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <ChakraProvider brand={config.brand}>
        <QueryClientProvider client={queryClient}>
          <ShellPartsSlot value={SHELL_PARTS}>
            <SupportDialogSlot value={SupportDialogPart}>{children}</SupportDialogSlot>
          </ShellPartsSlot>
        </QueryClientProvider>
      </ChakraProvider>
    </RuntimeConfigProvider>
  );
}
