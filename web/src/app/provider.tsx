import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { Provider as ChakraProvider } from '../components/ui/provider.tsx';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';

/** Everything a screen expects above it: the runtime configuration, the brand's theme, the query client. */
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
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ChakraProvider>
    </RuntimeConfigProvider>
  );
}
