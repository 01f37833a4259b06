import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import { buildAtomFeed, type FeedItem, rightsOf } from './atom-feed.ts';
import { buildSitemap } from './sitemap.ts';

function item(id: string, name: string, modified: string, overrides: Partial<FeedItem> = {}): FeedItem {
  const summary: ContentSummary = {
    id,
    name,
    urlAlias: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    status: 'published',
    category: 'lesson',
    categories: ['lesson'],
    educationLevels: [],
    experienceLevels: [],
    tags: ['ciphers & keys'],
    parentId: null,
    image: null,
    createdTimestamp: '2026-01-01T00:00:00.000Z',
    modifiedTimestamp: modified,
    summary: `About ${name} <b>& more</b>`,
    author: null,
    thumbnail: null,
  };
  return { summary, licence: 'CC BY-SA 4.0', copyrightNotice: '© OWASP', authors: ['Ada Lovelace'], ...overrides };
}

const OPTIONS = {
  origin: 'https://portal.example.org',
  siteName: 'US Cyber Range',
  searchQuery: 'q=ciphers&cat=lesson',
  searchLabel: '“ciphers”, Lesson',
  emptyUpdated: '2026-11-01T00:00:00.000Z',
};

describe('buildAtomFeed', () => {
  it('writes an Atom feed a feed parser reads back: ids, links, dates, authors, categories and rights', () => {
    // Prepare
    const items = [
      item('01jd3k4m5n6p7q8r9s0t1v2w3a', 'Caesar & Vigenère <ciphers>', '2026-11-20T10:00:00.000Z'),
      item('01jd3k4m5n6p7q8r9s0t1v2w3b', 'Hashes', '2026-11-10T10:00:00.000Z', { licence: 'MIT', authors: [] }),
    ];
    // Act
    const feed = parseFeed(buildAtomFeed(items, OPTIONS));
    // Assess
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('US Cyber Range courseware: “ciphers”, Lesson');
    expect(feed.url).toBe('https://portal.example.org/courseware?q=ciphers&cat=lesson');
    expect(feed.self).toBe('https://portal.example.org/api/v1/search/feed?q=ciphers&cat=lesson');
    expect(feed.updated?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    const [first, second] = feed.items;
    expect(first?.id).toBe('https://portal.example.org/courseware/01jd3k4m5n6p7q8r9s0t1v2w3a');
    expect(first?.title).toBe('Caesar & Vigenère <ciphers>');
    expect(first?.url).toBe('https://portal.example.org/courseware/caesar-vigen-re-ciphers-');
    expect(first?.published?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(first?.authors.map((author) => author.name)).toEqual(['Ada Lovelace']);
    expect(first?.categories.map((category) => category.term)).toEqual(['lesson', 'ciphers & keys']);
    expect(first?.description).toBe('About Caesar & Vigenère <ciphers> <b>& more</b>');
    expect(first?.content).toBeNull();
    expect(second?.authors.map((author) => author.name)).toEqual(['US Cyber Range']);
  });

  it('names the item’s own licence in full with its address, and a licence it does not know as its text', () => {
    expect(rightsOf('CC BY-SA 4.0', '© OWASP')).toBe(
      'Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0), https://creativecommons.org/licenses/by-sa/4.0/. © OWASP',
    );
    expect(rightsOf('Custom licence', null)).toBe('Custom licence');
  });

  it('is a valid empty feed updated when the catalog was built when nothing matches', () => {
    const feed = parseFeed(buildAtomFeed([], { ...OPTIONS, searchQuery: '', searchLabel: '' }));
    expect(feed.items).toEqual([]);
    expect(feed.title).toBe('US Cyber Range courseware');
    expect(feed.url).toBe('https://portal.example.org/courseware');
    expect(feed.updated?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('buildSitemap', () => {
  it('lists each address once, in order, with lastmod as a UTC instant, in the sitemaps.org namespace', () => {
    const xml = buildSitemap([
      { loc: 'https://portal.example.org/', lastmod: null },
      { loc: 'https://portal.example.org/courseware?x=1&y=2', lastmod: '2026-11-20T10:00:00Z' },
      { loc: 'https://portal.example.org/', lastmod: '2026-11-21T10:00:00Z' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<loc>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://portal.example.org/courseware?x=1&amp;y=2</loc>');
    expect(xml).toContain('<lastmod>2026-11-20T10:00:00.000Z</lastmod>');
  });
});
