import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MAX_FILES, licenceAllowsThumbnail, wantedFirstPages, wantedThumbnail } from './thumbnails.ts';

const pdf = { id: 'f1', name: 'Lab handout', type: 'application/pdf', filename: 'lab.pdf' };
const zip = { id: 'f0', name: 'Code', type: 'application/zip', filename: 'code.zip' };
const urlOf = (id: string) => `/public/thumbnails/c1/${id}.png`;

describe('thumbnail rule (issue 24 item 2)', () => {
  it('allows the catalogue licences and refuses no-derivatives and unknown ones', () => {
    for (const licence of ['CC BY-NC-SA 4.0', 'CC BY-SA 4.0', 'CC0 1.0', 'MIT', 'CC BY 4.0']) {
      expect(licenceAllowsThumbnail(licence), licence).toBe(true);
    }
    for (const licence of ['CC BY-ND 4.0', 'CC BY-NC-ND 4.0', 'All rights reserved', '']) {
      expect(licenceAllowsThumbnail(licence), licence).toBe(false);
    }
  });

  it('wants the first PDF of a published, openly licensed item, with its alt text', () => {
    const wanted = wantedThumbnail({ status: 'published', licence: 'CC BY-NC-SA 4.0', files: [zip, pdf] }, urlOf);
    expect(wanted).toEqual({
      file: pdf,
      fileId: 'f1',
      thumbnail: { url: '/public/thumbnails/c1/f1.png', alt: 'First page of Lab handout' },
    });
  });

  it('wants none for an unpublished item, a closed licence or an item without a PDF', () => {
    expect(wantedThumbnail({ status: 'unpublished', licence: 'MIT', files: [pdf] }, urlOf)).toBeNull();
    expect(wantedThumbnail({ status: 'published', licence: 'CC BY-ND 4.0', files: [pdf] }, urlOf)).toBeNull();
    expect(wantedThumbnail({ status: 'published', licence: 'MIT', files: [zip] }, urlOf)).toBeNull();
  });
});

describe('first-page rule (issue 24 item 1, decision record 059)', () => {
  const second = { id: 'f2', name: '', type: 'application/pdf', filename: 'answers.pdf' };
  const pageUrl = (id: string) => `/public/thumbnails/c1/${id}.page-1.png`;

  it('wants the first page of every PDF of a published item whose licence allows redistribution', () => {
    for (const licence of ['CC BY-NC-SA 4.0', 'CC BY-SA 4.0', 'CC0 1.0', 'MIT']) {
      expect(wantedFirstPages({ status: 'published', licence, files: [pdf, zip, second] }, pageUrl), licence).toEqual([
        { fileId: 'f1', url: '/public/thumbnails/c1/f1.page-1.png', alt: 'First page of Lab handout' },
        { fileId: 'f2', url: '/public/thumbnails/c1/f2.page-1.png', alt: 'First page of answers.pdf' },
      ]);
    }
  });

  it('wants none under a licence the portal does not know, even one open for thumbnails', () => {
    for (const licence of ['All rights reserved', 'Apache 2.0', 'CC BY 3.0', 'CC BY-ND 4.0']) {
      expect(wantedFirstPages({ status: 'published', licence, files: [pdf] }, pageUrl), licence).toEqual([]);
    }
  });

  it('wants none for an unpublished item or one without a PDF, and at most ten per item', () => {
    expect(wantedFirstPages({ status: 'unpublished', licence: 'MIT', files: [pdf] }, pageUrl)).toEqual([]);
    expect(wantedFirstPages({ status: 'published', licence: 'MIT', files: [zip] }, pageUrl)).toEqual([]);
    const many = Array.from({ length: 14 }, (_, i) => ({ ...pdf, id: `p${i}` }));
    const pages = wantedFirstPages({ status: 'published', licence: 'MIT', files: many }, pageUrl);
    expect(pages.map((page) => page.fileId)).toEqual(many.slice(0, FIRST_PAGE_MAX_FILES).map((file) => file.id));
  });
});
