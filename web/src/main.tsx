import { pageStartContext, startWhenUsed } from './boot/start-when.ts';

/**
 * The SPA's entry (issue 22 items 2–3; decision record 043): all that a server-rendered
 * page loads before its visitor uses it. The SPA itself (`./start.tsx`, its own chunk
 * and vendor chunks) is fetched when {@link startWhenUsed} says so.
 */
startWhenUsed(pageStartContext(), () => {
  import('./start.tsx')
    .then(({ start }) => start())
    .catch(() => {
      // The page the server rendered stays readable; the bare shell says what went wrong.
      const splash = document.querySelector('#root > .boot-splash');
      if (splash) splash.textContent = 'The site could not load. Check your connection and reload the page.';
    });
});
