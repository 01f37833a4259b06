// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keepFocusWhileReplaced, markFocus, restoreFocus } from './keep-focus.ts';

describe('markFocus and restoreFocus', () => {
  it('puts the focus back on the same link after the page was replaced', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = '<a href="#main-content">Skip to main content</a><a href="/courseware">Courseware</a>';
    const link = root.querySelectorAll('a')[1] as HTMLAnchorElement;
    link.focus();
    const mark = markFocus(root, document.activeElement);
    expect(mark).toEqual({ tag: 'a', href: '/courseware', text: 'Courseware' });

    root.innerHTML =
      '<a href="#main-content">Skip to main content</a><nav><a href="/courseware"> Courseware </a></nav>';
    expect(document.activeElement).toBe(document.body);
    expect(restoreFocus(root, mark)).toBe(true);
    expect(document.activeElement?.textContent?.trim()).toBe('Courseware');
    root.remove();
  });

  it('does nothing when the focus was outside the page or nothing matches', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = '<a href="/a">A</a>';
    expect(markFocus(root, document.body)).toBeNull();
    expect(markFocus(root, root)).toBeNull();
    expect(restoreFocus(root, null)).toBe(false);
    expect(restoreFocus(root, { tag: 'a', href: '/b', text: 'B' })).toBe(false);
    root.remove();
  });

  it('follows the focus while the SPA loads, and restores it once the old content is gone', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = '<div class="old"><a href="#main-content">Skip</a><a href="/news">News</a></div>';
    (root.querySelector('a') as HTMLAnchorElement).focus();
    keepFocusWhileReplaced(root);
    (root.querySelectorAll('a')[1] as HTMLAnchorElement).focus();
    // The new content arrives in two steps, as a renderer may add before it removes.
    const fresh = document.createElement('div');
    fresh.innerHTML = '<a href="#main-content">Skip</a><a href="/news">News</a>';
    root.append(fresh);
    root.querySelector('.old')?.remove();
    await expect.poll(() => document.activeElement?.getAttribute('href')).toBe('/news');
    expect(root.contains(document.activeElement)).toBe(true);
    root.remove();
  });
});
