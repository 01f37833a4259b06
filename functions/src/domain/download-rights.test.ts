import { describe, expect, it } from 'vitest';
import { ANY_SCOPE, CLAIM_TYPES, type Principal } from '#shared/capabilities';
import { DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { capabilityFor, downloadName, downloadRefusal, fileAccessOf, mayDownload } from './download-rights.ts';

const principal = (scopes: string[] | null, subscriptions = [COURSEWARE_FEATURE]): Principal => ({
  roles: [USER_ROLE],
  claims:
    scopes === null
      ? []
      : [{ type: CLAIM_TYPES.scopedFile, value: ANY_SCOPE, ...(scopes.length > 0 ? { scopes } : {}) }],
  subscriptions,
});

// Units as seeded (decision record 030): eligibility on VACR is the unit's eligibleBrands.
const nationalUser = { ranges: ['USCR'], businessUnit: { state: 'NE', public: true, eligibleBrands: [] } };
const virginiaFaculty = { ranges: ['VACR'], businessUnit: { state: 'VA', public: true, eligibleBrands: ['VACR'] } };
const privateVirginiaSchool = { ranges: ['VACR'], businessUnit: { state: 'VA', public: false, eligibleBrands: [] } };

describe('capabilityFor and mayDownload', () => {
  it('asks viewFiles of courseware files and viewLessonFiles of lesson artifacts', () => {
    expect(capabilityFor('courseware')).toBe('viewFiles');
    expect(capabilityFor('lesson')).toBe('viewLessonFiles');
  });

  it('lets a courseware-only claim download courseware files but not lesson artifacts', () => {
    expect(mayDownload(principal(['courseware']), 'courseware')).toBe(true);
    expect(mayDownload(principal(['courseware']), 'lesson')).toBe(false);
  });

  it('lets an unscoped claim download both', () => {
    expect(mayDownload(principal([]), 'courseware')).toBe(true);
    expect(mayDownload(principal([]), 'lesson')).toBe(true);
  });

  it('refuses a visitor, a user without the claim, and one without the subscription', () => {
    expect(mayDownload(null, 'courseware')).toBe(false);
    expect(mayDownload(principal(null), 'courseware')).toBe(false);
    expect(mayDownload(principal([], []), 'courseware')).toBe(false);
  });
});

describe('downloadRefusal', () => {
  it('says a user of another range is not a national-range user on USCR', () => {
    expect(downloadRefusal('courseware', virginiaFaculty, 'USCR')).toBe(DOWNLOAD_REFUSALS.notNationalRangeUser);
  });

  it('says a user outside a Virginia public school is not state-school faculty on VACR', () => {
    expect(downloadRefusal('courseware', nationalUser, 'VACR')).toBe(DOWNLOAD_REFUSALS.notStateSchoolFaculty);
    expect(downloadRefusal('lesson', privateVirginiaSchool, 'VACR')).toBe(DOWNLOAD_REFUSALS.notStateSchoolFaculty);
  });

  it('treats a missing account as not eligible', () => {
    expect(downloadRefusal('courseware', null, 'USCR')).toBe(DOWNLOAD_REFUSALS.notNationalRangeUser);
    expect(downloadRefusal('courseware', null, 'VACR')).toBe(DOWNLOAD_REFUSALS.notStateSchoolFaculty);
  });

  it('says an eligible user lacks the claim of the kind asked for', () => {
    expect(downloadRefusal('courseware', nationalUser, 'USCR')).toBe(DOWNLOAD_REFUSALS.noCoursewareFileRights);
    expect(downloadRefusal('lesson', virginiaFaculty, 'VACR')).toBe(DOWNLOAD_REFUSALS.noLessonFileRights);
  });
});

describe('fileAccessOf', () => {
  it('answers both rights and no reason without reading the account when courseware files are allowed', async () => {
    let reads = 0;
    const access = await fileAccessOf(principal(['courseware']), 'USCR', async () => {
      reads += 1;
      return nationalUser;
    });
    expect(access).toEqual({ courseware: true, lesson: false, reason: null });
    expect(reads).toBe(0);
  });

  it('reads the account for the reason of a refusal', async () => {
    const access = await fileAccessOf(principal(null), 'USCR', async () => virginiaFaculty);
    expect(access).toEqual({ courseware: false, lesson: false, reason: DOWNLOAD_REFUSALS.notNationalRangeUser });
  });
});

describe('downloadName', () => {
  it('appends the original extension when the display name lacks it', () => {
    expect(downloadName('Lab guide', 'Buffer_Overflow_Setuid.pdf')).toBe('Lab guide.pdf');
  });

  it('keeps a display name that already ends with the extension, in any case', () => {
    expect(downloadName('Lab guide.PDF', 'guide.pdf')).toBe('Lab guide.PDF');
  });

  it('adds nothing for a filename without an extension, and falls back to the filename for an empty name', () => {
    expect(downloadName('README', 'README')).toBe('README');
    expect(downloadName('  ', 'notes.txt')).toBe('notes.txt');
    expect(downloadName('Dotfile', '.bashrc')).toBe('Dotfile');
  });

  it('keeps non-ASCII names as they are', () => {
    expect(downloadName('Ataque de desbordamiento — guía', 'guia.pdf')).toBe('Ataque de desbordamiento — guía.pdf');
  });
});
