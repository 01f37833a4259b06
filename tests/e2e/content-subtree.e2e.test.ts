import { beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogRevision } from '../../functions/src/data/catalog.ts';
import { createContent, getContentById } from '../../functions/src/data/content.ts';
import type { ContentRecord } from '../../functions/src/data/items.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Archive, restore and delete of a course with its modules and labs in a real
 * browser (issue 21 item 12; decision record 034): each confirmation shows the count
 * the server gives before the administrator confirms, axe finds no serious or
 * critical violation in it, and the action reaches every descendant.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const COURSE = `Subtree Course ${stamp}`;
const tree: ContentRecord[] = [];

beforeAll(async () => {
  const courseId = newId();
  const alias = `subtree-course-${stamp}`;
  const modules: ContentRecord[] = [];
  for (let m = 0; m < 2; m += 1) {
    const moduleId = newId();
    const labs = [0, 1].map((l) =>
      contentRecord(`Subtree Lab ${m}.${l} ${stamp}`, {
        id: newId(),
        urlAlias: `${alias}/module-${m}/lab-${l}`,
        categories: ['exercise'],
        category: 'exercise',
        parentId: moduleId,
        ancestorIds: [courseId, moduleId],
        index: l,
      }),
    );
    modules.push(
      contentRecord(`Subtree Module ${m} ${stamp}`, {
        id: moduleId,
        urlAlias: `${alias}/module-${m}`,
        categories: ['module'],
        category: 'module',
        parentId: courseId,
        ancestorIds: [courseId],
        index: m,
        children: labs.map((lab, index) => ({ id: lab.id, index })),
      }),
      ...labs,
    );
  }
  const course = contentRecord(COURSE, {
    id: courseId,
    urlAlias: alias,
    categories: ['course'],
    category: 'course',
    children: modules.filter((item) => item.parentId === courseId).map((item, index) => ({ id: item.id, index })),
  });
  tree.push(course, ...modules);
  for (const record of tree) await createContent(record, { recordInCatalog: false });
  await bumpCatalogRevision();
});

const publicStatus = async (id: string) => (await fetch(`${seeded().portal.baseUrl}/api/v1/content/${id}`)).status;

const COUNT = 'the 6 items under it (4 exercises and 2 modules)';

describe('a course with its modules and labs (issue 21 item 12)', () => {
  it('archives the course and everything under it after showing the count', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'admin', `/courseware/${tree[0]?.urlAlias}`);
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    await page.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Archive content' });
    await dialog.getByText(`This archives the course “${COURSE}” and ${COUNT}.`, { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the archive confirmation').toEqual([]);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('This content is archived.').waitFor();
    for (const record of tree) expect(await publicStatus(record.id), record.name).toBe(404);
  });

  it('restores them all as unpublished', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore content' });
    await dialog.getByText(`This restores the course “${COURSE}” and ${COUNT}.`, { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the restore confirmation').toEqual([]);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('img', { name: 'Status: Unpublished' }).first().waitFor();
    for (const record of tree) expect((await getContentById(record.id))?.status, record.name).toBe('unpublished');
  });

  it('deletes the course and everything under it once the acknowledgement is ticked', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete content' });
    await dialog.getByText(`This deletes the course “${COURSE}” and ${COUNT}.`, { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the delete confirmation').toEqual([]);
    const acknowledge = dialog.getByRole('checkbox', { name: /deleted permanently/ });
    await acknowledge.focus();
    await acknowledge.press('Space');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/courseware');
    for (const record of tree) expect(await getContentById(record.id), record.name).toBeNull();
  });
});
