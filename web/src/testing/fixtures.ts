import {
  type ContentDetail,
  ContentDetail as ContentDetailSchema,
  type ContentSummary,
} from '#shared/contracts/content';
import type { Contributor } from '#shared/contracts/contributor';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import { NO_SEARCH_FACETS, type SearchContentPage } from '#shared/contracts/search';

/** A complete USCR runtime configuration, as `/env.json` would send it. */
export function runtimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return RuntimeConfig.parse({
    brand: 'USCR',
    siteName: 'US Cyber Range',
    apiBaseUrl: '/api/v1',
    publicFilesBaseUrl: '/public',
    homepageBaseUrl: null,
    exerciseAppBaseUrl: 'https://app.uscyberrange.example',
    loginBaseUrl: 'https://login.uscyberrange.example',
    supportUrl: 'https://support.uscyberrange.example',
    knowledgeBaseUrl: 'https://kb.uscyberrange.example',
    callForCoursewareUrl: null,
    coursewareIndexUrl: null,
    conferenceUrl: null,
    careersUrl: 'https://jobs.example.edu',
    studentJobBoardUrl: 'https://students.example.edu/jobs',
    landingVideoUrl: null,
    socialLinks: [],
    copyrightText: '© 2026 US Cyber Range',
    companyAddress: null,
    ...overrides,
  });
}

export const IDS = {
  seedLabs: '01jd7k2m3n4p5q6r7s8t9v0w1a',
  softwareSecurity: '01jd7k2m3n4p5q6r7s8t9v0w1b',
  bufferOverflow: '01jd7k2m3n4p5q6r7s8t9v0w1c',
  wenliangDu: '01jd7k2m3n4p5q6r7s8t9v0w1d',
  pdf: '01jd7k2m3n4p5q6r7s8t9v0w1e',
  txt: '01jd7k2m3n4p5q6r7s8t9v0w1f',
} as const;

/**
 * The SEED Labs "Buffer Overflow Attack Lab (Set-UID Version)" as the API serves
 * it, checked against the shared contract.
 */
export function bufferOverflowDetail(overrides: Partial<ContentDetail['content']> = {}): ContentDetail {
  return ContentDetailSchema.parse({
    content: {
      id: IDS.bufferOverflow,
      name: 'Buffer Overflow Attack Lab (Set-UID Version)',
      description:
        '<!--search-tags: buffer overflow | shellcode | stack-->' +
        '<p>Buffer overflow is defined as the condition in which a program attempts to write data beyond the boundary of a buffer.</p>' +
        '<p>In this lab, students will be given a program with a buffer-overflow vulnerability; their task is to develop a scheme to exploit the vulnerability and finally gain the root privilege.</p>' +
        '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="">',
      urlAlias: 'seed-labs/software-security/buffer-overflow-setuid',
      status: 'published',
      category: 'exercise',
      categories: ['exercise'],
      educationLevels: ['universityundergraduate', 'graduatestudent'],
      experienceLevels: ['intermediate'],
      tags: ['lab', 'software security', 'Address randomization, non-executable stack, and StackGuard'],
      contributors: [{ id: IDS.wenliangDu, index: 0 }],
      children: [],
      sections: [],
      files: [
        {
          id: IDS.pdf,
          name: 'Buffer_Overflow_Setuid.pdf',
          type: 'application/pdf',
          filename: 'Buffer_Overflow_Setuid.pdf',
        },
        { id: IDS.txt, name: 'Buffer_Overflow_Setuid.txt', type: 'text/plain', filename: 'Buffer_Overflow_Setuid.txt' },
      ],
      ksas: [
        {
          id: 'K0070',
          index: 0,
          name: 'Knowledge of system and application security threats and vulnerabilities (e.g., buffer overflow, mobile code, cross-site scripting, Procedural Language/Structured Query Language [PL/SQL] and injections, race conditions, covert channel, replay, return-oriented attacks, malicious code).',
        },
        {
          id: 'S0078',
          index: 1,
          name: 'Skill in recognizing and categorizing types of vulnerabilities and associated attacks.',
        },
        { id: 'A0036', index: 2, name: 'Ability to identify basic common coding flaws at a high level.' },
        { id: 'K0051', index: 3, name: 'Knowledge of low-level computer languages (e.g., assembly languages).' },
        { id: 'K0186', index: 4, name: 'Knowledge of debugging procedures and tools.' },
        { id: 'K0397', index: 5, name: 'Knowledge of security concepts in operating systems (e.g., Linux, Unix.)' },
      ],
      tkss: [
        { id: 'K0688', index: 0, name: 'Knowledge of common application vulnerabilities' },
        { id: 'K1085', index: 1, name: 'Knowledge of exploitation tools and techniques' },
        { id: 'S0614', index: 2, name: 'Skill in categorizing types of vulnerabilities' },
        { id: 'T1262', index: 3, name: 'Identify programming code flaws' },
        { id: 'K0738', index: 4, name: 'Knowledge of low-level programming languages' },
        { id: 'K0855', index: 5, name: 'Knowledge of debugging tools and techniques' },
      ],
      kus: [
        { id: 'CO-M.9', index: 0, name: 'Vulnerabilities' },
        { id: 'CO-M.1', index: 1, name: 'Low Level Programming Languages' },
        { id: 'LLP', index: 2, name: 'Low-Level Programming' },
      ],
      parentId: IDS.softwareSecurity,
      lastCuratedTimestamps: { courseware: '2026-03-04' },
      createdTimestamp: '2026-01-10T09:00:00.000Z',
      modifiedTimestamp: '2026-03-04T15:30:00.000Z',
      image: null,
      includes: ['Lab description (PDF)', 'Plain-text version of the lab description'],
      licence: 'CC BY-NC-SA 4.0',
      sourceUrl:
        'https://github.com/seed-labs/seed-labs/tree/fa38be294aa995692654be335f8e0727eb119aa2/category-software/Buffer_Overflow_Setuid',
      copyrightNotice: 'Copyright © 2006 - 2020 by Wenliang Du.',
      version: 1,
      ...overrides,
    },
    ancestors: [
      {
        id: IDS.seedLabs,
        name: 'SEED Labs: Hands-on Labs for Security Education',
        urlAlias: 'seed-labs',
        status: 'published',
      },
      { id: IDS.softwareSecurity, name: 'SEED Labs – Software Security', urlAlias: '', status: 'published' },
    ],
    contributors: [wenliangDu()],
  });
}

