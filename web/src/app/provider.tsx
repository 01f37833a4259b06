import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { SupportDialogSlot } from '../components/layouts/use-help-actions.ts';
import { Provider as ChakraProvider } from '../components/ui/provider.tsx';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { SupportDialogPart } from './routes/site/support-dialog-part.tsx';

/**
 * Everything a screen expects above it: the runtime configuration, the brand's theme,
 * the query client, and the features the shell shows (the support dialog).
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
          <SupportDialogSlot value={SupportDialogPart}>{children}</SupportDialogSlot>
        </QueryClientProvider>
      </ChakraProvider>
    </RuntimeConfigProvider>
  );
}
