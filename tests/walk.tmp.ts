import { startLocalPortal } from './support/local-portal.ts';
import { launchBrowser } from './e2e/support/browser.ts';
const portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: '/tmp/e2e-dist' });
const browser = await launchBrowser();
for (const target of ['/admin', '/dashboard']) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const back = encodeURIComponent(`${portal.baseUrl}${target}`);
  await page.goto(`${portal.baseUrl}/dev/login?persona=admin&redirect_url=${back}`);
  await page.getByRole('button', { name: /Account menu/ }).waitFor();
  console.log(target, '→', page.url(), await page.getByRole('heading', { level: 1 }).allTextContents());
  await page.waitForTimeout(1500);
  console.log(target, 'later →', page.url(), await page.getByRole('heading', { level: 1 }).allTextContents());
}
await browser.close(); await portal.stop(); process.exit(0);
