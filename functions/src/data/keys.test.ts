import { describe, expect, it } from 'vitest';
import {
  aliasGuardKey,
  auditEventKey,
  auditLogIndexKey,
  auditTargetIndexKey,
  businessUnitKey,
  businessUnitMergeKey,
  businessUnitNameIndexKey,
  businessUnitUsersIndexKey,
  CATALOG_SNAPSHOT_OBJECT_KEY,
  catalogRevisionKey,
  childIndexKey,
  childrenPartition,
  contentAliasIndexKey,
  contentFileObjectKey,
  contentKey,
  contributorKey,
  contributorNameIndexKey,
  feedbackKey,
  feedbackScreenshotObjectKey,
  fileKey,
  firstPageObjectKey,
  identityKey,
  invitationIndexKeys,
  invitationKey,
  KEY_ATTRIBUTES,
  knowledgeKey,
  knowledgeRevisionKey,
  organizationNameIndexKey,
  pageHrefKey,
  pageKey,
  pageListIndexKey,
  pagePartition,
  pageSectionKey,
  pendingInvitationGuardKey,
  publishDueBound,
  publishDueIndexKey,
  publishScheduleKey,
  rateLimitKey,
  savedSearchAlertIndexKey,
  savedSearchKey,
  savedSearchSettingsKey,
  statusIndexKey,
  submissionCommentKey,
  submissionKey,
  submissionStateIndexKey,
  submitterIndexKey,
  thumbnailObjectKey,
  uploadedFileObjectKey,
  userClaimKey,
  userEmailIndexKey,
  userImportIndexKeys,
  userImportKey,
  userImportRowsKey,
  userKey,
  userMessageKey,
  userSubscriptionKey,
} from './keys.ts';

const ID = '01jd3k2m4n5p6q7r8s9t0v1w2x';

describe('key builders', () => {
  it('builds the exact key strings of every access pattern', () => {
    expect(contentKey(ID)).toEqual({ pk: `CONTENT#${ID}`, sk: 'CONTENT' });
    expect(contentAliasIndexKey('seed-labs/web')).toEqual({ gsi1pk: 'ALIAS#seed-labs/web', gsi1sk: 'CONTENT' });
    expect(aliasGuardKey('seed-labs/web')).toEqual({ pk: 'ALIAS#seed-labs/web', sk: 'ALIAS' });
    expect(childIndexKey(ID, 7, 'child')).toEqual({ gsi2pk: `PARENT#${ID}`, gsi2sk: '000007#child' });
    expect(childIndexKey(null, 0, ID)).toEqual({ gsi2pk: 'PARENT#ROOT', gsi2sk: `000000#${ID}` });
    expect(statusIndexKey('published', '2026-11-21T10:00:00.000Z', ID)).toEqual({
      gsi3pk: 'STATUS#published',
      gsi3sk: `2026-11-21T10:00:00.000Z#${ID}`,
    });
    expect(knowledgeKey('KSA', 'K0001')).toEqual({ pk: 'KNOWLEDGE#KSA', sk: 'K0001' });
    expect(knowledgeKey('KU', 'CO-M.4')).toEqual({ pk: 'KNOWLEDGE#KU', sk: 'CO-M.4' });
    expect(knowledgeRevisionKey()).toEqual({ pk: 'KNOWLEDGE', sk: 'REVISION' });
    expect(contributorKey(ID)).toEqual({ pk: `CONTRIBUTOR#${ID}`, sk: 'CONTRIBUTOR' });
    expect(contributorNameIndexKey('Du', 'Wenliang', ID)).toEqual({
      gsi1pk: 'CONTRIBUTORS',
      gsi1sk: `du wenliang#${ID}`,
    });
    expect(fileKey(ID)).toEqual({ pk: `FILE#${ID}`, sk: 'FILE' });
    expect(contentFileObjectKey('c', 'f')).toBe('content/c/f');
    expect(uploadedFileObjectKey('f')).toBe('files/f');
    expect(feedbackKey(ID)).toEqual({ pk: `FEEDBACK#${ID}`, sk: 'FEEDBACK' });
    expect(feedbackScreenshotObjectKey(ID)).toBe(`feedback/${ID}`);
    expect(childrenPartition(null)).toBe('PARENT#ROOT');
    expect(catalogRevisionKey()).toEqual({ pk: 'CATALOG', sk: 'REVISION' });
    expect(CATALOG_SNAPSHOT_OBJECT_KEY).toBe('search/catalog.snapshot.gz');
    expect(rateLimitKey('createInvitation.target', 'ab12', 1_764_000_000)).toEqual({
      pk: 'RATE#createInvitation.target#ab12#1764000000',
      sk: 'RATE',
    });
  });

  it('builds the exact key strings of users, identities and business units', () => {
    expect(userKey(ID)).toEqual({ pk: `USER#${ID}`, sk: 'USER' });
    expect(userClaimKey(ID, 'scoped-file', 'portal', 'courseware')).toEqual({
      pk: `USER#${ID}`,
      sk: 'CLAIM#scoped-file#portal#courseware',
    });
    expect(userClaimKey(ID, 'role', 'USER', undefined)).toEqual({ pk: `USER#${ID}`, sk: 'CLAIM#role#USER#*' });
    expect(userSubscriptionKey(ID, 'coursewareFeature')).toEqual({
      pk: `USER#${ID}`,
      sk: 'SUBSCRIPTION#coursewareFeature',
    });
    expect(userMessageKey(ID, 'm1')).toEqual({ pk: `USER#${ID}`, sk: 'MESSAGE#m1' });
    expect(identityKey('vcr', 'dev|admin')).toEqual({ pk: 'IDENTITY#vcr#dev|admin', sk: 'IDENTITY' });
    expect(userEmailIndexKey('Ada.Admin@Example.org', ID)).toEqual({
      gsi1pk: 'USERS',
      gsi1sk: `ada.admin@example.org#${ID}`,
    });
    expect(userEmailIndexKey(null, ID)).toEqual({ gsi1pk: 'USERS', gsi1sk: `~#${ID}` });
    expect(businessUnitKey(ID)).toEqual({ pk: `BUSINESS_UNIT#${ID}`, sk: 'BUSINESS_UNIT' });
  });

  it('lists users without an e-mail after every address', () => {
    const keys = [userEmailIndexKey(null, 'a'), userEmailIndexKey('zz@example.org', 'b')].map((key) => key.gsi1sk);
    expect([...keys].sort()).toEqual(['zz@example.org#b', '~#a']);
  });

  it('orders children by index as strings sort', () => {
    const keys = [10, 2, 100, 1].map((index) => childIndexKey(ID, index, 'x').gsi2sk);
    expect([...keys].sort()).toEqual(['000001#x', '000002#x', '000010#x', '000100#x']);
  });

  it('rejects a child index that would not fit six digits', () => {
    expect(() => childIndexKey(ID, 1_000_000, 'x')).toThrow(RangeError);
    expect(() => childIndexKey(ID, -1, 'x')).toThrow(RangeError);
  });

  it('names the key attributes of each index, table keys included for GSIs', () => {
    expect(KEY_ATTRIBUTES.table).toEqual(['pk', 'sk']);
    expect(KEY_ATTRIBUTES.gsi3).toEqual(['pk', 'sk', 'gsi3pk', 'gsi3sk']);
  });
});

