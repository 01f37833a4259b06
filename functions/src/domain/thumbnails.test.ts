import { describe, expect, it } from 'vitest';
import { licenceAllowsThumbnail, wantedThumbnail } from './thumbnails.ts';

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
