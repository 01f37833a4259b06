import { describe, expect, it } from 'vitest';
import {
  changeLogPath,
  composeUpdateNoticeDigest,
  digestDayOf,
  NOTICE_NOTE_MAX_CHARS,
  noticeNote,
  updateNoticeDigestSlotOf,
  updateNoticeMessage,
  updateNoticeMessageId,
} from './update-notices.ts';

describe('update-notice rules (issue 25 item 5)', () => {
  it('gives one user ONE message id per item, different for another item or user', () => {
    const id = updateNoticeMessageId('u1', 'c1');
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(updateNoticeMessageId('u1', 'c1')).toBe(id);
    expect(updateNoticeMessageId('u1', 'c2')).not.toBe(id);
    expect(updateNoticeMessageId('u2', 'c1')).not.toBe(id);
  });

  it('links to the change log of the item by alias, else by id', () => {
    expect(changeLogPath({ id: 'c1', urlAlias: 'seed-labs/buffer-overflow' })).toBe(
      '/courseware/seed-labs/buffer-overflow#change-log',
    );
    expect(changeLogPath({ id: 'c1', urlAlias: '' })).toBe('/courseware/c1#change-log');
  });

  it('writes the message as the change log does, one line, the note cut at its limit', () => {
    expect(
      updateNoticeMessage({
        name: 'Buffer lab',
        publishedTimestamp: '2026-11-02T10:00:00.000Z',
        note: 'Task 3\nuses 22.04',
      }),
    ).toBe('Updated 2026-11-02: Buffer lab. Task 3 uses 22.04');
    expect(updateNoticeMessage({ name: 'Buffer lab', publishedTimestamp: '2026-11-02T10:00:00.000Z', note: ' ' })).toBe(
      'Updated 2026-11-02: Buffer lab',
    );
    expect(noticeNote('x'.repeat(NOTICE_NOTE_MAX_CHARS + 10))).toHaveLength(NOTICE_NOTE_MAX_CHARS);
  });

  it('runs the digest once per UTC day, in the slot that starts at 07:00 UTC', () => {
    expect(digestDayOf(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(updateNoticeDigestSlotOf(new Date('2026-11-24T07:00:00.000Z')).toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
    expect(updateNoticeDigestSlotOf(new Date('2026-11-24T06:59:59.999Z')).toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(updateNoticeDigestSlotOf(new Date('2026-12-01T03:00:00.000Z')).toISOString()).toBe(
      '2026-11-30T07:00:00.000Z',
    );
  });

  it('names every changed item with each update, its change log, the settings and the unsubscribe page', () => {
    const email = composeUpdateNoticeDigest({
      brand: 'USCR',
      displayName: 'Ada',
      origin: 'https://portal.example.org',
      token: 'tok',
      items: [
        {
          name: 'Buffer lab',
          link: 'https://portal.example.org/courseware/buffer#change-log',
          updates: [
            { publishedTimestamp: '2026-11-24T09:00:00.000Z', note: 'Task 3 uses 22.04' },
            { publishedTimestamp: '2026-11-24T11:00:00.000Z', note: '' },
          ],
        },
        { name: 'Crypto lab', link: 'https://portal.example.org/courseware/crypto#change-log', updates: [] },
      ],
    });
    expect(email.subject).toBe('2 courseware items you downloaded were updated');
    expect(email.text).toContain(
      '  Updated 2026-11-24: Task 3 uses 22.04\n  Updated 2026-11-24\n  What changed: https://portal.example.org/courseware/buffer#change-log',
    );
    expect(email.text).toContain('Crypto lab');
    expect(email.text).toContain('https://portal.example.org/saved-searches/unsubscribe?list=update-notices&token=tok');
  });
});