/** The contributor Wenliang Du as the API answers him (spec §3 Contributor), without a portrait; override any field. */
export function wenliangDu(overrides: Partial<Contributor> = {}): Contributor {
  return {
    id: IDS.wenliangDu,
    prefix: 'Dr.',
    firstName: 'Wenliang',
    middleName: null,
    lastName: 'Du',
    suffix: null,
    title: 'Laura J. and L. Douglas Meredith Professor',
    school: 'Syracuse University',
    email: null,
    portraitFileId: null,
    version: 1,
    ...overrides,
  };
}

let summaryCounter = 0;

/**
 * Base-32 digits that Crockford's alphabet (entity ids) leaves out, each swapped for
 * one that `toString(32)` never writes, so every counter value keeps an id of its own.
 */
const CROCKFORD_SWAPS: Readonly<Record<string, string>> = { i: 'w', l: 'x', o: 'y', u: 'z' };

/** A condensed content item for lists and cards; each call has an id of its own. */
export function contentSummary(overrides: Partial<ContentSummary> = {}): ContentSummary {
  summaryCounter += 1;
  const suffix = summaryCounter
    .toString(32)
    .padStart(4, '0')
    .replace(/[ilou]/g, (digit) => CROCKFORD_SWAPS[digit] ?? digit);
  return {
    id: `01jd7k2m3n4p5q6r7s8t9v${suffix}`,
    name: `Lab ${summaryCounter}`,
    urlAlias: `labs/lab-${summaryCounter}`,
    status: 'published',
    category: 'exercise',
    categories: ['exercise'],
    educationLevels: ['universityundergraduate'],
    experienceLevels: ['beginner'],
    tags: ['lab'],
    summary: 'A short lab.',
    author: 'Wenliang Du',
    parentId: null,
    image: null,
    createdTimestamp: '2026-01-10T09:00:00.000Z',
    modifiedTimestamp: '2026-03-04T15:30:00.000Z',
    ...overrides,
  };
}

/**
 * An answer of `POST /api/v1/search/content` holding `items` (none by default), no
 * next page and no facets; `overrides` sets any field. The landing list of
 * `/courseware` asks for one too (decision record 062).
 */
export function searchContentPage(
  items: ContentSummary[] = [],
  overrides: Partial<SearchContentPage> = {},
): SearchContentPage {
  return { items, nextPageToken: null, total: items.length, facets: NO_SEARCH_FACETS, ...overrides };
}

/** An item's ratings and reviews page with none yet (`GET /api/v1/content-items/{id}/reviews`; issue 26 item 3). */
export function emptyReviewPage() {
  return { summary: { average: null, count: 0 }, items: [] as never[], nextPageToken: null, canRespond: false };
}
