import { describe, expect, it } from 'vitest';
import { PORTAL_PUBLIC_FILE_PREFIX, PUBLIC_FILES_PATH, publicFileUrl } from './public-files.ts';

describe('the public file address (issue 21 item 10)', () => {
  it('is the base address, then files/ and the id, as CloudFront and the local server serve it', () => {
    expect(publicFileUrl(PUBLIC_FILES_PATH, '01jd8z6w5k3m2n1p0q9r8s7t6v')).toBe(
      '/public/files/01jd8z6w5k3m2n1p0q9r8s7t6v',
    );
    expect(publicFileUrl('https://cdn.example.org/public//', 'a b')).toBe('https://cdn.example.org/public/files/a%20b');
    expect(PORTAL_PUBLIC_FILE_PREFIX).toBe('/public/files/');
  });
});
