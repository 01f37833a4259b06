import { describe, expect, it } from 'vitest';
import { type FeatureFlags, RuntimeConfig } from '#shared/contracts/runtime-config';
import { resolvePage } from './pages.ts';

function config(off: (keyof FeatureFlags)[]): RuntimeConfig {
  return RuntimeConfig.parse({
    siteName: 'US Cyber Range',
    apiBaseUrl: '/api/v1',
    publicFilesBaseUrl: '/public',
    homepageBaseUrl: null,
    exerciseAppBaseUrl: 'https://app.example.org',
    loginBaseUrl: 'https://login.example.org',
    supportUrl: 'https://support.example.org',
    knowledgeBaseUrl: 'https://kb.example.org',
    callForCoursewareUrl: null,
    coursewareIndexUrl: null,
    conferenceUrl: null,
    landingVideoUrl: null,
    copyrightText: null,
    companyAddress: null,
    flags: Object.fromEntries(off.map((flag) => [flag, false])),
  });
}

const request = (pathname: string, off: (keyof FeatureFlags)[]) => ({
  pathname,
  origin: 'https://portal.example.org',
  config: config(off),
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
