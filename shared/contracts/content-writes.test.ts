import { describe, expect, it } from 'vitest';
import { CreateContentRequest, KeywordList, LastCuratedInput, PatchContentRequest, todayUtc } from './content.ts';

const valid = { name: 'Lab', description: '<p>x</p>' };

describe('KeywordList (spec §5 "Content editing")', () => {
  it('ignores duplicates case-insensitively, sanitises and trims', () => {
    expect(KeywordList.parse([' PCAP ', 'pcap', '<b>tcp</b>dump', ''])).toEqual(['PCAP', 'tcp dump']);
  });

  it('accepts 20 keywords of 50 characters and refuses a 21st or a 51st character', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'k'.repeat(48)}`);
    expect(KeywordList.safeParse(twenty).success).toBe(true);
    expect(KeywordList.safeParse([...twenty, 'one more']).success).toBe(false);
    expect(KeywordList.safeParse(['k'.repeat(51)]).success).toBe(false);
  });

  it('does not count duplicates against the 20', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `k${i}`);
    expect(KeywordList.parse([...twenty, 'K0'])).toHaveLength(20);
  });
});

describe('LastCuratedInput (spec §4, §5)', () => {
  it('cuts to YYYY-MM-DD and removes empty dates', () => {
    expect(LastCuratedInput.parse({ courseware: '2026-01-02T10:00:00.000Z', environment: '' })).toEqual({
      courseware: '2026-01-02',
    });
  });

  it('accepts today and refuses tomorrow', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(LastCuratedInput.safeParse({ courseware: todayUtc() }).success).toBe(true);
    const result = LastCuratedInput.safeParse({ courseware: tomorrow });
    expect(result.error?.issues[0]?.message).toBe('Cannot be after today.');
  });
});

describe('CreateContentRequest', () => {
  it('requires name and description, and caps them at 1000 and 100000 characters', () => {
    expect(CreateContentRequest.safeParse({}).success).toBe(false);
    expect(CreateContentRequest.safeParse({ ...valid, name: 'n'.repeat(1000) }).success).toBe(true);
    expect(CreateContentRequest.safeParse({ ...valid, name: 'n'.repeat(1001) }).success).toBe(false);
    expect(CreateContentRequest.safeParse({ ...valid, description: 'd'.repeat(100_000) }).success).toBe(true);
    expect(CreateContentRequest.safeParse({ ...valid, description: 'd'.repeat(100_001) }).success).toBe(false);
    expect(CreateContentRequest.safeParse({ ...valid, name: '   ' }).success).toBe(false);
  });
});

describe('PatchContentRequest', () => {
  it('takes a lone status with the version, and needs the version', () => {
    expect(PatchContentRequest.parse({ status: 'archived', version: 3 })).toEqual({ status: 'archived', version: 3 });
    expect(PatchContentRequest.safeParse({ status: 'archived' }).success).toBe(false);
  });
});
