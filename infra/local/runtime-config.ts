import { FEATURE_FLAGS, type FeatureFlag, RuntimeConfig } from '#shared/contracts/runtime-config';
import type { Brand } from '#shared/enums';
import { PUBLIC_FILES_PATH } from '#shared/public-files';

/**
 * `/env.json` of the local server: the SPA's RuntimeConfig built from environment
 * variables, validated with its zod schema once at start (a bad value stops the
 * server with every problem listed).
 *
 * | field                 | variable                    | local default                          |
 * |-----------------------|-----------------------------|----------------------------------------|
 * | brand                 | BRAND (USCR, VACR)          | USCR                                   |
 * | siteName              | SITE_NAME                   | US Cyber Range / Virginia Cyber Range  |
 * | flags.<flag>          | FEATURE_<FLAG>=false        | true (e.g. FEATURE_K12_ADVISORY)       |
 * | apiBaseUrl            | API_BASE_URL                | /api/v1                                |
 * | publicFilesBaseUrl    | PUBLIC_FILES_BASE_URL       | /public                                |
 * | homepageBaseUrl       | HOMEPAGE_BASE_URL           | the portal's own URL (home route on)   |
 * | exerciseAppBaseUrl    | EXERCISE_APP_BASE_URL       | /dev/exercises (a local stand-in page) |
 * | loginBaseUrl          | LOGIN_BASE_URL              | /dev (the dev identity provider)       |
 * | supportUrl            | SUPPORT_URL                 | /contact-us                            |
 * | knowledgeBaseUrl      | KNOWLEDGE_BASE_URL          | /knowledge_base                        |
 * | callForCoursewareUrl  | CALL_FOR_COURSEWARE_URL     | null (the in-app route)                |
 * | coursewareIndexUrl    | COURSEWARE_INDEX_URL        | null                                   |
 * | conferenceUrl         | CONFERENCE_URL              | null                                   |
 * | careersUrl            | CAREERS_URL                 | https://jobs.vt.edu                    |
 * | studentJobBoardUrl    | STUDENT_JOB_BOARD_URL       | https://vt.joinhandshake.com           |
 * | landingVideoUrl       | LANDING_VIDEO_URL           | null                                   |
 * | socialLinks           | SOCIAL_LINKS (JSON array)   | []                                     |
 * | copyrightText         | COPYRIGHT_TEXT              | null                                   |
 * | companyAddress        | COMPANY_ADDRESS             | null                                   |
 * | storageVersion        | STORAGE_VERSION             | 1.00 (spec §9)                         |
 *
 * A nullable field is null when its variable is set to the empty string.
 */

const SITE_NAMES: Record<Brand, string> = { USCR: 'US Cyber Range', VACR: 'Virginia Cyber Range' };

/** `k12Advisory` → `FEATURE_K12_ADVISORY` */
export function featureFlagVariable(flag: FeatureFlag): string {
  return `FEATURE_${flag.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** Thrown when the environment does not make a valid RuntimeConfig; the message lists every problem. */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * Builds and validates the RuntimeConfig.
 * @param portalUrl the server's own URL, the default home-page address.
 * @throws RuntimeConfigError naming every variable with a bad value.
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv, portalUrl: string): RuntimeConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string) => env[name] ?? fallback;
  const nullable = (name: string, fallback: string | null) => {
    const value = env[name];
    if (value === undefined) return fallback;
    return value === '' ? null : value;
  };

  const flags: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of FEATURE_FLAGS) {
    const name = featureFlagVariable(flag);
    const value = env[name]?.trim().toLowerCase();
    if (value === undefined || value === '') continue;
    if (['false', '0', 'off', 'no'].includes(value)) flags[flag] = false;
    else if (['true', '1', 'on', 'yes'].includes(value)) flags[flag] = true;
    else problems.push(`${name} must be true or false, not "${env[name]}"`);
  }

  let socialLinks: unknown = [];
  if (env.SOCIAL_LINKS) {
    try {
      socialLinks = JSON.parse(env.SOCIAL_LINKS);
    } catch {
      problems.push('SOCIAL_LINKS must be a JSON array of {"label","url"}');
    }
  }

  const brand = (env.BRAND ?? 'USCR').toUpperCase();
  const candidate = {
    brand,
    siteName: text('SITE_NAME', SITE_NAMES[brand as Brand] ?? SITE_NAMES.USCR),
    flags,
    apiBaseUrl: text('API_BASE_URL', '/api/v1'),
    publicFilesBaseUrl: text('PUBLIC_FILES_BASE_URL', PUBLIC_FILES_PATH),
    homepageBaseUrl: nullable('HOMEPAGE_BASE_URL', portalUrl),
    exerciseAppBaseUrl: text('EXERCISE_APP_BASE_URL', '/dev/exercises'),
    loginBaseUrl: text('LOGIN_BASE_URL', '/dev'),
    supportUrl: text('SUPPORT_URL', '/contact-us'),
    knowledgeBaseUrl: text('KNOWLEDGE_BASE_URL', '/knowledge_base'),
    callForCoursewareUrl: nullable('CALL_FOR_COURSEWARE_URL', null),
    coursewareIndexUrl: nullable('COURSEWARE_INDEX_URL', null),
    conferenceUrl: nullable('CONFERENCE_URL', null),
    careersUrl: nullable('CAREERS_URL', 'https://jobs.vt.edu'),
    studentJobBoardUrl: nullable('STUDENT_JOB_BOARD_URL', 'https://vt.joinhandshake.com'),
    landingVideoUrl: nullable('LANDING_VIDEO_URL', null),
    socialLinks,
    copyrightText: nullable('COPYRIGHT_TEXT', null),
    companyAddress: nullable('COMPANY_ADDRESS', null),
    storageVersion: text('STORAGE_VERSION', '1.00'),
  };

  const parsed = RuntimeConfig.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${variableOf(issue.path)}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) {
    throw new RuntimeConfigError(`Invalid runtime configuration (/env.json):\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

const FIELD_VARIABLES: Record<string, string> = {
  brand: 'BRAND',
  siteName: 'SITE_NAME',
  apiBaseUrl: 'API_BASE_URL',
  publicFilesBaseUrl: 'PUBLIC_FILES_BASE_URL',
  homepageBaseUrl: 'HOMEPAGE_BASE_URL',
  exerciseAppBaseUrl: 'EXERCISE_APP_BASE_URL',
  loginBaseUrl: 'LOGIN_BASE_URL',
  supportUrl: 'SUPPORT_URL',
  knowledgeBaseUrl: 'KNOWLEDGE_BASE_URL',
  callForCoursewareUrl: 'CALL_FOR_COURSEWARE_URL',
  coursewareIndexUrl: 'COURSEWARE_INDEX_URL',
  conferenceUrl: 'CONFERENCE_URL',
  careersUrl: 'CAREERS_URL',
  studentJobBoardUrl: 'STUDENT_JOB_BOARD_URL',
  landingVideoUrl: 'LANDING_VIDEO_URL',
  socialLinks: 'SOCIAL_LINKS',
  copyrightText: 'COPYRIGHT_TEXT',
  companyAddress: 'COMPANY_ADDRESS',
  storageVersion: 'STORAGE_VERSION',
};

function variableOf(issuePath: readonly PropertyKey[]): string {
  const [field] = issuePath;
  return FIELD_VARIABLES[String(field)] ?? issuePath.map(String).join('.');
}
