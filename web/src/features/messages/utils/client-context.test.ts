import { describe, expect, it } from 'vitest';
import { clientContext, parseUserAgent } from './client-context.ts';

const AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  operaWindows7:
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 OPR/100.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('parseUserAgent (spec §5 support prefix)', () => {
  it.each([
    ['chromeWindows', 'Chrome 131.0.0.0', 'Windows 10 or 11'],
    ['edgeWindows', 'Microsoft Edge 131.0.2903.86', 'Windows 10 or 11'],
    ['firefoxLinux', 'Firefox 133.0', 'Linux'],
    ['safariMac', 'Safari 17.6', 'macOS 10.15.7'],
    ['safariIphone', 'Safari 17.6', 'iOS 17.6.1'],
    ['chromeIpad', 'Chrome 131.0.6778.73', 'iPadOS 17.6'],
    ['samsungAndroid', 'Samsung Internet 26.0', 'Android 14'],
    ['operaWindows7', 'Opera 100.0.0.0', 'Windows 7'],
    ['chromebook', 'Chrome 131.0.0.0', 'ChromeOS'],
  ] as const)('reads %s as %s on %s', (agent, browser, operatingSystem) => {
    expect(parseUserAgent(AGENTS[agent])).toEqual({ browser, operatingSystem });
  });

  it('says so when it recognises neither', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({
      browser: 'Unknown browser',
      operatingSystem: 'Unknown operating system',
    });
  });
});

describe('clientContext', () => {
  it('adds the time zone and keeps each part within 200 characters', () => {
    const context = clientContext(`Mozilla/5.0 (X11; Linux x86_64) Firefox/${'9'.repeat(300)}`, 'Europe/Berlin');
    expect(context.timeZone).toBe('Europe/Berlin');
    expect(context.operatingSystem).toBe('Linux');
    expect(context.browser).toHaveLength(200);
  });
});
