import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { createQueryClient } from '../lib/react-query.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

/** The app for a validated runtime configuration. */
export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createAppRouter({ config, queryClient }));
  return (
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
