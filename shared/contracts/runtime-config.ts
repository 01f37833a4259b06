import * as z from 'zod';
import { BRANDS } from '../enums.ts';
import { urlField } from './url.ts';

/**
 * Runtime configuration of the SPA, fetched from `/env.json?ts=<epoch ms>` at boot
 * (spec §7 "Runtime configuration is fetched from an environment JSON file with a
 * timestamp query"; ARCHITECTURE.md "Web"). One build serves both brands: the
 * brand, the feature flags of spec §2.2 and the base addresses all come from here.
 * Locally the server answers it from environment variables; in AWS the web stack
 * writes it beside the SPA.
 */

/** Feature flags of spec §2.2: true unless configured off. */
export const FEATURE_FLAGS = [
  'searchCourseware',
  'coursewareTitleImage',
  'home',
  'team',
  'event',
  'jobs',
  'pricing',
  'resources',
  'community',
  'courseware',
  'contact',
  'about',
  'news',
  'callForCourseware',
  'weeklyWorkshops',
  'k12Advisory',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

const flagShape = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean().default(true)])) as Record<
  FeatureFlag,
  z.ZodDefault<z.ZodBoolean>
>;
export const FeatureFlags = z.object(flagShape);
export type FeatureFlags = z.infer<typeof FeatureFlags>;

/** An absolute http(s) address, or a path on this site beginning with `/` (the one URL rule, decision record 033). */
const Address = urlField({ max: 2048, paths: true });

export const RuntimeConfig = z
  .object({
    brand: z.enum(BRANDS).default('USCR'),
    /** Display name of the deployment, e.g. "US Cyber Range". */
    siteName: z.string().min(1),
    flags: FeatureFlags.default(FeatureFlags.parse({})),
    /** Base of the portal's API, e.g. `/api/v1` (same origin through CloudFront). */
    apiBaseUrl: Address,
    /** Where public files (portraits, images) are served, e.g. `/public`. */
    publicFilesBaseUrl: Address,
    /** Home-page base address; the `/` route exists only if it is set (spec §2.2). */
    homepageBaseUrl: Address.nullable(),
    /** The exercise area application (spec §2.2 /exercises). */
    exerciseAppBaseUrl: Address,
    /** The external login host (spec §2.2 /login, /signup). */
    loginBaseUrl: Address,
    /** The support site that replaced the knowledge base (spec §2.15). */
    supportUrl: Address,
    /** Knowledge base, opened in a new tab from the Help menu (spec §2.3). */
    knowledgeBaseUrl: Address,
    /** External call-for-courseware form; the in-app route is used when null (spec §2.5). */
    callForCoursewareUrl: Address.nullable(),
    /** Optional courseware index link on the landing part (spec §2.5). */
    coursewareIndexUrl: Address.nullable(),
    /** Conference page; /conference redirects there only if set (spec §2.2). */
    conferenceUrl: Address.nullable(),
    /** The external careers site of the jobs page's button (spec §2.12); the button is hidden when null. */
    careersUrl: Address.nullable().default(null),
    /** The external student job board of the jobs page's footnote (spec §2.12); hidden when null. */
    studentJobBoardUrl: Address.nullable().default(null),
    /**
     * Optional landing video on the home page (spec §2.4): a video file (played from
     * any https address) or a YouTube / Vimeo embed address — the only frames the
     * Content-Security-Policy allows (`EMBEDDED_VIDEO_ORIGINS`, infra/stacks/security-headers.ts).
     */
    landingVideoUrl: Address.nullable(),
    /** Optional social links in the footer (spec §2.3). */
    socialLinks: z.array(z.object({ label: z.string(), url: Address })).default([]),
    copyrightText: z.string().nullable(),
    companyAddress: z.string().nullable(),
    /** Local storage settings version (spec §9, default "1.00"). */
    storageVersion: z.string().default('1.00'),
  })
  .meta({ id: 'RuntimeConfig' });
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