describe('CMS page keys (decision record 026)', () => {
  it('keeps a page and its sections in one partition, with an href guard and a list index', () => {
    expect(pagePartition(ID)).toBe(`PAGE#${ID}`);
    expect(pageKey(ID)).toEqual({ pk: `PAGE#${ID}`, sk: 'PAGE' });
    expect(pageSectionKey(ID, 'section')).toEqual({ pk: `PAGE#${ID}`, sk: 'SECTION#section' });
    expect(pageHrefKey('/terms-of-use')).toEqual({ pk: 'PAGE_HREF#/terms-of-use', sk: 'PAGE_HREF' });
    expect(pageListIndexKey('/team', ID)).toEqual({ gsi1pk: 'PAGES', gsi1sk: `/team#${ID}` });
  });
});

describe('administration keys (issue 11; decision record 030)', () => {
  const AT = '2026-11-21T10:00:00.000Z';

  it('keeps business units by name, their users, and every merge in one partition', () => {
    expect(businessUnitNameIndexKey('George Mason University', ID)).toEqual({
      gsi1pk: 'BUSINESS_UNITS',
      gsi1sk: `george mason university#${ID}`,
    });
    expect(businessUnitUsersIndexKey(ID, 'u1')).toEqual({ gsi2pk: `BUSINESS_UNIT_USERS#${ID}`, gsi2sk: 'u1' });
    expect(businessUnitMergeKey(ID)).toEqual({ pk: 'BUSINESS_UNIT_MERGES', sk: ID });
    expect(organizationNameIndexKey('UNO Courses', ID).gsi1pk).toBe('ORGANIZATIONS');
  });

  it('files an audit event by month, by target and in the one log partition', () => {
    expect(auditEventKey(AT, 'e1')).toEqual({ pk: 'AUDIT#2026-11', sk: `${AT}#e1` });
    expect(auditTargetIndexKey(ID, AT, 'e1')).toEqual({ gsi1pk: `AUDIT_TARGET#${ID}`, gsi1sk: `${AT}#e1` });
    expect(auditLogIndexKey(AT, 'e1')).toEqual({ gsi3pk: 'AUDIT_LOG', gsi3sk: `${AT}#e1` });
  });

  it('lists invitations and imports per organization and all together, and guards one pending invitation per address', () => {
    expect(invitationKey(ID)).toEqual({ pk: `INVITATION#${ID}`, sk: 'INVITATION' });
    expect(invitationIndexKeys('org', AT, ID)).toEqual({
      gsi1pk: 'INVITATIONS#org',
      gsi1sk: `${AT}#${ID}`,
      gsi2pk: 'INVITATIONS',
      gsi2sk: `${AT}#${ID}`,
    });
    expect(pendingInvitationGuardKey('org', 'Ada@Example.ORG')).toEqual({
      pk: 'INVITATION_PENDING#org#ada@example.org',
      sk: 'INVITATION_PENDING',
    });
    expect(userImportKey(ID)).toEqual({ pk: `USER_IMPORT#${ID}`, sk: 'USER_IMPORT' });
    expect(userImportRowsKey(ID, 7)).toEqual({ pk: `USER_IMPORT#${ID}`, sk: 'ROWS#0007' });
    expect(userImportIndexKeys('org', AT, ID)).toEqual({
      gsi1pk: 'USER_IMPORTS#org',
      gsi1sk: `${AT}#${ID}`,
      gsi2pk: 'USER_IMPORTS',
      gsi2sk: `${AT}#${ID}`,
    });
  });

  it('keeps an item’s thumbnail and its readable first pages under one public prefix (decision records 060, 059)', () => {
    expect(thumbnailObjectKey('c1', 'f1')).toBe('thumbnails/c1/f1.png');
    expect(firstPageObjectKey('c1', 'f1')).toBe('thumbnails/c1/f1.page-1.png');
  });
});

