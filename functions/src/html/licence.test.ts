import { describe, expect, it } from 'vitest';
import { Content } from '#shared/contracts/content';
import { contentRecord } from '../test-support/content-record.ts';
import { licenceSection } from './pages.ts';
import { learningResourceJsonLd } from './structured-data.ts';

const PAGE = { url: 'https://portal.test/courseware/x', description: 'x', siteName: 'Portal' };
const content = (licence: string, copyrightNotice: string | null = null, sourceUrl: string | null = null) =>
  Content.parse(contentRecord('Elliptic curves', { licence, copyrightNotice, sourceUrl }));

describe('each item names its own licence in the first HTML and the JSON-LD (issue 24 item 0)', () => {
  it.each([
    ['CC BY-NC-SA 4.0', 'https://creativecommons.org/licenses/by-nc-sa/4.0/'],
    ['CC BY-SA 4.0', 'https://creativecommons.org/licenses/by-sa/4.0/'],
    ['CC0 1.0', 'https://creativecommons.org/publicdomain/zero/1.0/'],
    ['MIT', 'https://spdx.org/licenses/MIT.html'],
  ])('links %s by its own address', (licence, url) => {
    const html = licenceSection(content(licence, 'Copyright (c) 2017 Janoš Vidali', 'https://github.com/jaanos/kirv'));
    expect(html).toContain(`<a rel="license" href="${url}">`);
    expect(html).toContain(`(${licence})</a>`);
    expect(html).toContain('<p>Copyright (c) 2017 Janoš Vidali</p>');
    expect(html).toContain('<a href="https://github.com/jaanos/kirv">Original source</a>');
    const jsonLd = learningResourceJsonLd({ content: content(licence), ancestors: [], contributors: [] }, PAGE);
    expect(jsonLd).toMatchObject({ license: url, usageInfo: licence });
  });

  it('shows an unknown licence as its text and never declares it as another licence', () => {
    const html = licenceSection(content('All rights reserved <b>'));
    expect(html).toContain('<p>Licence: All rights reserved &lt;b&gt;</p>');
    expect(html).not.toContain('rel="license"');
    const jsonLd = learningResourceJsonLd(
      { content: content('All rights reserved'), ancestors: [], contributors: [] },
      PAGE,
    );
    expect(jsonLd).not.toHaveProperty('license');
    expect(jsonLd).toMatchObject({ usageInfo: 'All rights reserved' });
  });

  it('keeps a licence written as an address as the JSON-LD licence, and links no script address', () => {
    const url = 'https://example.org/licence';
    const jsonLd = learningResourceJsonLd({ content: content(url), ancestors: [], contributors: [] }, PAGE);
    expect(jsonLd).toMatchObject({ license: url });
    expect(jsonLd).not.toHaveProperty('usageInfo');
    expect(licenceSection(content('MIT', null, 'javascript:alert(1)'))).not.toContain('javascript:');
  });
});
