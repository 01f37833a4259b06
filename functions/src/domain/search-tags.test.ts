import { describe, expect, it } from 'vitest';
import { buildSearchTagsBlock, parseSearchTags, stripSearchTags, withSearchTags } from './search-tags.ts';

const description = '<!--search-tags:buffer overflow | stack | gdb--><p>Overflow a buffer.</p>';

describe('search-tags block', () => {
  it('parses the tags of a leading block', () => {
    expect(parseSearchTags(description)).toEqual(['buffer overflow', 'stack', 'gdb']);
  });

  it('strips the block and keeps the rest unchanged', () => {
    expect(stripSearchTags(description)).toBe('<p>Overflow a buffer.</p>');
  });

  it('ignores a block that is not at the start', () => {
    const late = '<p>Intro</p><!--search-tags:a | b-->';
    expect(parseSearchTags(late)).toEqual([]);
    expect(stripSearchTags(late)).toBe(late);
  });

  it('ignores an unterminated block', () => {
    expect(stripSearchTags('<!--search-tags:a | b <p>x</p>')).toBe('<!--search-tags:a | b <p>x</p>');
  });

  it('builds a block that parses back to the same tags', () => {
    const block = buildSearchTagsBlock(['buffer overflow', 'stack']);
    expect(block).toBe('<!--search-tags:buffer overflow | stack-->');
    expect(parseSearchTags(`${block}<p>x</p>`)).toEqual(['buffer overflow', 'stack']);
  });

  it('keeps a tag from closing the comment or splitting itself', () => {
    const block = buildSearchTagsBlock(['a-->b', 'c|d', '  ']);
    expect(parseSearchTags(`${block}<p>x</p>`)).toEqual(['a--b', 'c d']);
    expect(stripSearchTags(`${block}<p>x</p>`)).toBe('<p>x</p>');
  });

  it('keeps a tag from closing the comment with --!> either, however the > are stacked (issue 9)', () => {
    const block = buildSearchTagsBlock(['a--!><img src=x onerror=alert(1)>', 'b--!>>', 'c--->>']);
    expect(block).not.toMatch(/--!?>(?!$)/);
    expect(block.endsWith('-->')).toBe(true);
    expect(parseSearchTags(block)).toEqual(['a--!<img src=x onerror=alert(1)>', 'b--!', 'c---']);
  });

  it('replaces an existing block, or removes it for no tags', () => {
    expect(withSearchTags(description, ['heap'])).toBe('<!--search-tags:heap--><p>Overflow a buffer.</p>');
    expect(withSearchTags(description, [])).toBe('<p>Overflow a buffer.</p>');
  });
});