describe('saved-search keys (issue 24 item 8; decision record 061)', () => {
  it("keeps a user's saved searches and their settings in one partition, apart from the user's, with a sparse alerts index", () => {
    expect(savedSearchKey('u1', ID)).toEqual({ pk: 'SAVED_SEARCHES#u1', sk: `SEARCH#${ID}` });
    expect(savedSearchSettingsKey('u1')).toEqual({ pk: 'SAVED_SEARCHES#u1', sk: 'SETTINGS' });
    expect(savedSearchAlertIndexKey('u1', ID)).toEqual({ gsi1pk: 'SAVED_SEARCH_ALERTS', gsi1sk: `u1#${ID}` });
    expect(savedSearchKey('u1', ID).pk).not.toBe(userKey('u1').pk);
    expect(submissionKey(ID)).toEqual({ pk: `SUBMISSION#${ID}`, sk: 'SUBMISSION' });
    expect(submissionCommentKey(ID, '2026-11-28T10:00:00.000Z', 'c1')).toEqual({
      pk: `SUBMISSION#${ID}`,
      sk: 'COMMENT#2026-11-28T10:00:00.000Z#c1',
    });
    expect(submitterIndexKey('u1', '2026-11-28T10:00:00.000Z', ID)).toEqual({
      gsi1pk: 'SUBMITTER#u1',
      gsi1sk: `2026-11-28T10:00:00.000Z#${ID}`,
    });
    expect(submissionStateIndexKey('submitted', '2026-11-28T10:00:00.000Z', ID)).toEqual({
      gsi2pk: 'SUBMISSION_STATE#submitted',
      gsi2sk: `2026-11-28T10:00:00.000Z#${ID}`,
    });
  });
});

describe('publishing schedule keys (issue 25 item 7; decision record 068)', () => {
  it('keeps one schedule per item and a sparse due index whose bound takes every schedule up to that instant', () => {
    const at = '2026-12-01T09:30:00.000Z';
    expect(publishScheduleKey('content', ID)).toEqual({ pk: `SCHEDULE#content#${ID}`, sk: 'SCHEDULE' });
    const { gsi1pk, gsi1sk } = publishDueIndexKey(at, 'content', ID);
    expect(gsi1pk).toBe('PUBLISH_DUE');
    expect(gsi1sk).toBe(`${at}#content#${ID}`);
    expect(gsi1sk <= publishDueBound(at)).toBe(true);
    expect(gsi1sk <= publishDueBound('2026-12-01T09:29:59.999Z')).toBe(false);
  });
});

describe('update-notice keys (issue 25 item 5; decision record 066)', () => {
  it('answers "who downloaded item X" from one partition, and keeps notices, entries and settings apart from the user', async () => {
    const keys = await import('./keys.ts');
    expect(keys.contentDownloaderKey('c1', 'u1')).toEqual({ pk: 'DOWNLOADERS#c1', sk: 'USER#u1' });
    expect(keys.updateNoticeKey('c1', 'r1')).toEqual({ pk: 'UPDATE_NOTICE#c1', sk: 'REVISION#r1' });
    expect(keys.pendingUpdateNoticeIndexKey('2026-11-28T10:00:00.000Z', 'c1', 'r1')).toEqual({
      gsi1pk: 'UPDATE_NOTICES_PENDING',
      gsi1sk: '2026-11-28T10:00:00.000Z#c1#r1',
    });
    expect(keys.updateNoticeEntryKey('u1', 'c1')).toEqual({ pk: 'UPDATE_NOTICES#u1', sk: 'ENTRY#c1' });
    expect(keys.updateNoticeSettingsKey('u1')).toEqual({ pk: 'UPDATE_NOTICES#u1', sk: 'SETTINGS' });
    expect(keys.updateNoticeEntryIndexKey('u1', 'c1')).toEqual({ gsi1pk: 'UPDATE_NOTICE_ENTRIES', gsi1sk: 'u1#c1' });
    expect(keys.updateNoticeSettingsKey('u1').pk).not.toBe(userKey('u1').pk);
  });
});
