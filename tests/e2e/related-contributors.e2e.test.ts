import { describe, expect, it } from 'vitest';
import { seedId } from '../../functions/src/domain/ids.ts';
import { SEED_ID_KINDS } from '../../functions/src/seed/plan.ts';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * Issue 24 items 5 and 6 in a real browser on the seeded courseware: a visitor opens a
 * SEED lab, sees its usage line (issue 26 item 4), follows one of its related items,
 * comes back, and opens the lab's contributor's page from the content page. The new
 * parts are checked with axe (no serious or critical WCAG 2.2 A/AA violations).
 */

const LAB = 'Buffer Overflow Attack Lab (Set-UID Version)';
const LAB_ID = seedId(SEED_ID_KINDS.content, LAB);

const seeded = seededPortalPageForSuite();

async function expectAccessible(where: string) {
  expect(await seriousAccessibilityViolations(seeded().page), `axe on ${where}`).toEqual([]);
}

describe('related courseware and contributor pages', () => {
  it('shows related courseware on a lab page and follows one of them', async () => {
    const { page, portal } = seeded();
    await page.goto(`${portal.baseUrl}/courseware/${LAB_ID}`);
    await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
    const related = page.getByRole('region', { name: 'Related courseware' });
    const first = related.getByRole('article').first().getByRole('link');
    await first.waitFor();
    expect(await related.getByRole('article').count()).toBeGreaterThan(0);
    expect(await related.getByRole('link', { name: LAB, exact: true }).count()).toBe(0);
    // The usage line (issue 26 item 4): rounded figures as text, loaded on demand.
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage
      .getByText(
        /^(Not downloaded yet|Downloaded (fewer than 10|[\d,]+\+) times( by people at (fewer than 10|[\d,]+\+) schools)?)$/,
      )
      .waitFor();
    await expectAccessible('lab page with related courseware and usage');

    const name = (await first.textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    await first.click();
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await expect.poll(() => page.title()).toContain(name);
  });

  it("opens the contributor's page from the lab page, with their courseware", async () => {
    const { page, portal } = seeded();
    await page.goto(`${portal.baseUrl}/courseware/${LAB_ID}`);
    await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
    await page.getByRole('region', { name: 'Contributors' }).getByRole('link', { name: 'Wenliang Du' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wenliang Du' }).waitFor();
    expect(page.url()).toContain(
      `/contributors/${seedId(SEED_ID_KINDS.contributor, 'Wenliang|Du|Syracuse University')}`,
    );
    const courseware = page.getByRole('region', { name: 'Courseware by Wenliang Du' });
    await courseware.getByRole('article').first().waitFor();
    await courseware.getByText(/^Showing 12 of \d+$/).waitFor();
    await page.getByText('Syracuse University').first().waitFor();
    await expectAccessible('contributor page');
  });
});
