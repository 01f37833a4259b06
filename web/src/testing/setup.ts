import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';
import { resetSessionForTests } from '../lib/auth/session-store.ts';
import { clearErrors } from '../lib/error-store.ts';
import { forgetLocation } from '../lib/last-location.ts';
import { registerAllOnDemandRecipes } from '../theme/all-on-demand-recipes.ts';

// The build registers these with the modules that use them (issue 22 item 3); tests import modules
// without the build's plugin, so every one is registered up front, as before.
registerAllOnDemandRecipes();

// jsdom lacks the layout and media APIs Chakra's machines call.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

configureApiClient({ baseUrl: '/api/v1' });
// findBy* and waitFor wait on a condition; a busy machine may only make them longer, not
// fail them (issue 23 item 8). Just under the runner's 30 s test timeout, so a condition
// that never comes true still fails with its own message and the DOM, not a bare timeout.
configure({ asyncUtilTimeout: 25_000 });

afterEach(() => {
  cleanup();
  resetSessionForTests();
  clearErrors();
  forgetLocation();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
