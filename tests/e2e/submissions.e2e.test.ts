import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Courseware submission and review in a real browser on the seeded portal (issue 25
 * item 6; decision record 067): faculty-uscr (the persona with can-submit-abstract)
 * submits courseware from the call for courseware page; the editor reviews it in the
 * Submissions tab of /admin and accepts it after a confirmation; the unpublished item
 * is then in Courseware Info. Driven by role and name; axe finds no serious or
 * critical violation on the form, the submission, the queue and the dialog.
 */

const seeded = seededPortalPageForSuite();

describe('courseware submission and review (issue 25 item 6)', () => {
  const name = `Phishing awareness lab ${Date.now()}`;

  it('lets faculty with the capability submit courseware', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', '/callforcourseware');
    await page.getByRole('heading', { level: 2, name: 'My submissions' }).waitFor();
    await page.getByRole('button', { name: 'Submit courseware' }).click();
    const form = page.getByRole('form', { name: 'Courseware submission' });
    await form.waitFor();
    await form.getByRole('textbox', { name: /Name of the courseware/ }).fill(name);
    // The rich text editor is a lazy chunk: fill its text once it has replaced the source textarea.
    await form.getByRole('toolbar', { name: 'Description formatting' }).waitFor({ timeout: 30_000 });
    await form.getByRole('textbox', { name: /Description/ }).fill('Students recognise phishing e-mails.');
    // The radio group may re-render as the form settles; check again until it holds (a wait on the condition).
    const formal = form.getByRole('radio', { name: /Formal process, paid/ });
    await vi.waitFor(() => formal.check({ timeout: 2_000 }), { timeout: 20_000, interval: 200 });
    await form.getByRole('textbox', { name: /Your first name/ }).fill('Una');
    await form.getByRole('textbox', { name: /Your last name/ }).fill('Faculty');
    await form.getByRole('textbox', { name: /Your school/ }).fill('University of Nebraska at Omaha');
    await expectAccessible(page, 'the submission form');
    await form.getByRole('button', { name: 'Submit courseware' }).click();
    await page.getByRole('heading', { level: 3, name }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'My submissions' }).textContent()).toContain(name);
    await expectAccessible(page, 'the submission with its thread');
  });

  it('lets the editor accept it, and the unpublished item is in Courseware Info', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'editor', '/admin?tab=submissions');
    const queue = page.getByRole('list', { name: 'Submissions to review' });
    await queue.getByRole('button', { name }).click();
    await page.getByRole('heading', { level: 3, name }).waitFor();
    await expectAccessible(page, 'the review queue with the submission open');
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Accept the submission' });
    await confirm.waitFor();
    await expectAccessible(page, 'the accept confirmation');
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText(/Made into an unpublished item/).waitFor();

    await page.goto(`${portal.baseUrl}/admin?tab=courseware`);
    await expect.poll(() => page.getByRole('main').textContent(), { timeout: 30_000 }).toContain(name);
  });
});
