import { describe, expect, it } from 'vitest';
import { publicFileIdsIn } from './html-image-files.ts';

const A = '01jd7k2m3n4p5q6r7s8t9vwxa0';
const B = '01jd7k2m3n4p5q6r7s8t9vwxb0';

describe('publicFileIdsIn (issue 25 item 1)', () => {
  it('finds every public file address in nested strings, each id once, in order', () => {
    const body = {
      fields: { description: `<p><img src="/public/files/${A}" alt="a"></p>` },
      sections: [{ description: `<img src="https://cdn.example.org/public/files/${B}" alt="">` }, { n: 3 }],
      again: [`/public/files/${A}`, null, true],
    };
    expect(publicFileIdsIn(body)).toEqual([A, B]);
  });

  it('names nothing for other paths, malformed ids or values without strings', () => {
    expect(publicFileIdsIn(`/files/${A} /public/file/${A} /public/files/NOT-AN-ID`)).toEqual([]);
    expect(publicFileIdsIn({ a: 1, b: [false, null, undefined] })).toEqual([]);
  });
});
