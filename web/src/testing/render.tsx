import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { AppProvider } from '../app/provider.tsx';
import { createRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/react-query.ts';
import { runtimeConfig } from './fixtures.ts';

/** Renders the whole app (shell and routes) at `path` in a memory router. */
export function renderApp({ path = '/', config = runtimeConfig() }: { path?: string; config?: RuntimeConfig } = {}) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(createRoutes({ config, queryClient }), { initialEntries: [path] });
  const view = render(
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders `ui` with the providers and a memory router whose only route shows it at `path`. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', config = runtimeConfig() }: { path?: string; config?: RuntimeConfig } = {},
) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/courseware', element: <h1>Courseware list</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * The Pagination navigation of a paged list on screen (spec §2.5) and its
 * Previous and Next buttons.
 * @throws when there is none (Testing Library's getByRole error).
 */
export function paginationControls() {
  const pagination = screen.getByRole('navigation', { name: 'Pagination' });
  return {
    pagination,
    previous: within(pagination).getByRole('button', { name: 'Previous' }),
    next: within(pagination).getByRole('button', { name: 'Next' }),
  };
}
