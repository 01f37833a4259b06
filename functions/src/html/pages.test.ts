import { describe, expect, it } from 'vitest';
import type { FeatureFlags } from '#shared/contracts/runtime-config';
import { testRuntimeConfig } from '../test-support/runtime-config.ts';
import { resolvePage } from './pages.ts';

const request = (pathname: string, off: (keyof FeatureFlags)[]) => ({
  pathname,
  origin: 'https://portal.example.org',
  config: testRuntimeConfig({}, off),
  requestId: 'test',
});

describe('resolvePage and the feature flags (spec §2.2; decision record 043)', () => {
  // Answered before any handler is called: no table is needed to know these are no public pages.
  it.each([
    ['/community/cyber-workshops', ['community']],
    ['/Community/Cyber-Workshops/', ['weeklyWorkshops']],
    ['/about', ['about']],
    ['/news', ['news']],
    ['/events/some-event', ['event']],
    ['/courseware', ['courseware']],
  ] as const)('serves the bare shell for %s when %j is off', async (pathname, off) => {
    expect(await resolvePage(request(pathname, [...off]))).toBeNull();
  });

  it('serves the bare shell for the app’s own screens and for files', async () => {
    for (const pathname of ['/login', '/dashboard/x', '/robots.txt', '/assets/index-abc.js']) {
      expect(await resolvePage(request(pathname, [])), pathname).toBeNull();
    }
  });
});
