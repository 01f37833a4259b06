import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App, createAppParts, routerReady } from './app/index.tsx';
import { keepFocusWhileReplaced } from './boot/keep-focus.ts';
import { ConfigErrorPage } from './components/errors/config-error-page.tsx';
import { Provider } from './components/ui/provider.tsx';
import { apiUrl, configureApiClient } from './lib/api-client.ts';
import { createErrorReporter, installErrorReporting, postReportTo } from './lib/error-reporter.ts';
import { loadRuntimeConfig, RuntimeConfigError } from './lib/runtime-config.tsx';

let root: Root | null = null;

/**
 * Starts the SPA in `#root` (called by `main.tsx` when the page wants it; decision
 * record 043): loads and validates the runtime configuration (embedded in the first
 * HTML, else `/env.json`) before anything renders; on failure shows a full page with
 * Retry (in the default brand, the only one known without the file).
 * @throws Error when the page has no `#root` element.
 */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  root ??= createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    configureApiClient({ baseUrl: config.apiBaseUrl });
    // Uncaught errors and failed API calls go to the portal's error reports (spec §8; decision record 037).
    installErrorReporting(createErrorReporter({ send: postReportTo(apiUrl('reportClientError')) }));
    document.documentElement.dataset.brand = config.brand;
    // The page's first HTML may already show it (issue 22 item 2): render once the first
    // navigation is done, so React replaces it with the same content in one frame, and
    // the focus stays on the element the visitor had reached.
    const parts = await createAppParts(config);
    await routerReady(parts.router);
    keepFocusWhileReplaced(container, document, () => {
      // A Sign up or Log in link of the server's page clicked before the takeover
      // (`holdSpaLinks` in boot/start-when.ts): followed now, from the page the SPA shows.
      // `PENDING_HREF_ATTRIBUTE` written out: importing boot/start-when.ts here would make
      // it a chunk both entries share, and the page's entry would load it apart.
      const pending = container.getAttribute('data-pending-href');
      container.removeAttribute('data-pending-href');
      if (pending?.startsWith('/')) void parts.router.navigate(pending);
    });
    root.render(
      <StrictMode>
        <App config={config} parts={parts} />
      </StrictMode>,
    );
  } catch (error) {
    const problem =
      error instanceof RuntimeConfigError
        ? error
        : new RuntimeConfigError('The site could not start.', [String(error)]);
    document.title = 'The site could not start';
    root.render(
      <StrictMode>
        <Provider brand="USCR">
          <ConfigErrorPage error={problem} onRetry={() => void start()} />
        </Provider>
      </StrictMode>,
    );
  }
}
