// @vitest-environment jsdom
import '../../testing/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientErrorReport } from '#shared/contracts/client-error';
import { AppProvider } from '../../app/provider.tsx';
import { createErrorReporter, installErrorReporting } from '../../lib/error-reporter.ts';
import { createQueryClient } from '../../lib/react-query.ts';
import { runtimeConfig } from '../../testing/fixtures.ts';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "name")');
}

/** The route error boundary reports what it caught (issue 21 item 24; decision record 037). */
describe('RouteErrorPage', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    vi.restoreAllMocks();
  });

  it('shows its page and sends the render error to the error reporter once', async () => {
    const sent: ClientErrorReport[] = [];
    uninstall = installErrorReporting(
      createErrorReporter({
        send: async (report) => {
          sent.push(report);
        },
        location: () => 'https://portal.example/content/x',
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(
      <AppProvider config={runtimeConfig()} queryClient={createQueryClient({ retry: false })}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'render',
      name: 'TypeError',
      message: 'Cannot read properties of undefined (reading "name")',
      url: 'https://portal.example/content/x',
    });
  });
});
