import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, RuntimeConfigError } from './runtime-config.tsx';

function respond(body: unknown, status = 200) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
}

describe('loadRuntimeConfig', () => {
  it('asks for /env.json with a timestamp and applies the defaults', async () => {
    const fetchImpl = respond({
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
    });
    const config = await loadRuntimeConfig(fetchImpl);
    expect(String(fetchImpl.mock.calls[0]?.[0])).toMatch(/^\/env\.json\?ts=\d+$/);
    expect(config.brand).toBe('USCR');
    expect(config.flags.courseware).toBe(true);
    expect(config.storageVersion).toBe('1.00');
  });

  it('names every invalid field', async () => {
    const error = await loadRuntimeConfig(respond({ brand: 'XX' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    const problems = (error as RuntimeConfigError).problems.join('\n');
    expect(problems).toMatch(/brand/);
    expect(problems).toMatch(/siteName/);
    expect(problems).toMatch(/loginBaseUrl/);
  });

  it('fails clearly on an HTTP error and on no answer', async () => {
    await expect(loadRuntimeConfig(respond({}, 503))).rejects.toThrow('HTTP 503');
    await expect(
      loadRuntimeConfig(
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      ),
    ).rejects.toThrow('could not be reached');
  });

  it('takes the configuration embedded in the first HTML without asking for /env.json (issue 22 item 2)', async () => {
    const fetchImpl = respond({});
    const embedded = {
      brand: 'VACR',
      siteName: 'Virginia Cyber Range',
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
    };
    const config = await loadRuntimeConfig(fetchImpl, embedded);
    expect(config.siteName).toBe('Virginia Cyber Range');
    expect(fetchImpl).not.toHaveBeenCalled();
    // An embedded configuration that does not validate is ignored: /env.json decides.
    await expect(loadRuntimeConfig(fetchImpl, { brand: 'XX' })).rejects.toThrow(RuntimeConfigError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
