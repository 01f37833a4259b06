// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { LicenceNotice } from './licence-notice.tsx';

describe('LicenceNotice', () => {
  it.each([
    [
      'CC BY-NC-SA 4.0',
      /Creative Commons Attribution-NonCommercial-ShareAlike 4\.0 International \(CC BY-NC-SA 4\.0\)/,
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    ],
    [
      'CC BY-SA 4.0',
      /Creative Commons Attribution-ShareAlike 4\.0 International \(CC BY-SA 4\.0\)/,
      'https://creativecommons.org/licenses/by-sa/4.0/',
    ],
    [
      'CC0 1.0',
      /Creative Commons CC0 1\.0 Universal public domain dedication \(CC0 1\.0\)/,
      'https://creativecommons.org/publicdomain/zero/1.0/',
    ],
    ['MIT', /MIT License \(MIT\)/, 'https://spdx.org/licenses/MIT.html'],
  ])('names and links %s', async (licence, name, href) => {
    renderWithProviders(
      <LicenceNotice
        licence={licence}
        sourceUrl="https://github.com/jaanos/kirv/tree/8ea0a106a1eee1f22d46c6613f09f533678d2ed1"
        copyrightNotice="Copyright (c) 2017 Janoš Vidali"
      />,
    );
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link.getAttribute('rel')).toContain('license');
    expect(screen.getByText('Copyright (c) 2017 Janoš Vidali')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Original source on github\.com/ })).toHaveAttribute(
      'href',
      'https://github.com/jaanos/kirv/tree/8ea0a106a1eee1f22d46c6613f09f533678d2ed1',
    );
  });

  it('shows an unknown licence as its text, without a licence link', async () => {
    renderWithProviders(<LicenceNotice licence="CC BY 3.0 Unported" sourceUrl={null} copyrightNotice={null} />);
    expect(await screen.findByText('Licence: CC BY 3.0 Unported')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the portal default, CC BY-NC-SA 4.0, for an item that names no licence', async () => {
    renderWithProviders(<LicenceNotice licence="" sourceUrl={null} copyrightNotice={null} />);
    expect(await screen.findByRole('link', { name: /\(CC BY-NC-SA 4\.0\)/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    );
  });
});
