import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { IMAGE_ALT_MISSING_MESSAGE, imagesWithoutAlt, withImageAlt } from './html-images.ts';

describe('imagesWithoutAlt (issue 21 item 15, WCAG 1.1.1)', () => {
  it('counts images without an alt attribute, however they are written', () => {
    expect(imagesWithoutAlt('<p>text</p>')).toBe(0);
    expect(imagesWithoutAlt('<img src="/a.png">')).toBe(1);
    expect(imagesWithoutAlt('<IMG SRC=/a.png/>')).toBe(1);
    expect(imagesWithoutAlt('<img\nsrc="/a.png"\n/><img src=x>')).toBe(2);
    expect(imagesWithoutAlt('<img title="alt=" src="/a.png">')).toBe(1);
    expect(imagesWithoutAlt('<img title="a > b" src="/a.png">')).toBe(1);
    expect(imagesWithoutAlt('<img data-alt="x" src="/a.png">')).toBe(1);
  });

  it('accepts described images and explicitly decorative ones', () => {
    expect(imagesWithoutAlt('<img src="/a.png" alt="A router">')).toBe(0);
    expect(imagesWithoutAlt("<img alt='' src='/line.png'>")).toBe(0);
    expect(imagesWithoutAlt('<img title="a > b" ALT="x">')).toBe(0);
    expect(imagesWithoutAlt('<img alt src="/line.png">')).toBe(0);
  });

  it('skips comments and tags that only start with img', () => {
    expect(imagesWithoutAlt('<!-- <img src="/a.png"> --><p>x</p>')).toBe(0);
    expect(imagesWithoutAlt('<imgx src="/a.png">')).toBe(0);
    expect(imagesWithoutAlt('&lt;img src="/a.png"&gt;')).toBe(0);
  });

  it('refuses at the field with the message', () => {
    const schema = z.object({ description: withImageAlt(z.string()) });
    const result = schema.safeParse({ description: '<p><img src="/a.png"></p>' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['description'], message: IMAGE_ALT_MISSING_MESSAGE }),
    ]);
  });
});
