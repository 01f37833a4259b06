import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Switches the rich text editor of the field labelled `label` (issue 25 item 1) to its
 * HTML source view, once its chunk has loaded, and answers the source textarea (named
 * `sourceName`, the field's label); it stays there when it opened there. Tests that
 * type HTML go through it.
 */
export async function showHtmlSource(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  sourceName: string,
  scope: HTMLElement = document.body,
): Promise<HTMLTextAreaElement> {
  const toolbar = await within(scope).findByRole('toolbar', { name: `${label} formatting` }, { timeout: 10_000 });
  const toggle = within(toolbar).getByRole('button', { name: 'HTML source' });
  // HTML the rich text view cannot keep opens in the source view already.
  if (toggle.getAttribute('aria-pressed') !== 'true') await user.click(toggle);
  return within(scope).getByRole('textbox', { name: sourceName }) as HTMLTextAreaElement;
}
