import { type FeatureFlags, RuntimeConfig } from '#shared/contracts/runtime-config';

/**
 * A valid runtime configuration (what `/env.json` answers) for the html group's tests:
 * the USCR site name, `example.org` addresses, `overrides` on top and the flags in `off`
 * switched off.
 * @throws ZodError when an override makes it invalid.
 */
export function testRuntimeConfig(
  overrides: Partial<Record<keyof RuntimeConfig, unknown>> = {},
  off: readonly (keyof FeatureFlags)[] = [],
): RuntimeConfig {
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
    ...overrides,
  });
}
