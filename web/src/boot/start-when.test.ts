// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_VERSION } from '#shared/limits';
import { writeStored } from '../lib/storage.ts';
import {
  hasServerPage,
  hasStoredSession,
  PENDING_HREF_ATTRIBUTE,
  type StartContext,
  startWhenUsed,
  USE_EVENTS,
} from './start-when.ts';

function rootWith(html: string): Element {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  return root;
}

const SERVER_PAGE = '<style>.ssr-page{}</style><div class="ssr-page"><main><h1>Lab</h1></main></div>';
const SPLASH = '<div class="boot-splash" role="status">Loading…</div>';

function context(overrides: Partial<StartContext> = {}): StartContext {
  return {
    root: rootWith(SERVER_PAGE),
    storage: window.localStorage,
    atOnce: false,
    target: new EventTarget(),
    ...overrides,
  };
}

afterEach(() => window.localStorage.clear());

describe('hasServerPage', () => {
  it('is true only for the server-rendered wrapper', () => {
    expect(hasServerPage(rootWith(SERVER_PAGE))).toBe(true);
    expect(hasServerPage(rootWith(SPLASH))).toBe(false);
    expect(hasServerPage(rootWith(''))).toBe(false);
    expect(hasServerPage(null)).toBe(false);
  });
});

describe('hasStoredSession', () => {
  it('finds the session the session store writes, with a token', () => {
    expect(hasStoredSession(window.localStorage)).toBe(false);
    writeStored('session', SETTINGS_VERSION, {
      token: null,
      originalToken: null,
      provider: null,
      impersonationPath: null,
    });
    expect(hasStoredSession(window.localStorage)).toBe(false);
    writeStored('session', SETTINGS_VERSION, {
      token: 'a.b.c',
      originalToken: null,
      provider: 'dev',
      impersonationPath: null,
    });
    expect(hasStoredSession(window.localStorage)).toBe(true);
  });

  it('takes a storage that throws or holds something else as no session', () => {
    window.localStorage.setItem('courseware-portal:1.00:session', '{not json');
    expect(hasStoredSession(window.localStorage)).toBe(false);
    const throwing = {
      length: 1,
      key: () => {
        throw new Error('denied');
      },
      getItem: () => null,
    };
    expect(hasStoredSession(throwing)).toBe(false);
    expect(hasStoredSession(null)).toBe(false);
  });
});

describe('startWhenUsed', () => {
  it('starts at once on a page the server did not render', () => {
    const start = vi.fn();
    expect(startWhenUsed(context({ root: rootWith(SPLASH) }), start)).toBe(true);
    expect(start).toHaveBeenCalledOnce();
  });

  it('starts at once for a stored session, or when automation asks', () => {
    const start = vi.fn();
    expect(startWhenUsed(context({ atOnce: true }), start)).toBe(true);
    writeStored('session', SETTINGS_VERSION, {
      token: 'a.b.c',
      originalToken: null,
      provider: 'dev',
      impersonationPath: null,
    });
    expect(startWhenUsed(context(), start)).toBe(true);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it.each(USE_EVENTS)('on a server page, waits for the first use (%s), then starts once', (type) => {
    const start = vi.fn();
    const target = new EventTarget();
    expect(startWhenUsed(context({ target }), start)).toBe(false);
    expect(start).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledOnce();
  });

  it('holds a click on a server page’s SPA link: no navigation, the address kept for the SPA, which starts once', () => {
    const root = rootWith(
      '<style></style><div class="ssr-page"><a href="/login" data-spa-link>Log in</a><a href="/news">News</a></div>',
    );
    document.body.append(root);
    const start = vi.fn();
    expect(startWhenUsed(context({ root, target: window }), start)).toBe(false);
    const login = root.querySelector('a[data-spa-link]') as HTMLAnchorElement;
    const held = new MouseEvent('click', { bubbles: true, cancelable: true });
    login.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    expect(root.getAttribute(PENDING_HREF_ATTRIBUTE)).toBe('/login');
    // A plain link is left to the browser; the SPA has started already and starts only once.
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    (root.querySelector('a[href="/news"]') as HTMLAnchorElement).dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
    window.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledOnce();
    root.remove();
  });
});
