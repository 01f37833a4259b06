import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { hydrateEmbeddedQueries } from '../lib/embedded-data.ts';
import { createQueryClient } from '../lib/react-query.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

/** The query client and the router of one start of the app. */
export interface AppParts {
  readonly queryClient: QueryClient;
  readonly router: ReturnType<typeof createAppRouter>;
}

/**
 * Creates the query client, fills it with the data the first HTML embedded (issue 22
 * item 2; decision record 038), and creates the router, which starts the first
 * navigation's loaders at once (they find the embedded data in the cache).
 */
export async function createAppParts(config: RuntimeConfig, doc: Document = document): Promise<AppParts> {
  const queryClient = createQueryClient();
  await hydrateEmbeddedQueries(queryClient, doc);
  return { queryClient, router: createAppRouter({ config, queryClient }) };
}

/** The parts without embedded data (an App rendered without `parts`, as in tests). */
function newAppParts(config: RuntimeConfig): AppParts {
  const queryClient = createQueryClient();
  return { queryClient, router: createAppRouter({ config, queryClient }) };
}

/**
 * Resolves once the router's first navigation has finished (its loaders and lazy
 * route modules are done), so the first render shows the page itself — the server's
 * HTML is replaced in one frame by the same content, without the splash in between.
 */
export function routerReady(router: AppParts['router']): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The app for a validated runtime configuration; `parts` when the caller made them (start.tsx), else its own. */
export function App({ config, parts }: { config: RuntimeConfig; parts?: AppParts }) {
  const [{ queryClient, router }] = useState(() => parts ?? newAppParts(config));
  return (
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
