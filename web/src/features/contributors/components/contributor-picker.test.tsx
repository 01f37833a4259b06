// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Contributor } from '#shared/contracts/contributor';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ContributorPicker } from './contributor-picker.tsx';

const person = (id: string, firstName: string, lastName: string): Contributor => ({
  id,
  prefix: null,
  firstName,
  middleName: null,
  lastName,
  suffix: null,
  title: null,
  school: 'Syracuse University',
  email: null,
  portraitFileId: null,
  version: 1,
});
const DU = person('01jd7k2m3n4p5q6r7s8t9v0w1d', 'Wenliang', 'Du');
const HOWLAND = person('01jd7k2m3n4p5q6r7s8t9v0w1g', 'Collin', 'Howland');

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return <ContributorPicker value={value} onValueChange={setValue} />;
}

describe('ContributorPicker: links to the chosen contributors’ pages (issue 24 item 6)', () => {
  it('links each chosen contributor to their page, and choosing and removing still work', async () => {
    // Prepare
    mockApi(() => ({ body: { contributors: [DU, HOWLAND], nextPageToken: null } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[DU.id]} />);
    // Assess: the chosen one has a link, outside the listbox.
    const pages = await screen.findByRole('list', { name: 'Pages of the chosen contributors' });
    expect(await within(pages).findByRole('link', { name: "Wenliang Du's page" })).toHaveAttribute(
      'href',
      `/contributors/${DU.id}`,
    );
    // Act: choose another.
    await user.click(screen.getByRole('combobox', { name: 'Contributors' }));
    await user.click(await screen.findByRole('option', { name: /Collin Howland/ }));
    // Assess
    expect(await within(pages).findByRole('link', { name: "Collin Howland's page" })).toHaveAttribute(
      'href',
      `/contributors/${HOWLAND.id}`,
    );
    expect(within(pages).getAllByRole('link')).toHaveLength(2);
  });

  it('shows no links while nobody is chosen', async () => {
    // Prepare
    mockApi(() => ({ body: { contributors: [DU], nextPageToken: null } }));
    // Act
    renderWithProviders(<Harness initial={[]} />);
    // Assess
    expect(await screen.findByRole('combobox', { name: 'Contributors' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pages of the chosen contributors' })).toBeNull();
  });
});
