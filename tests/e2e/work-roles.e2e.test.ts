import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * NICE work roles in a real browser on the seeded portal (issue 27 items 1 and 5;
 * decision record 079): a visitor opens "NICE work roles" from the footer, switches
 * between the generations, opens Cybersecurity Architecture (DD-WRL-001, v2.1.0; the
 * seed's courseware maps TKS statements of it), reads its statements, presses "Find
 * courseware for this role", sees the results with the active work-role filter as a
 * tag, and removes it. Driven by role and accessible name; axe on both new screens and
 * on the search with the filter.
 */

const ROLE = { id: 'DD-WRL-001', name: 'Cybersecurity Architecture' };
const NICE = path.resolve(import.meta.dirname, '../../functions/seed-data/nice');
const SEED = path.resolve(import.meta.dirname, '../../functions/seed-data/courseware');

const seeded = seededPortalPageForSuite();

describe('NICE work roles (issue 27 item 1)', () => {
  it('browses the roles of both generations from the footer and finds the courseware of one', {
    timeout: 180_000,
  }, async () => {
    // The role is mapped by seeded courseware: at least one item maps one of its statements.
    const roles = JSON.parse(await readFile(path.join(NICE, 'workroles.json'), 'utf8')) as {
      id: string;
      tasks?: string[];
      knowledge?: string[];
      skills?: string[];
    }[];
    const role = roles.find((one) => one.id === ROLE.id);
    const statements = new Set([...(role?.tasks ?? []), ...(role?.knowledge ?? []), ...(role?.skills ?? [])]);
    const mappings = JSON.parse(await readFile(path.join(SEED, 'mappings.json'), 'utf8')) as { tkss?: string[] }[];
    expect(mappings.filter((item) => (item.tkss ?? []).some((id) => statements.has(id))).length).toBeGreaterThan(0);

    const { page, portal } = seeded();
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'NICE work roles' }).click();
    await page.getByRole('heading', { level: 1, name: 'NICE work roles' }).waitFor({ timeout: 30_000 });
    const design = page.getByRole('list', { name: 'Work roles in Design and Development' });
    await design.getByRole('link', { name: ROLE.name }).waitFor({ timeout: 30_000 });
    expect(await design.textContent()).toContain(`${ROLE.id} · ${statements.size} statements`);
    await page.getByRole('heading', { level: 2, name: 'Competency areas' }).waitFor();
    await expectAccessible(page, 'the work roles (v2.1.0)');

    // NICE 2017: categories, then specialty areas.
    // A click, not check(): the radio is controlled by the address, which changes just after the click.
    await page.getByRole('radio', { name: 'NICE 2017' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'NICE 2017' }).isChecked()).toBe(true);
    await page.getByRole('list', { name: 'Work roles in Risk Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 3, name: 'Securely Provision' }).waitFor();
    expect(new URL(page.url()).search).toBe('?generation=2017');
    await expectAccessible(page, 'the work roles (NICE 2017)');
    await page.screenshot({ path: '/tmp/work-roles-2017.png', fullPage: true });

    await page.getByRole('radio', { name: 'NICE Framework Components v2.1.0' }).click();
    await design.getByRole('link', { name: ROLE.name }).click();
    await page.getByRole('heading', { level: 1, name: ROLE.name }).waitFor({ timeout: 30_000 });
    const knowledge = page.getByRole('list', { name: 'Knowledge statements' });
    await knowledge.waitFor({ timeout: 30_000 });
    await expect.poll(() => knowledge.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.getByRole('list', { name: 'Tasks statements' }).waitFor();
    await expectAccessible(page, 'a work role’s page');
    await page.screenshot({ path: '/tmp/work-role.png', fullPage: true });

    // Its courseware: the search with the work-role filter, shown as a removable tag.
    await page.getByRole('link', { name: 'Find courseware for this role' }).click();
    await page.getByRole('heading', { level: 2, name: /^\d[\d,]* results?$/ }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('workRole')).toBe(ROLE.id);
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByText(`Work role: ${ROLE.name}`).waitFor({ timeout: 30_000 });
    expect(await filters.getByRole('combobox', { name: 'Work role' }).inputValue()).toBe(ROLE.id);
    await expectAccessible(page, 'the courseware search with a work role');
    await page.screenshot({ path: '/tmp/work-role-search.png', fullPage: true });

    await filters.getByRole('button', { name: 'Remove work role filter' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('workRole')).toBe(false);
    await expect.poll(() => page.getByText(`Work role: ${ROLE.name}`).count()).toBe(0);
  });
});
