import type { NewsEventStatus } from '#shared/contracts/news';
import type { NiceGeneration } from '#shared/contracts/work-role';
import type { ContentStatus, KnowledgeType } from '#shared/enums';
import { UPLOADED_FILE_KEY_PREFIX } from '#shared/public-files';
import { TABLE } from '#shared/table';

/**
 * Access patterns of the single table (ARCHITECTURE.md "Data"; electrodb style:
 * generic physical names, domain names only here). Every key string of the
 * portal is built by a function of this module and nowhere else.
 *
 * | question                                          | index | key                                                                 |
 * |---------------------------------------------------|-------|---------------------------------------------------------------------|
 * | content by id                                     | table | pk `CONTENT#<id>`, sk `CONTENT`                                     |
 * | content by URL alias                              | gsi1  | gsi1pk `ALIAS#<alias>`, gsi1sk `CONTENT`                            |
 * | alias uniqueness guard                            | table | pk `ALIAS#<alias>`, sk `ALIAS` (attribute contentId)                |
 * | children of content, in index order               | gsi2  | gsi2pk `PARENT#<parentId>` (`PARENT#ROOT` top-level), gsi2sk `<index, 6 digits>#<id>` |
 * | content of one status, most recently modified first | gsi3 | gsi3pk `STATUS#<status>`, gsi3sk `<modifiedTimestamp ISO>#<id>`     |
 * | knowledge of a type, by id; one knowledge item    | table | pk `KNOWLEDGE#<TYPE>`, sk `<id>`                                    |
 * | knowledge revision (bumped by every knowledge write) | table | pk `KNOWLEDGE`, sk `REVISION` (attribute revision, a number)     |
 * | NICE work roles of a generation, by id; one work role (issue 27 item 1) | table | pk `WORK_ROLE#<generation>` (`2017`, `2.1.0`), sk `<id>` |
 * | competency areas, by id (issue 27 item 1)         | table | pk `COMPETENCY_AREA`, sk `<id>`                                     |
 * | crosswalk pairings of the NICE generations, by KSA id (issue 27 item 5) | table | pk `NICE_CROSSWALK`, sk `<ksaId>#<tksId>` (attribute basis) |
 * | contributor by id                                 | table | pk `CONTRIBUTOR#<id>`, sk `CONTRIBUTOR`                             |
 * | contributors by name                              | gsi1  | gsi1pk `CONTRIBUTORS`, gsi1sk `<lastName firstName, lower-case>#<id>` |
 * | file by id                                        | table | pk `FILE#<id>`, sk `FILE`                                           |
 * | content feedback by id (decision record 018)      | table | pk `FEEDBACK#<id>`, sk `FEEDBACK` (attribute contentId)             |
 * | feedback whose e-mail is still to send, oldest first (sparse) | gsi1 | gsi1pk `FEEDBACK_PENDING`, gsi1sk `<createdTimestamp ISO>#<id>` |
 * | user by id, with claims, subscriptions, messages, organization memberships (one item collection) | table | pk `USER#<id>`; sk `USER`, `CLAIM#<type>#<value>#<scope or *>`, `SUBSCRIPTION#<product>`, `MESSAGE#<id>`, `ORGANIZATION#<id>` |
 * | organization by id | table | pk `ORGANIZATION#<id>`, sk `ORGANIZATION` |
 * | user by upstream identity                         | table | pk `IDENTITY#<provider>#<upstream subject>`, sk `IDENTITY` (attribute userId) |
 * | users by e-mail (admin list)                      | gsi1  | gsi1pk `USERS`, gsi1sk `<email lower-case or ~>#<id>`               |
 * | business unit by id                               | table | pk `BUSINESS_UNIT#<id>`, sk `BUSINESS_UNIT`                         |
 * | business units by name (not merged; issue 11)     | gsi1  | gsi1pk `BUSINESS_UNITS`, gsi1sk `<name lower-case>#<id>`            |
 * | every business-unit merge (duplicate → kept)      | table | pk `BUSINESS_UNIT_MERGES`, sk `<merged unit id>` (attribute intoId) |
 * | catalog revision (bumped by every content write)  | table | pk `CATALOG`, sk `REVISION` (attribute revision, a number)          |
 * | the draft of a content item (issue 25 item 2)     | table | pk `CONTENT#<id>`, sk `DRAFT`                                       |
 * | revisions of a content item, newest last (issue 25 item 3) | table | pk `CONTENT#<id>`, sk `REVISION#<revision id, a ULID>`   |
 * | publishing schedule of an item (decision record 068) | table | pk `SCHEDULE#<kind>#<id>`, sk `SCHEDULE` (attributes kind, targetId, publishAt) |
 * | schedules due by a time, soonest first (sparse)   | gsi1  | gsi1pk `PUBLISH_DUE`, gsi1sk `<publishAt ISO>#<kind>#<id>`           |
 * | remains of a deleted content item still to purge (issue 25 item 3) | table | pk `PURGE#content#<id>`, sk `PURGE` (attributes contentId, deletedTimestamp) |
 * | purges still to run, oldest delete first (sparse) | gsi1  | gsi1pk `CONTENT_PURGE`, gsi1sk `<deletedTimestamp ISO>#<id>`         |
 * | the first answer of a write sent with an Idempotency-Key (issue 28 item 2, decision record 084) | table | pk `IDEMPOTENCY#<operationId>#<SHA-256 of caller and key, base64>`, sk `IDEMPOTENCY` (TTL `expiresAt`) |
 *
 * S3 keys of the private bucket: seeded content files `content/<contentId>/<fileId>`;
 * uploaded files `files/<fileId>` (in the private or the public bucket, by
 * visibility; decision record 016); feedback screenshots `feedback/<feedbackId>`
 * (decision record 018); the search catalog snapshot
 * `search/catalog.snapshot.gz`.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
const { gsi1, gsi2, gsi3 } = TABLE.indexes;

/** A table key: `{ pk, sk }`. */
export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}

/** The key attribute names of each index a Query reads (for page tokens: a GSI's LastEvaluatedKey carries the table keys too). */
export const KEY_ATTRIBUTES = {
  table: [PK, SK],
  gsi1: [PK, SK, gsi1.partitionKey, gsi1.sortKey],
  gsi2: [PK, SK, gsi2.partitionKey, gsi2.sortKey],
  gsi3: [PK, SK, gsi3.partitionKey, gsi3.sortKey],
} as const;

/** Entity types written to the `entityType` attribute of every item. */
export const ENTITY_TYPES = {
  content: 'Content',
  alias: 'Alias',
  contributor: 'Contributor',
  knowledge: 'Knowledge',
  knowledgeRevision: 'KnowledgeRevision',
  workRole: 'WorkRole',
  competencyArea: 'CompetencyArea',
  crosswalkPairing: 'CrosswalkPairing',
  file: 'File',
  user: 'User',
  userClaim: 'UserClaim',
  subscription: 'Subscription',
  message: 'Message',
  identity: 'Identity',
  businessUnit: 'BusinessUnit',
  organization: 'Organization',
  organizationMembership: 'OrganizationMembership',
  catalogRevision: 'CatalogRevision',
  feedback: 'Feedback',
  bundle: 'Bundle',
  downloadEvent: 'DownloadEvent',
  statisticCounter: 'StatisticCounter',
  statisticUserMarker: 'StatisticUserMarker',
  contentUsage: 'ContentUsage',
  contentUsageSchool: 'ContentUsageSchool',
  contentUsageBackfill: 'ContentUsageBackfill',
  news: 'News',
  newsLink: 'NewsLink',
  event: 'Event',
  eventLink: 'EventLink',
  newsletterSubscriber: 'NewsletterSubscriber',
  contactRequest: 'ContactRequest',
  supportRequest: 'SupportRequest',
  course: 'Course',
  courseMember: 'CourseMember',
  organizationMember: 'OrganizationMember',
  rateLimitCounter: 'RateLimitCounter',
  idempotencyRecord: 'IdempotencyRecord',
  page: 'Page',
  pageHref: 'PageHref',
  pageSection: 'PageSection',
  auditEvent: 'AuditEvent',
  invitation: 'Invitation',
  invitationGuard: 'InvitationGuard',
  invitationEmail: 'InvitationEmail',
  userImport: 'UserImport',
  userImportRows: 'UserImportRows',
  businessUnitMerge: 'BusinessUnitMerge',
  savedSearch: 'SavedSearch',
  savedSearchSettings: 'SavedSearchSettings',
  savedSearchDigest: 'SavedSearchDigest',
  contentDraft: 'ContentDraft',
  contentRevision: 'ContentRevision',
  publishSchedule: 'PublishSchedule',
  contentDownloader: 'ContentDownloader',
  updateNotice: 'UpdateNotice',
  updateNoticeEntry: 'UpdateNoticeEntry',
  updateNoticeSettings: 'UpdateNoticeSettings',
  updateNoticeDigest: 'UpdateNoticeDigest',
  submission: 'Submission',
  submissionComment: 'SubmissionComment',
  submissionEmail: 'SubmissionEmail',
  contentPurge: 'ContentPurge',
  savedContent: 'SavedContent',
  librarySettings: 'LibrarySettings',
  downloadHistoryEntry: 'DownloadHistoryEntry',
  review: 'Review',
  reviewReport: 'ReviewReport',
  ratingAggregate: 'RatingAggregate',
  userReview: 'UserReview',
  collection: 'Collection',
  collectionSettings: 'CollectionSettings',
} as const;
/** One of {@link ENTITY_TYPES}. */
export type EntityType = (typeof ENTITY_TYPES)[keyof typeof ENTITY_TYPES];

/** Digits of a child's index in its gsi2 sort key, so that string order is index order. */
export const CHILD_INDEX_DIGITS = 6;

/** `CONTENT#<id>` / `CONTENT`: one content item. */
export function contentKey(id: string): TableKey {
  return { pk: `CONTENT#${id}`, sk: 'CONTENT' };
}

/** gsi1 key of a content item: looked up by its URL alias. */
export function contentAliasIndexKey(alias: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: aliasPartition(alias), gsi1sk: 'CONTENT' };
}

/** gsi1 partition that holds the content item with this alias. */
export function aliasPartition(alias: string): string {
  return `ALIAS#${alias}`;
}

/** `ALIAS#<alias>` / `ALIAS`: the item that makes an alias unique (created in the same transaction as the content). */
export function aliasGuardKey(alias: string): TableKey {
  return { pk: `ALIAS#${alias}`, sk: 'ALIAS' };
}

/** gsi2 partition of the children of `parentId`; `null` is the top level (`PARENT#ROOT`). */
export function childrenPartition(parentId: string | null): string {
  return `PARENT#${parentId ?? 'ROOT'}`;
}

/**
 * gsi2 key of a content item under its parent: `<index zero-padded to 6>#<id>`.
 * @throws RangeError for an index outside 0…999999 (string order would break).
 */
export function childIndexKey(parentId: string | null, index: number, id: string): { gsi2pk: string; gsi2sk: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 10 ** CHILD_INDEX_DIGITS) {
    throw new RangeError(`Child index ${index} is outside 0…${10 ** CHILD_INDEX_DIGITS - 1}.`);
  }
  return { gsi2pk: childrenPartition(parentId), gsi2sk: `${String(index).padStart(CHILD_INDEX_DIGITS, '0')}#${id}` };
}

/** gsi3 partition of the content of one status. */
export function statusPartition(status: ContentStatus): string {
  return `STATUS#${status}`;
}

/** gsi3 key of a content item: newest first when read backwards. `modifiedTimestamp` is ISO 8601 UTC. */
export function statusIndexKey(
  status: ContentStatus,
  modifiedTimestamp: string,
  id: string,
): { gsi3pk: string; gsi3sk: string } {
  return { gsi3pk: statusPartition(status), gsi3sk: `${modifiedTimestamp}#${id}` };
}

/** Lowest gsi3 sort key of content modified at or after `cutoffIso` (for "new or updated"). */
export function modifiedSinceBound(cutoffIso: string): string {
  return cutoffIso;
}

/** Table partition of the knowledge items of one type. */
export function knowledgePartition(type: KnowledgeType): string {
  return `KNOWLEDGE#${type}`;
}

/** `KNOWLEDGE#<TYPE>` / `<id>`: one knowledge item. */
export function knowledgeKey(type: KnowledgeType, id: string): TableKey {
  return { pk: knowledgePartition(type), sk: id };
}

/**
 * `KNOWLEDGE` / `REVISION`: the one item whose `revision` counter every knowledge
 * write increments, so a container's cached knowledge list (issue 22 item 1) knows
 * when to read the list again. Never a knowledge partition: those end in `#<TYPE>`.
 */
export function knowledgeRevisionKey(): TableKey {
  return { pk: 'KNOWLEDGE', sk: 'REVISION' };
}

/** Table partition of the NICE work roles of one generation (issue 27 item 1). */
export function workRolePartition(generation: NiceGeneration): string {
  return `WORK_ROLE#${generation}`;
}

/** `WORK_ROLE#<generation>` / `<id>`: one NICE work role. */
export function workRoleKey(generation: NiceGeneration, id: string): TableKey {
  return { pk: workRolePartition(generation), sk: id };
}

/** Table partition of the competency areas (Components v2.1.0). */
export const COMPETENCY_AREA_PARTITION = 'COMPETENCY_AREA';

/** `COMPETENCY_AREA` / `<id>`: one competency area. */
export function competencyAreaKey(id: string): TableKey {
  return { pk: COMPETENCY_AREA_PARTITION, sk: id };
}

/** Table partition of the crosswalk pairings between the NICE generations (issue 27 item 5). */
export const CROSSWALK_PARTITION = 'NICE_CROSSWALK';

/** `NICE_CROSSWALK` / `<ksaId>#<tksId>`: one pairing of a 2017 KSA and a v2.1.0 TKS statement. */
export function crosswalkPairingKey(ksaId: string, tksId: string): TableKey {
  return { pk: CROSSWALK_PARTITION, sk: `${ksaId}#${tksId}` };
}

/** `CONTRIBUTOR#<id>` / `CONTRIBUTOR`: one contributor. */
export function contributorKey(id: string): TableKey {
  return { pk: `CONTRIBUTOR#${id}`, sk: 'CONTRIBUTOR' };
}

/** The single gsi1 partition listing contributors by name. */
export const CONTRIBUTORS_PARTITION = 'CONTRIBUTORS';

/** gsi1 key of a contributor: `<lastName firstName>` lower-cased, then `#<id>`. */
export function contributorNameIndexKey(
  lastName: string,
  firstName: string,
  id: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: CONTRIBUTORS_PARTITION, gsi1sk: `${`${lastName} ${firstName}`.toLowerCase()}#${id}` };
}

/** Partition prefix of file records (the upload sweeper's stream filter matches it). */
export const FILE_PARTITION_PREFIX = 'FILE#';

/** `FILE#<id>` / `FILE`: one file record. */
export function fileKey(id: string): TableKey {
  return { pk: `${FILE_PARTITION_PREFIX}${id}`, sk: 'FILE' };
}

/** The file id of a file record's partition key, or null for any other item's. */
export function fileIdOfPartition(pk: string): string | null {
  return pk.startsWith(FILE_PARTITION_PREFIX) ? pk.slice(FILE_PARTITION_PREFIX.length) : null;
}

/**
 * `FEEDBACK#<id>` / `FEEDBACK`: one piece of content feedback (decision record 018).
 * Its own partition, not the content's item collection: feedback outlives edits and
 * deletes of the content, and content reads never page past it.
 */
export function feedbackKey(id: string): TableKey {
  return { pk: `FEEDBACK#${id}`, sk: 'FEEDBACK' };
}

/** gsi1 partition of feedback whose e-mail has not gone out yet (sparse: removed once sent). */
export const FEEDBACK_PENDING_PARTITION = 'FEEDBACK_PENDING';

/** gsi1 key of feedback whose e-mail is pending: oldest first (decision record 018). */
export function pendingFeedbackIndexKey(createdTimestamp: string, id: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: FEEDBACK_PENDING_PARTITION, gsi1sk: `${createdTimestamp}#${id}` };
}

/** Key prefix of feedback screenshots in the private bucket (IAM grants name it; decision record 018). */
export const FEEDBACK_OBJECT_PREFIX = 'feedback/';

/** S3 key of a feedback screenshot in the private bucket: built from the feedback id, never the file name. */
export function feedbackScreenshotObjectKey(feedbackId: string): string {
  return `${FEEDBACK_OBJECT_PREFIX}${feedbackId}`;
}

/** Key prefix of everything search keeps in the private bucket (IAM grants are scoped to it). */
export const SEARCH_OBJECT_PREFIX = 'search/';

/** S3 key of the catalog snapshot in the private bucket (decision record 014). */
export const CATALOG_SNAPSHOT_OBJECT_KEY = `${SEARCH_OBJECT_PREFIX}catalog.snapshot.gz`;

/** Key prefix of the seeded content files in the private bucket (IAM grants are scoped to it). */
export const CONTENT_FILE_PREFIX = 'content/';

/** S3 key of a content file in the private bucket: built from ids, never from file names. */
export function contentFileObjectKey(contentId: string, fileId: string): string {
  return `${CONTENT_FILE_PREFIX}${contentId}/${fileId}`;
}

/**
 * S3 key of an uploaded file (decision record 016), in the private or the public
 * bucket by its visibility: built from the file id only, never from the user's file
 * name. A public one is served at `/public/files/<fileId>`.
 */
export function uploadedFileObjectKey(fileId: string): string {
  return `${UPLOADED_FILE_PREFIX}${fileId}`;
}

/** Key prefix of uploaded files in both buckets (IAM grants of the upload sweeper are scoped to it). */
export const UPLOADED_FILE_PREFIX = UPLOADED_FILE_KEY_PREFIX;

/** Table partition of one user's item collection: the user, its claims, subscriptions and messages. */
export function userPartition(userId: string): string {
  return `USER#${userId}`;
}

/** `USER#<id>` / `USER`: one user. */
export function userKey(userId: string): TableKey {
  return { pk: userPartition(userId), sk: 'USER' };
}

/** Sort-key prefixes of the items of a user's collection, besides the user item itself. */
export const USER_COLLECTION_PREFIXES = {
  claim: 'CLAIM#',
  subscription: 'SUBSCRIPTION#',
  message: 'MESSAGE#',
  organization: 'ORGANIZATION#',
} as const;

/** Scope part of a claim's sort key when the claim has no scopes (spec §6: always accepted). */
export const UNSCOPED_CLAIM = '*';

/**
 * `USER#<id>` / `CLAIM#<type>#<value>#<scope or *>`: one scope of one claim of a user
 * (spec §3: claims are stored keyed by type, value and scope). `scope` undefined is
 * the unscoped claim (`*`).
 */
export function userClaimKey(userId: string, type: string, value: string, scope: string | undefined): TableKey {
  return {
    pk: userPartition(userId),
    sk: `${USER_COLLECTION_PREFIXES.claim}${type}#${value}#${scope ?? UNSCOPED_CLAIM}`,
  };
}

/** `USER#<id>` / `SUBSCRIPTION#<product>`: a user's subscription to a product (e.g. coursewareFeature). */
export function userSubscriptionKey(userId: string, product: string): TableKey {
  return { pk: userPartition(userId), sk: `${USER_COLLECTION_PREFIXES.subscription}${product}` };
}

/** `USER#<id>` / `ORGANIZATION#<id>`: a user's membership of an organization, with their roles in it. */
export function userOrganizationKey(userId: string, organizationId: string): TableKey {
  return { pk: userPartition(userId), sk: `${USER_COLLECTION_PREFIXES.organization}${organizationId}` };
}

/** `ORGANIZATION#<id>` / `ORGANIZATION`: one organization. */
export function organizationKey(id: string): TableKey {
  return { pk: `ORGANIZATION#${id}`, sk: 'ORGANIZATION' };
}

/** `USER#<id>` / `MESSAGE#<id>`: one message for a user's avatar badge. */
export function userMessageKey(userId: string, messageId: string): TableKey {
  return { pk: userPartition(userId), sk: `${USER_COLLECTION_PREFIXES.message}${messageId}` };
}

/** `IDENTITY#<provider>#<upstream subject>` / `IDENTITY`: links an upstream identity to a user (attribute userId). */
export function identityKey(provider: string, subject: string): TableKey {
  return { pk: `IDENTITY#${provider}#${subject}`, sk: 'IDENTITY' };
}

/** The single gsi1 partition listing users by e-mail. */
export const USERS_PARTITION = 'USERS';

/** Sorts after every e-mail address: users without one come last. */
export const NO_EMAIL_SORT_KEY = '~';

/** gsi1 key of a user: the e-mail lower-cased (`~` without one), then `#<id>`. */
export function userEmailIndexKey(email: string | null, userId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: USERS_PARTITION, gsi1sk: `${email?.toLowerCase() ?? NO_EMAIL_SORT_KEY}#${userId}` };
}

/** `BUSINESS_UNIT#<id>` / `BUSINESS_UNIT`: one business unit (a school, college or organisation). */
export function businessUnitKey(id: string): TableKey {
  return { pk: `BUSINESS_UNIT#${id}`, sk: 'BUSINESS_UNIT' };
}

/** The single gsi1 partition listing business units by name (a merged unit leaves it; decision record 030). */
export const BUSINESS_UNITS_PARTITION = 'BUSINESS_UNITS';

/** gsi1 key of a business unit that is not merged: its name lower-cased, then `#<id>`. */
export function businessUnitNameIndexKey(name: string, id: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: BUSINESS_UNITS_PARTITION, gsi1sk: `${name.toLowerCase()}#${id}` };
}

/** The partition of the merge map: one item per merged business unit, read whole with one Query. */
export const BUSINESS_UNIT_MERGES_PARTITION = 'BUSINESS_UNIT_MERGES';

/** `BUSINESS_UNIT_MERGES` / `<mergedId>`: the merge of one business unit into another (attribute intoId). */
export function businessUnitMergeKey(mergedId: string): TableKey {
  return { pk: BUSINESS_UNIT_MERGES_PARTITION, sk: mergedId };
}

/** Partition of the catalog revision item; the indexer's stream filter matches on it (infra/stacks). */
export const CATALOG_PARTITION = 'CATALOG';

/**
 * `CATALOG` / `REVISION`: the one item whose `revision` counter every content write
 * increments in its own transaction; the search indexer is triggered by its stream
 * records and labels each catalog snapshot with the revision it was built from
 * (decision record 014).
 */
export function catalogRevisionKey(): TableKey {
  return { pk: CATALOG_PARTITION, sk: 'REVISION' };
}

/*
 * Lessons (decision record 021; spec §3 Lesson "Lists are filtered by contentId"):
 *
 * | question                                  | index | key                                                                  |
 * |-------------------------------------------|-------|----------------------------------------------------------------------|
 * | lesson by id                              | table | pk `LESSON#<id>`, sk `LESSON`                                        |
 * | lessons of a content item, in index order | gsi2  | gsi2pk `LESSONS#<contentId>`, gsi2sk `<index, 6 digits>#<id>`        |
 */

/** The `entityType` of a stored lesson. */
export const LESSON_ENTITY_TYPE = 'Lesson';

/** `LESSON#<id>` / `LESSON`: one lesson. */
export function lessonKey(id: string): TableKey {
  return { pk: `LESSON#${id}`, sk: 'LESSON' };
}

/** gsi2 partition of the lessons of one content item: `LESSONS#<contentId>`. */
export function lessonsPartition(contentId: string): string {
  return `LESSONS#${contentId}`;
}

/**
 * gsi2 key of a lesson under its content item: `<index zero-padded to 6>#<id>`, so
 * string order is index order (ties by id), as for children ({@link childIndexKey}).
 * @throws RangeError for an index outside 0…999999.
 */
export function lessonIndexKey(contentId: string, index: number, id: string): { gsi2pk: string; gsi2sk: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 10 ** CHILD_INDEX_DIGITS) {
    throw new RangeError(`Lesson index ${index} is outside 0…${10 ** CHILD_INDEX_DIGITS - 1}.`);
  }
  return {
    gsi2pk: lessonsPartition(contentId),
    gsi2sk: `${String(index).padStart(CHILD_INDEX_DIGITS, '0')}#${id}`,
  };
}

/*
 * Bundles (spec §4 "File bundle"; decision record 022):
 *
 * | question                                              | index | key                                                         |
 * |-------------------------------------------------------|-------|-------------------------------------------------------------|
 * | a bundle file (status, progress, reason)              | table | pk `FILE#<id>`, sk `FILE` (a file record with `bundle`)     |
 * | a zip already made of this exact file set (reuse)     | table | pk `BUNDLE#<fingerprint>`, sk `BUNDLE`                      |
 *
 * S3 keys of the private bucket: the zip `bundles/<fingerprint>.zip` (one object per
 * file set, shared by every bundle record of that set), the manifest the workflow's
 * resolve step hands to its zip step `bundles/manifests/<bundleId>.json`. A lifecycle
 * rule expires everything under `bundles/` after {@link BUNDLE_OBJECT_DAYS} days.
 */

/** Key prefix of everything bundles keep in the private bucket (lifecycle rule and IAM grants). */
export const BUNDLE_OBJECT_PREFIX = 'bundles/';

/** Days a bundle object lives in the private bucket (S3 lifecycle; the local housekeeping loop locally). */
export const BUNDLE_OBJECT_DAYS = 7;

/** S3 key of the zip of one file set (`fingerprint`: lower-case hex SHA-256 of the manifest). */
export function bundleObjectKey(fingerprint: string): string {
  return `${BUNDLE_OBJECT_PREFIX}${fingerprint}.zip`;
}

/** Key prefix of the bundle manifests (IAM grants of the workflow's tasks are scoped to it). */
export const BUNDLE_MANIFEST_PREFIX = `${BUNDLE_OBJECT_PREFIX}manifests/`;

/** S3 key of the manifest (entry paths and object keys) the resolve step writes for one bundle. */
export function bundleManifestObjectKey(bundleId: string): string {
  return `${BUNDLE_MANIFEST_PREFIX}${bundleId}.json`;
}

/** `BUNDLE#<fingerprint>` / `BUNDLE`: a finished zip of one file set, reusable while valid. */
export function bundleFingerprintKey(fingerprint: string): TableKey {
  return { pk: `BUNDLE#${fingerprint}`, sk: 'BUNDLE' };
}

/*
 * Download statistics (spec §3 "Statistic bucket", "Raw download data point";
 * ARCHITECTURE.md "Statistics"; decision record 022). Category `contentfiledownload`.
 *
 * | question                                                     | index | key                                                                      |
 * |--------------------------------------------------------------|-------|--------------------------------------------------------------------------|
 * | raw download events of one month, in time order              | table | pk `STAT_EVENTS#<category>#<YYYY-MM>`, sk `<timestamp ISO>#<eventId>`     |
 * | counters of one metric and time frame, by period then value  | table | pk `STAT#<category>#<metric>#<timeFrame>`, sk `<period>#<value>`          |
 * | business-unit counters of one group (K12, college, …)        | table | pk `STAT#<category>#businessUnit#<timeFrame>#<group>`, sk `<period>#<value>` |
 * | has this user been counted in this period (distinct users)   | table | pk `STAT_USER#<category>#<timeFrame>#<period>#<userId>`, sk `SEEN`        |
 * | all-time usage of one content item (issue 26 item 4)          | table | pk `CONTENT_USAGE#<contentId>`, sk `USAGE` (downloads, schools, since, backfilled) |
 * | has this school been counted for this item (issue 26 item 4)  | table | pk `CONTENT_USAGE#<contentId>`, sk `SCHOOL#<businessUnitId>`              |
 * | the backfill of content usage has run (decision record 071)   | table | pk `CONTENT_USAGE_BACKFILL`, sk `DONE`                                    |
 *
 * A bucket's id (spec §3) is `<category>#<metric>#<value>#<timeFrame>#<period>`: the
 * fourth part is the time frame. A `businessUnit` counter is stored twice, in the
 * metric's partition and in its group's (decision record 023): a top table of one
 * group then reads that group's units only, not every unit through a filter.
 */

/** Partition of the raw events of one statistic category in one UTC month (`YYYY-MM`). */
export function statisticEventsPartition(category: string, month: string): string {
  return `STAT_EVENTS#${category}#${month}`;
}

/** `STAT_EVENTS#<category>#<YYYY-MM>` / `<timestamp ISO>#<eventId>`: one raw event, time-ordered within its month. */
export function statisticEventKey(category: string, timestamp: string, eventId: string): TableKey {
  return { pk: statisticEventsPartition(category, timestamp.slice(0, 7)), sk: `${timestamp}#${eventId}` };
}

/**
 * Partition of the counters of one category, metric and time frame (`day`, `week`,
 * `month`, `year`); with `group`, the copies of one group's `businessUnit` counters.
 */
export function statisticCounterPartition(category: string, metric: string, timeFrame: string, group?: string): string {
  return `STAT#${category}#${metric}#${timeFrame}${group === undefined ? '' : `#${group}`}`;
}

/** `STAT#<category>#<metric>#<timeFrame>[#<group>]` / `<period>#<value>`: one counter (a statistic bucket). */
export function statisticCounterKey(
  category: string,
  metric: string,
  timeFrame: string,
  period: string,
  value: string,
  group?: string,
): TableKey {
  return { pk: statisticCounterPartition(category, metric, timeFrame, group), sk: `${period}#${value}` };
}

/** The spec §3 bucket id of a counter: `<category>#<metric>#<value>#<timeFrame>#<period>`. */
export function statisticBucketId(
  category: string,
  metric: string,
  timeFrame: string,
  period: string,
  value: string,
): string {
  return `${category}#${metric}#${value}#${timeFrame}#${period}`;
}

/** `STAT_USER#<category>#<timeFrame>#<period>#<userId>` / `SEEN`: the user was counted in that period. */
export function statisticUserMarkerKey(category: string, timeFrame: string, period: string, userId: string): TableKey {
  return { pk: `STAT_USER#${category}#${timeFrame}#${period}#${userId}`, sk: 'SEEN' };
}

/** Partition of a content item's usage and its school markers (issue 26 item 4; decision record 071). */
export function contentUsagePartition(contentId: string): string {
  return `CONTENT_USAGE#${contentId}`;
}

/** `CONTENT_USAGE#<contentId>` / `USAGE`: all-time downloads and schools of one content item. */
export function contentUsageKey(contentId: string): TableKey {
  return { pk: contentUsagePartition(contentId), sk: 'USAGE' };
}

/** Sort key prefix of the school markers in a content usage partition. */
export const CONTENT_USAGE_SCHOOL_PREFIX = 'SCHOOL#';

/** `CONTENT_USAGE#<contentId>` / `SCHOOL#<businessUnitId>`: the school is counted in the item's `schools`. */
export function contentUsageSchoolKey(contentId: string, businessUnitId: string): TableKey {
  return { pk: contentUsagePartition(contentId), sk: `${CONTENT_USAGE_SCHOOL_PREFIX}${businessUnitId}` };
}

/** `CONTENT_USAGE_BACKFILL` / `DONE`: the one-off backfill of content usage from the raw events has finished. */
export function contentUsageBackfillKey(): TableKey {
  return { pk: 'CONTENT_USAGE_BACKFILL', sk: 'DONE' };
}

/* ── News and events (spec §3 "News", "Event"; decision record 024) ──────────── */

/*
 * News and events (spec §2.10, §3 "News", "Event", §7; decision record 024). One
 * `kind` (`news` or `event`) names the partitions of each, so the two never mix.
 *
 * | question                                                   | index | key                                                                    |
 * |------------------------------------------------------------|-------|------------------------------------------------------------------------|
 * | news item by id / event by id                              | table | pk `NEWS#<id>` / `EVENT#<id>`, sk `NEWS` / `EVENT`                       |
 * | link uniqueness guard, and the id a link names             | table | pk `NEWS_LINK#<link>` / `EVENT_LINK#<link>`, sk the same (attribute ownerId) |
 * | items of one status, by date (newest first read backwards; upcoming events read forwards from now) | gsi3 | gsi3pk `NEWS_STATUS#<status>` / `EVENT_STATUS#<status>`, gsi3sk `<date ISO, ms>#<id>` |
 * | every item of a kind, by date (an editor's `status=all`)   | gsi1  | gsi1pk `NEWS_ALL` / `EVENT_ALL`, gsi1sk `<date ISO, ms>#<id>`             |
 */

/** The two kinds of dated public items (spec §3 "News", "Event"). */
export type NewsEventKind = 'news' | 'event';

const NEWS_EVENT_PREFIX: Record<NewsEventKind, string> = { news: 'NEWS', event: 'EVENT' };

/** `NEWS#<id>` / `NEWS` or `EVENT#<id>` / `EVENT`: one news item or event. */
export function newsEventKey(kind: NewsEventKind, id: string): TableKey {
  const prefix = NEWS_EVENT_PREFIX[kind];
  return { pk: `${prefix}#${id}`, sk: prefix };
}

/**
 * `NEWS_LINK#<link>` / `NEWS_LINK` (or `EVENT_LINK…`): the item that makes a link
 * unique within its kind, written and removed in the same transaction as the item;
 * its `ownerId` attribute names the item, so it also answers "which item has this link".
 */
export function newsEventLinkKey(kind: NewsEventKind, link: string): TableKey {
  const name = `${NEWS_EVENT_PREFIX[kind]}_LINK`;
  return { pk: `${name}#${link}`, sk: name };
}

/** gsi3 partition of the items of one kind and status (`NEWS_STATUS#published`, …). */
export function newsEventStatusPartition(kind: NewsEventKind, status: NewsEventStatus): string {
  return `${NEWS_EVENT_PREFIX[kind]}_STATUS#${status}`;
}

/** gsi1 partition of every item of one kind, whatever its status (`NEWS_ALL`, `EVENT_ALL`). */
export function newsEventAllPartition(kind: NewsEventKind): string {
  return `${NEWS_EVENT_PREFIX[kind]}_ALL`;
}

/**
 * The date part of a news or event sort key: `date` (ISO 8601 UTC) rewritten with
 * millisecond precision (`toISOString`), so string order is time order whatever
 * precision the editor's value had.
 * @throws RangeError for a value that is not a date-time.
 */
export function newsEventDateSortKey(date: string): string {
  return new Date(date).toISOString();
}

/**
 * Index keys of a news item or event: by status (gsi3) and in the kind's list of
 * everything (gsi1), both sorted by `<date, ms precision>#<id>`.
 */
export function newsEventIndexKeys(
  kind: NewsEventKind,
  status: NewsEventStatus,
  date: string,
  id: string,
): { gsi1pk: string; gsi1sk: string; gsi3pk: string; gsi3sk: string } {
  const sortKey = `${newsEventDateSortKey(date)}#${id}`;
  return {
    gsi1pk: newsEventAllPartition(kind),
    gsi1sk: sortKey,
    gsi3pk: newsEventStatusPartition(kind, status),
    gsi3sk: sortKey,
  };
}

/* ── Messages: newsletter subscribers, contact and support requests, courses, rate limits (decision record 025) ── */
/*
 * | question                                                        | index | key                                                                  |
 * |-----------------------------------------------------------------|-------|----------------------------------------------------------------------|
 * | a stored message (newsletter sign-up, contact or support request) by id | table | pk `OUTBOX#<id>`, sk `OUTBOX` (attribute kind)               |
 * | messages whose e-mail is still to send, oldest first (sparse)   | gsi1  | gsi1pk `OUTBOX_PENDING`, gsi1sk `<createdTimestamp ISO>#<id>`        |
 * | messages whose send has an unknown outcome, never re-sent by themselves (sparse; decision record 083) | gsi1 | gsi1pk `OUTBOX_UNCONFIRMED`, gsi1sk `<createdTimestamp ISO>#<id>` |
 * | course by id (exercise area)                                    | table | pk `COURSE#<id>`, sk `COURSE`                                        |
 * | members of a course, with their roles                           | table | pk `COURSE#<id>`, sk `MEMBER#<userId>`                               |
 * | courses of a user, newest first                                 | gsi1  | gsi1pk `USER_COURSES#<userId>`, gsi1sk `<course createdTimestamp ISO>#<courseId>` (the member item) |
 * | members of an organization, with their roles (support recipients) | table | pk `ORGANIZATION#<id>`, sk `MEMBER#<userId>`                     |
 * | requests of one rate-limit counter (`<operationId>.caller` / `.target`) from one subject (user, address, target) in one window | table | pk `RATE#<counter>#<subject digest>#<window start, epoch s>`, sk `RATE` (attribute hits, TTL expiresAt) |
 */

/** The partition prefix of every outbox message (the outbox consumer's stream filter, decision record 033). */
export const OUTBOX_PARTITION_PREFIX = 'OUTBOX#';

/** `OUTBOX#<id>` / `OUTBOX`: one stored message and the e-mail it is sent as (decision record 025). */
export function outboxMessageKey(id: string): TableKey {
  return { pk: `${OUTBOX_PARTITION_PREFIX}${id}`, sk: 'OUTBOX' };
}

/** gsi1 partition of the messages whose e-mail has not gone out yet (sparse: removed once sent). */
export const OUTBOX_PENDING_PARTITION = 'OUTBOX_PENDING';

/** gsi1 key of a message whose e-mail is pending: oldest first (decision record 025). */
export function pendingOutboxIndexKey(createdTimestamp: string, id: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: OUTBOX_PENDING_PARTITION, gsi1sk: `${createdTimestamp}#${id}` };
}

/**
 * gsi1 partition of the messages whose send has an unknown outcome (SES's answer was
 * lost, or the sender died mid-send): never re-sent automatically, kept for a person
 * to look at (issue 28 item 2, decision record 083). The sort key stays the pending one.
 */
export const OUTBOX_UNCONFIRMED_PARTITION = 'OUTBOX_UNCONFIRMED';

/** Sort-key prefix of the member items of a course or an organization. */
export const MEMBER_PREFIX = 'MEMBER#';

/** Table partition of one course: the course item and its members. */
export function coursePartition(courseId: string): string {
  return `COURSE#${courseId}`;
}

/** `COURSE#<id>` / `COURSE`: one course of the exercise area. */
export function courseKey(courseId: string): TableKey {
  return { pk: coursePartition(courseId), sk: 'COURSE' };
}

/** `COURSE#<id>` / `MEMBER#<userId>`: one member of a course, with their roles. */
export function courseMemberKey(courseId: string, userId: string): TableKey {
  return { pk: coursePartition(courseId), sk: `${MEMBER_PREFIX}${userId}` };
}

/** gsi1 partition of the courses of one user (their course member items). */
export function userCoursesPartition(userId: string): string {
  return `USER_COURSES#${userId}`;
}

/** gsi1 key of a course member item: the user's courses, by the course's creation time. */
export function userCourseIndexKey(
  userId: string,
  courseCreatedTimestamp: string,
  courseId: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: userCoursesPartition(userId), gsi1sk: `${courseCreatedTimestamp}#${courseId}` };
}

/** `ORGANIZATION#<id>` / `MEMBER#<userId>`: one member of an organization, with their roles (its support roster). */
export function organizationMemberKey(organizationId: string, userId: string): TableKey {
  return { pk: organizationKey(organizationId).pk, sk: `${MEMBER_PREFIX}${userId}` };
}

/**
 * The item of one idempotency record (decision record 084): `hashedKey` is what the
 * Powertools persistence layer calls the idempotency key (`<operationId>#<digest>`),
 * so every record has a partition of its own (no hot partition) and the key never
 * holds the caller or the client's key in clear.
 */
export function idempotencyRecordKey(hashedKey: string): TableKey {
  return { pk: `IDEMPOTENCY#${hashedKey}`, sk: 'IDEMPOTENCY' };
}

/**
 * `RATE#<counter>#<subject>#<windowStart>` / `RATE`: one rate-limit counter (a route's
 * `<operationId>.caller` or `<operationId>.target`, decision record 033) for one
 * subject in one fixed window (`windowStart` in epoch seconds); `subject` is the
 * digest of the caller, address or target (`clientDigest` in data/rate-limits.ts),
 * never the value itself.
 */
export function rateLimitKey(counter: string, subject: string, windowStart: number): TableKey {
  return { pk: `RATE#${counter}#${subject}#${windowStart}`, sk: 'RATE' };
}

/* ── CMS pages (spec §2.14, §3 "Page", "Section", "Section widget"; decision record 026) ── */
/*
 * One page is one item collection: the page item and one item per section, so a
 * single Query reads a page with its sections. A section item carries its widgets
 * (a section is at most PAGE_LIMITS.sectionItemMaxBytes) and an `index` attribute
 * that orders the sections: a reorder (issue 9) updates `index` on the moved
 * sections only, in one transaction with a version check on the page item. The href
 * guard makes a link unique and answers "which page has this link"; a create, a
 * change of link or a delete writes it in the same transaction as the page item.
 *
 * | question                                                   | index | key                                                                 |
 * |------------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | page by id, with its sections (one Query of the partition) | table | pk `PAGE#<id>`; sk `PAGE` (the page), `SECTION#<sectionId>` (attribute index) |
 * | href uniqueness guard, and the page an href names          | table | pk `PAGE_HREF#<href>`, sk `PAGE_HREF` (attribute pageId)            |
 * | every page, by href (issue 9's page list, paged by token)  | gsi1  | gsi1pk `PAGES`, gsi1sk `<href>#<id>`                                |
 */

/** Table partition of one page: the page item and its section items. */
export function pagePartition(pageId: string): string {
  return `PAGE#${pageId}`;
}

/** Sort key of the page item in its partition. */
export const PAGE_SORT_KEY = 'PAGE';

/** Sort-key prefix of the section items of a page. */
export const PAGE_SECTION_PREFIX = 'SECTION#';

/** `PAGE#<id>` / `PAGE`: one page (without its sections). */
export function pageKey(pageId: string): TableKey {
  return { pk: pagePartition(pageId), sk: PAGE_SORT_KEY };
}

/** `PAGE#<pageId>` / `SECTION#<sectionId>`: one section of a page, with its widgets and `index`. */
export function pageSectionKey(pageId: string, sectionId: string): TableKey {
  return { pk: pagePartition(pageId), sk: `${PAGE_SECTION_PREFIX}${sectionId}` };
}

/**
 * `PAGE_HREF#<href>` / `PAGE_HREF`: the item that makes a page link unique; its
 * `pageId` attribute names the page. `href` is stored normalised (lower case, no
 * trailing slash: `normalizePageHref`).
 */
export function pageHrefKey(href: string): TableKey {
  return { pk: `PAGE_HREF#${href}`, sk: 'PAGE_HREF' };
}

/** gsi1 partition of every page (issue 9's list). */
export const PAGES_PARTITION = 'PAGES';

/** gsi1 key of a page item: the list of every page, by href. */
export function pageListIndexKey(href: string, pageId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: PAGES_PARTITION, gsi1sk: `${href}#${pageId}` };
}

/* ── Administration (issue 11; decision record 030) ─────────────────────────────── */

/*
 * | question                                                  | index | key                                                              |
 * |-----------------------------------------------------------|-------|------------------------------------------------------------------|
 * | audit events of one month, in time order                  | table | pk `AUDIT#<YYYY-MM>`, sk `<timestamp ISO>#<eventId>`              |
 * | audit events of one target (user, unit, …), in time order | gsi1  | gsi1pk `AUDIT_TARGET#<targetId>`, gsi1sk `<timestamp ISO>#<eventId>` |
 * | every audit event, in time order (the log, newest first read backwards) | gsi3 | gsi3pk `AUDIT_LOG`, gsi3sk `<timestamp ISO>#<eventId>` |
 * | organizations (teams) by name                             | gsi1  | gsi1pk `ORGANIZATIONS`, gsi1sk `<name lower-case>#<id>` (on the organization item) |
 */

/** Partition of the audit events of one UTC month (`YYYY-MM`). */
export function auditEventsPartition(month: string): string {
  return `AUDIT#${month}`;
}

/** `AUDIT#<YYYY-MM>` / `<timestamp ISO>#<eventId>`: one audit event, time-ordered within its month. */
export function auditEventKey(timestamp: string, eventId: string): TableKey {
  return { pk: auditEventsPartition(timestamp.slice(0, 7)), sk: `${timestamp}#${eventId}` };
}

/** gsi1 partition of the audit events of one target record. */
export function auditTargetPartition(targetId: string): string {
  return `AUDIT_TARGET#${targetId}`;
}

/** gsi1 key of an audit event: found by its target, time-ordered. */
export function auditTargetIndexKey(targetId: string, timestamp: string, eventId: string) {
  return { gsi1pk: auditTargetPartition(targetId), gsi1sk: `${timestamp}#${eventId}` };
}

/**
 * The single gsi3 partition of the whole audit log. One partition is enough: audit
 * events are administrators' changes (hundreds a day at most, far below a
 * partition's 1,000 writes a second), and one partition reads newest first without
 * guessing which months hold events (decision record 030).
 */
export const AUDIT_LOG_PARTITION = 'AUDIT_LOG';

/** gsi3 key of an audit event: the whole log, time-ordered (`<timestamp ISO>#<eventId>`). */
export function auditLogIndexKey(timestamp: string, eventId: string): { gsi3pk: string; gsi3sk: string } {
  return { gsi3pk: AUDIT_LOG_PARTITION, gsi3sk: `${timestamp}#${eventId}` };
}

/** The single gsi1 partition listing organizations (teams) by name. */
export const ORGANIZATIONS_PARTITION = 'ORGANIZATIONS';

/** gsi1 key of an organization item: its name lower-cased, then `#<id>`. */
export function organizationNameIndexKey(name: string, organizationId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: ORGANIZATIONS_PARTITION, gsi1sk: `${name.toLowerCase()}#${organizationId}` };
}

/*
 * | users of one business unit (moved together by a merge)   | gsi2  | gsi2pk `BUSINESS_UNIT_USERS#<unitId>`, gsi2sk `<userId>` (on the user item) |
 */

/** gsi2 partition of the users of one business unit. */
export function businessUnitUsersPartition(businessUnitId: string): string {
  return `BUSINESS_UNIT_USERS#${businessUnitId}`;
}

/** gsi2 key of a user item with a business unit (absent on a user without one). */
export function businessUnitUsersIndexKey(businessUnitId: string, userId: string): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: businessUnitUsersPartition(businessUnitId), gsi2sk: userId };
}

/* ── Invitations and user imports (issue 11 items 3 and 4; decision record 030) ──── */
/*
 * | question                                                   | index | key                                                                 |
 * |------------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | invitation by id (the link names it)                       | table | pk `INVITATION#<id>`, sk `INVITATION`                               |
 * | invitations of one organization, newest first             | gsi1  | gsi1pk `INVITATIONS#<organizationId>`, gsi1sk `<createdTimestamp ISO>#<id>` |
 * | every invitation, newest first (unscoped claim)            | gsi2  | gsi2pk `INVITATIONS`, gsi2sk `<createdTimestamp ISO>#<id>`           |
 * | at most one pending invitation per e-mail and organization | table | pk `INVITATION_PENDING#<organizationId>#<email lower-case>`, sk `INVITATION_PENDING` (attribute invitationId) |
 * | import by id, with its rows (one Query)                    | table | pk `USER_IMPORT#<id>`; sk `USER_IMPORT` (the result), `ROWS#<chunk, 4 digits>` (its rows) |
 * | imports of one organization, newest first                  | gsi1  | gsi1pk `USER_IMPORTS#<organizationId>`, gsi1sk `<createdTimestamp ISO>#<id>` |
 * | every import, newest first (unscoped claim)                | gsi2  | gsi2pk `USER_IMPORTS`, gsi2sk `<createdTimestamp ISO>#<id>`          |
 */

/** `INVITATION#<id>` / `INVITATION`: one invitation. */
export function invitationKey(id: string): TableKey {
  return { pk: `INVITATION#${id}`, sk: 'INVITATION' };
}

/** gsi1 partition of the invitations of one organization. */
export function organizationInvitationsPartition(organizationId: string): string {
  return `INVITATIONS#${organizationId}`;
}

/** The gsi2 partition of every invitation. */
export const INVITATIONS_PARTITION = 'INVITATIONS';

/** Index keys of an invitation: by organization (gsi1) and among all (gsi2), both by creation time. */
export function invitationIndexKeys(organizationId: string, createdTimestamp: string, id: string) {
  return byOrganizationAndAll(
    organizationInvitationsPartition(organizationId),
    INVITATIONS_PARTITION,
    createdTimestamp,
    id,
  );
}

/**
 * gsi1 key in the partition of one organization and gsi2 key in the partition of all,
 * both sorted `<createdTimestamp ISO>#<id>` (newest first when read backwards): the
 * shape of invitations and imports.
 */
function byOrganizationAndAll(
  organizationPartition: string,
  allPartition: string,
  createdTimestamp: string,
  id: string,
): { gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string } {
  const sortKey = `${createdTimestamp}#${id}`;
  return { gsi1pk: organizationPartition, gsi1sk: sortKey, gsi2pk: allPartition, gsi2sk: sortKey };
}

/**
 * `INVITATION_PENDING#<organizationId>#<email>` / `INVITATION_PENDING`: the guard that
 * makes a pending invitation unique per e-mail (lower-cased) and organization; written
 * with the invitation, removed when it is accepted or revoked.
 */
export function pendingInvitationGuardKey(organizationId: string, email: string): TableKey {
  return { pk: `INVITATION_PENDING#${organizationId}#${email.toLowerCase()}`, sk: 'INVITATION_PENDING' };
}

/** Table partition of one import: its result item and its row chunks. */
export function userImportPartition(id: string): string {
  return `USER_IMPORT#${id}`;
}

/** `USER_IMPORT#<id>` / `USER_IMPORT`: the result of one import (without its rows). */
export function userImportKey(id: string): TableKey {
  return { pk: userImportPartition(id), sk: 'USER_IMPORT' };
}

/** Sort-key prefix of the row chunks of an import. */
export const USER_IMPORT_ROWS_PREFIX = 'ROWS#';

/** `USER_IMPORT#<id>` / `ROWS#<chunk>`: one chunk of an import's rows (`chunk` 0…9999, zero-padded). */
export function userImportRowsKey(id: string, chunk: number): TableKey {
  return { pk: userImportPartition(id), sk: `${USER_IMPORT_ROWS_PREFIX}${String(chunk).padStart(4, '0')}` };
}

/** gsi1 partition of the imports of one organization. */
export function organizationUserImportsPartition(organizationId: string): string {
  return `USER_IMPORTS#${organizationId}`;
}

/** The gsi2 partition of every import. */
export const USER_IMPORTS_PARTITION = 'USER_IMPORTS';

/** Index keys of an import's result item: by organization (gsi1) and among all (gsi2), by creation time. */
export function userImportIndexKeys(organizationId: string, createdTimestamp: string, id: string) {
  return byOrganizationAndAll(
    organizationUserImportsPartition(organizationId),
    USER_IMPORTS_PARTITION,
    createdTimestamp,
    id,
  );
}

/** Key prefix of the card thumbnails in the public bucket (issue 24 item 2, decision record 060). */
export const THUMBNAIL_PREFIX = 'thumbnails/';

/** Key prefix of one content item's thumbnails in the public bucket: swept whole when the item goes. */
export function thumbnailObjectPrefix(contentId: string): string {
  return `${THUMBNAIL_PREFIX}${contentId}/`;
}

/** S3 key (public bucket) of the thumbnail of file `fileId` of content `contentId`, built from ids only. */
export function thumbnailObjectKey(contentId: string, fileId: string): string {
  return `${thumbnailObjectPrefix(contentId)}${fileId}.png`;
}

/**
 * S3 key (public bucket) of the readable first page of PDF file `fileId` of content
 * `contentId` (issue 24 item 1, decision record 059), beside its thumbnails so the
 * item's sweep covers it; built from ids only.
 */
export function firstPageObjectKey(contentId: string, fileId: string): string {
  return `${thumbnailObjectPrefix(contentId)}${fileId}.page-1.png`;
}

/* ── Saved searches with alerts (issue 24 item 8; decision record 061) ───────────── */
/*
 * A user's saved searches are their own item collection, apart from the user's (so
 * `getUserAccount`, read at every sign-in, never pages past them): the searches and
 * one settings item holding how many there are (the bound of 20 is a condition on it,
 * in the same transaction as the create) and the secret of the digest's unsubscribe link.
 *
 * | question                                                   | index | key                                                                 |
 * |------------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | one user's saved searches (one Query of the partition)      | table | pk `SAVED_SEARCHES#<userId>`; sk `SEARCH#<id>` (a search), `SETTINGS` (count, unsubscribe secret, last digest week) |
 * | every saved search with alerts on, by user (the digest; sparse) | gsi1 | gsi1pk `SAVED_SEARCH_ALERTS`, gsi1sk `<userId>#<id>`          |
 */

/** Table partition of one user's saved searches and their settings item. */
export function savedSearchesPartition(userId: string): string {
  return `SAVED_SEARCHES#${userId}`;
}

/** Sort-key prefix of the saved-search items of a user's partition. */
export const SAVED_SEARCH_PREFIX = 'SEARCH#';

/** `SAVED_SEARCHES#<userId>` / `SEARCH#<id>`: one saved search. */
export function savedSearchKey(userId: string, id: string): TableKey {
  return { pk: savedSearchesPartition(userId), sk: `${SAVED_SEARCH_PREFIX}${id}` };
}

/** `SAVED_SEARCHES#<userId>` / `SETTINGS`: the count of a user's saved searches, the unsubscribe secret, the last digest week. */
export function savedSearchSettingsKey(userId: string): TableKey {
  return { pk: savedSearchesPartition(userId), sk: 'SETTINGS' };
}

/** The single gsi1 partition of every saved search whose alerts are on (sparse). */
export const SAVED_SEARCH_ALERTS_PARTITION = 'SAVED_SEARCH_ALERTS';

/** gsi1 key of a saved search with alerts on: grouped by user (`<userId>#<id>`), so the digest reads a user's searches together. */
export function savedSearchAlertIndexKey(userId: string, id: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: SAVED_SEARCH_ALERTS_PARTITION, gsi1sk: `${userId}#${id}` };
}

/** `CONTENT#<id>` / `DRAFT`: the one draft of a content item (issue 25 item 2; decision record 064). */
export function contentDraftKey(contentId: string): TableKey {
  return { pk: contentKey(contentId).pk, sk: 'DRAFT' };
}

/** Sort-key prefix of a content item's revisions; ULIDs sort by time, so a Query reads them in order. */
export const REVISION_SORT_PREFIX = 'REVISION#';

/** `CONTENT#<id>` / `REVISION#<revisionId>`: one revision of a content item (issue 25 item 3; decision record 065). */
export function contentRevisionKey(contentId: string, revisionId: string): TableKey {
  return { pk: contentKey(contentId).pk, sk: `${REVISION_SORT_PREFIX}${revisionId}` };
}

/**
 * `PURGE#content#<id>` / `PURGE`: the marker a content delete writes in its own
 * transaction, so that the item's remains (draft, revisions, downloaders, notices,
 * schedule, the draft's uploads) are purged even when the purge right after the
 * delete fails (issue 25 item 3, decision record 065).
 */
export function contentPurgeKey(contentId: string): TableKey {
  return { pk: `PURGE#content#${contentId}`, sk: 'PURGE' };
}

/** gsi1 partition of the content purges still to run (sparse: a marker lives until its purge finished). */
export const CONTENT_PURGE_PARTITION = 'CONTENT_PURGE';

/** gsi1 key of a purge marker: oldest delete first. */
export function contentPurgeIndexKey(deletedTimestamp: string, contentId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: CONTENT_PURGE_PARTITION, gsi1sk: `${deletedTimestamp}#${contentId}` };
}

/** What a publishing schedule publishes (issue 25 item 7, decision record 068): content, a news item or an event. */
export type ScheduledKind = 'content' | NewsEventKind;

/** `SCHEDULE#<kind>#<id>` / `SCHEDULE`: the one publishing schedule of an item (decision record 068). */
export function publishScheduleKey(kind: ScheduledKind, id: string): TableKey {
  return { pk: `SCHEDULE#${kind}#${id}`, sk: 'SCHEDULE' };
}

/** gsi1 partition of the publishing schedules (sparse: only scheduled items have one). */
export const PUBLISH_DUE_PARTITION = 'PUBLISH_DUE';

/** gsi1 key of a publishing schedule: soonest first, `publishAt` being `toISOString()` form. */
export function publishDueIndexKey(
  publishAt: string,
  kind: ScheduledKind,
  id: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: PUBLISH_DUE_PARTITION, gsi1sk: `${publishAt}#${kind}#${id}` };
}

/** Upper bound of the gsi1 sort keys of schedules due at or before `now` (ISO): `#` < `~`. */
export function publishDueBound(now: string): string {
  return `${now}#~`;
}

/* ── Update notices (issue 25 item 5; decision record 066) ───────────────────────── */
/*
 * Who downloaded what, the notices a publish queues, what each downloader is told, and
 * each user's e-mail settings, each in partitions of their own.
 *
 * | question                                                   | index | key                                                                 |
 * |------------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | users who downloaded content item X (one Query)             | table | pk `DOWNLOADERS#<contentId>`, sk `USER#<userId>`                    |
 * | the notices of one content item                              | table | pk `UPDATE_NOTICE#<contentId>`, sk `REVISION#<revisionId>`          |
 * | notices still to deliver, oldest publish first (sparse)      | gsi1  | gsi1pk `UPDATE_NOTICES_PENDING`, gsi1sk `<publishedTimestamp ISO>#<contentId>#<revisionId>` |
 * | one user's changed items since their last digest             | table | pk `UPDATE_NOTICES#<userId>`, sk `ENTRY#<contentId>`; sk `SETTINGS` (opt-out, unsubscribe secret, last digest day) |
 * | every user with changed items not yet in a digest, by user (sparse) | gsi1 | gsi1pk `UPDATE_NOTICE_ENTRIES`, gsi1sk `<userId>#<contentId>` |
 */

/** Table partition of the users who downloaded content item `contentId` (a file, a lesson artifact or a bundle holding it). */
export function contentDownloadersPartition(contentId: string): string {
  return `DOWNLOADERS#${contentId}`;
}

/** `DOWNLOADERS#<contentId>` / `USER#<userId>`: `userId` downloaded something of the item. */
export function contentDownloaderKey(contentId: string, userId: string): TableKey {
  return { pk: contentDownloadersPartition(contentId), sk: `USER#${userId}` };
}

/** `UPDATE_NOTICE#<contentId>` / `REVISION#<revisionId>`: the notice queued by one publish. */
export function updateNoticeKey(contentId: string, revisionId: string): TableKey {
  return { pk: `UPDATE_NOTICE#${contentId}`, sk: `REVISION#${revisionId}` };
}

/** The single gsi1 partition of the notices still to deliver (sparse). */
export const UPDATE_NOTICES_PENDING_PARTITION = 'UPDATE_NOTICES_PENDING';

/** gsi1 key of a notice still to deliver: oldest publish first. */
export function pendingUpdateNoticeIndexKey(
  publishedTimestamp: string,
  contentId: string,
  revisionId: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: UPDATE_NOTICES_PENDING_PARTITION, gsi1sk: `${publishedTimestamp}#${contentId}#${revisionId}` };
}

/** Table partition of one user's update-notice entries and settings. */
export function updateNoticesPartition(userId: string): string {
  return `UPDATE_NOTICES#${userId}`;
}

/** `UPDATE_NOTICES#<userId>` / `ENTRY#<contentId>`: an item that changed since the user's last digest. */
export function updateNoticeEntryKey(userId: string, contentId: string): TableKey {
  return { pk: updateNoticesPartition(userId), sk: `ENTRY#${contentId}` };
}

/** `UPDATE_NOTICES#<userId>` / `SETTINGS`: e-mail opt-out, the unsubscribe secret, the day of the last digest. */
export function updateNoticeSettingsKey(userId: string): TableKey {
  return { pk: updateNoticesPartition(userId), sk: 'SETTINGS' };
}

/** The single gsi1 partition of the entries not yet in a digest (sparse). */
export const UPDATE_NOTICE_ENTRIES_PARTITION = 'UPDATE_NOTICE_ENTRIES';

/** gsi1 key of an entry not yet in a digest: grouped by user, so the digest reads a user's entries together. */
export function updateNoticeEntryIndexKey(userId: string, contentId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: UPDATE_NOTICE_ENTRIES_PARTITION, gsi1sk: `${userId}#${contentId}` };
}

/* ── Submissions of courseware (issue 25 item 6; decision record 067) ────────────── */
/*
 * A submission and its comment thread are one item collection, so the detail screen
 * is one Query; the submitter's list and the team's review queue are two sparse
 * indexes on the submission item only.
 *
 * | question                                                  | index | key                                                                 |
 * |-----------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | a submission with its comments, oldest comment first      | table | pk `SUBMISSION#<id>`; sk `SUBMISSION`, `COMMENT#<createdTimestamp ISO>#<commentId>` |
 * | one submitter's submissions, newest first                 | gsi1  | gsi1pk `SUBMITTER#<userId>`, gsi1sk `<createdTimestamp ISO>#<id>`   |
 * | submissions of one state, longest waiting first (review queue) | gsi2 | gsi2pk `SUBMISSION_STATE#<state>`, gsi2sk `<stateTimestamp ISO>#<id>` |
 */

/** Table partition of one submission and its comments. */
export function submissionPartition(id: string): string {
  return `SUBMISSION#${id}`;
}

/** `SUBMISSION#<id>` / `SUBMISSION`: one submission. */
export function submissionKey(id: string): TableKey {
  return { pk: submissionPartition(id), sk: 'SUBMISSION' };
}

/** Sort-key prefix of the comments of a submission's partition. */
export const SUBMISSION_COMMENT_PREFIX = 'COMMENT#';

/** `SUBMISSION#<id>` / `COMMENT#<createdTimestamp>#<commentId>`: one comment, in time order. */
export function submissionCommentKey(submissionId: string, createdTimestamp: string, commentId: string): TableKey {
  return { pk: submissionPartition(submissionId), sk: `${SUBMISSION_COMMENT_PREFIX}${createdTimestamp}#${commentId}` };
}

/** gsi1 partition of one submitter's submissions. */
export function submitterPartition(userId: string): string {
  return `SUBMITTER#${userId}`;
}

/** gsi1 key of a submission under its submitter, by creation time. */
export function submitterIndexKey(
  userId: string,
  createdTimestamp: string,
  id: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: submitterPartition(userId), gsi1sk: `${createdTimestamp}#${id}` };
}

/** gsi2 partition of the submissions of one state (the review queue). */
export function submissionStatePartition(state: string): string {
  return `SUBMISSION_STATE#${state}`;
}

/** gsi2 key of a submission in its state's queue, by the time it entered that state. */
export function submissionStateIndexKey(
  state: string,
  stateTimestamp: string,
  id: string,
): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: submissionStatePartition(state), gsi2sk: `${stateTimestamp}#${id}` };
}

/* ── My library (issue 26 item 1; decision record 072) ──────────────────────────── */
/*
 * A user's saved items and the count that bounds them are one item collection; the
 * library's page reads the saved items newest first from gsi1, and a user's download
 * history is its own partition, written in the download's transaction.
 *
 * | question                                                  | index | key                                                                 |
 * |-----------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | is this item saved by this user; every id one user saved  | table | pk `LIBRARY#<userId>`; sk `SAVED#<contentId>`; sk `SETTINGS` (attribute count) |
 * | one user's saved items, most recently saved first         | gsi1  | gsi1pk `LIBRARY#<userId>`, gsi1sk `<savedTimestamp ISO>#<contentId>` |
 * | one user's downloads, newest first                        | table | pk `DOWNLOAD_HISTORY#<userId>`, sk `<timestamp ISO>#<eventId>`       |
 */

/** Table (and gsi1) partition of one user's library. */
export function libraryPartition(userId: string): string {
  return `LIBRARY#${userId}`;
}

/** Sort-key prefix of the saved items of a user's library partition. */
export const SAVED_CONTENT_PREFIX = 'SAVED#';

/** `LIBRARY#<userId>` / `SAVED#<contentId>`: one saved content item. */
export function savedContentKey(userId: string, contentId: string): TableKey {
  return { pk: libraryPartition(userId), sk: `${SAVED_CONTENT_PREFIX}${contentId}` };
}

/** gsi1 key of a saved item under its user, by the time it was saved. */
export function savedContentIndexKey(
  userId: string,
  savedTimestamp: string,
  contentId: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: libraryPartition(userId), gsi1sk: `${savedTimestamp}#${contentId}` };
}

/** `LIBRARY#<userId>` / `SETTINGS`: how many items the user has saved (attribute `count`). */
export function librarySettingsKey(userId: string): TableKey {
  return { pk: libraryPartition(userId), sk: 'SETTINGS' };
}

/** Table partition of one user's download history. */
export function downloadHistoryPartition(userId: string): string {
  return `DOWNLOAD_HISTORY#${userId}`;
}

/** `DOWNLOAD_HISTORY#<userId>` / `<timestamp>#<eventId>`: one download of the user, in time order. */
export function downloadHistoryKey(userId: string, timestamp: string, eventId: string): TableKey {
  return { pk: downloadHistoryPartition(userId), sk: `${timestamp}#${eventId}` };
}

/* ── Ratings and reviews (issue 26 item 3; decision record 070) ──────────────────── */
/*
 * One review item per (content item, user); the reports of a review, one per
 * reporter; and one aggregate per item (sum and count of the ratings shown), kept
 * exact by the review's transactions (ADD, never read-modify-write). The public list,
 * the moderation queue and the look-up by id are three sparse indexes on the review.
 *
 * | question                                                   | index | key                                                                 |
 * |------------------------------------------------------------|-------|---------------------------------------------------------------------|
 * | one user's review of a content item                         | table | pk `REVIEWS#<contentId>`, sk `USER#<userId>`                        |
 * | visible reviews of an item, most recently written first (sparse) | gsi1 | gsi1pk `REVIEWS#<contentId>`, gsi1sk `<modifiedTimestamp ISO>#<userId>` |
 * | reported or hidden reviews, longest waiting first (sparse)  | gsi2  | gsi2pk `REVIEWS_MODERATION`, gsi2sk `<firstReportedTimestamp or hiddenTimestamp ISO>#<reviewId>` |
 * | a review by its id (sparse)                                  | gsi3  | gsi3pk `REVIEW#<reviewId>`, gsi3sk `REVIEW`                          |
 * | has this user reported this review                           | table | pk `REVIEW_REPORTS#<reviewId>`, sk `USER#<userId>`                  |
 * | the rating sum and count of an item                          | table | pk `RATING#<contentId>`, sk `AGGREGATE` (attributes sum, count)     |
 * | every item's rating aggregate (for the search index; sparse) | gsi1  | gsi1pk `RATINGS`, gsi1sk `<contentId>`                               |
 * | every item one user reviewed (their data export and deletion, issue 26 item 5) | table | pk `USER_REVIEWS#<userId>`, sk `CONTENT#<contentId>` |
 */

/** Table partition of the reviews of one content item (and gsi1 partition of its visible ones). */
export function contentReviewsPartition(contentId: string): string {
  return `REVIEWS#${contentId}`;
}

/** `REVIEWS#<contentId>` / `USER#<userId>`: one user's rating and review of one item. */
export function reviewKey(contentId: string, userId: string): TableKey {
  return { pk: contentReviewsPartition(contentId), sk: `USER#${userId}` };
}

/** gsi1 key of a visible review: most recently written first when read backwards. */
export function visibleReviewIndexKey(
  contentId: string,
  modifiedTimestamp: string,
  userId: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: contentReviewsPartition(contentId), gsi1sk: `${modifiedTimestamp}#${userId}` };
}

/** The single gsi2 partition of the moderation queue (sparse: reported or hidden reviews only). */
export const REVIEWS_MODERATION_PARTITION = 'REVIEWS_MODERATION';

/** gsi2 key of a review in the moderation queue, by the time it entered it. */
export function reviewModerationIndexKey(since: string, reviewId: string): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: REVIEWS_MODERATION_PARTITION, gsi2sk: `${since}#${reviewId}` };
}

/** gsi3 partition of a review by id. */
export function reviewIdPartition(reviewId: string): string {
  return `REVIEW#${reviewId}`;
}

/** gsi3 key of a review: found by its id. */
export function reviewIdIndexKey(reviewId: string): { gsi3pk: string; gsi3sk: string } {
  return { gsi3pk: reviewIdPartition(reviewId), gsi3sk: 'REVIEW' };
}

/** `REVIEW_REPORTS#<reviewId>` / `USER#<userId>`: `userId` reported the review (once). */
export function reviewReportKey(reviewId: string, userId: string): TableKey {
  return { pk: `REVIEW_REPORTS#${reviewId}`, sk: `USER#${userId}` };
}

/** `RATING#<contentId>` / `AGGREGATE`: the sum and count of the item's counted ratings. */
export function ratingAggregateKey(contentId: string): TableKey {
  return { pk: `RATING#${contentId}`, sk: 'AGGREGATE' };
}

/** Table partition of the pointers to one user's reviews (issue 26 item 5; decision record 075). */
export function userReviewsPartition(userId: string): string {
  return `USER_REVIEWS#${userId}`;
}

/** `USER_REVIEWS#<userId>` / `CONTENT#<contentId>`: `userId` has a review of `contentId` (written with the review). */
export function userReviewKey(userId: string, contentId: string): TableKey {
  return { pk: userReviewsPartition(userId), sk: `CONTENT#${contentId}` };
}

/** The single gsi1 partition of every rating aggregate (the search indexer reads it in one paged Query). */
export const RATINGS_PARTITION = 'RATINGS';

/** gsi1 key of an item's rating aggregate. */
export function ratingAggregateIndexKey(contentId: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: RATINGS_PARTITION, gsi1sk: contentId };
}

/* ── Collections (issue 26 item 2; decision record 073) ───────────────────────────── */
/*
 * One item per collection holding its ordered entries (at most 100, so a page view is
 * one GetItem and one BatchGetItem of the entries' content); the owner's count in a
 * settings item kept by the create and delete transactions.
 *
 * | question                                                    | index | key                                                                   |
 * |-------------------------------------------------------------|-------|-----------------------------------------------------------------------|
 * | a collection with its entries                                | table | pk `COLLECTION#<id>`, sk `COLLECTION`                                  |
 * | one owner's collections, most recently changed first         | gsi1  | gsi1pk `COLLECTIONS#<ownerId>`, gsi1sk `<modifiedTimestamp ISO>#<id>`  |
 * | curated collections, most recently changed first (sparse)    | gsi2  | gsi2pk `COLLECTIONS_CURATED`, gsi2sk `<modifiedTimestamp ISO>#<id>`    |
 * | how many collections one owner has                           | table | pk `COLLECTIONS#<ownerId>`, sk `SETTINGS` (attribute count)            |
 */

/** `COLLECTION#<id>` / `COLLECTION`: one collection with its ordered entries. */
export function collectionKey(id: string): TableKey {
  return { pk: `COLLECTION#${id}`, sk: 'COLLECTION' };
}

/** gsi1 partition of one owner's collections (and table partition of their count). */
export function ownerCollectionsPartition(ownerId: string): string {
  return `COLLECTIONS#${ownerId}`;
}

/** gsi1 key of a collection in its owner's list, most recently changed first when read backwards. */
export function ownerCollectionIndexKey(
  ownerId: string,
  modifiedTimestamp: string,
  id: string,
): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: ownerCollectionsPartition(ownerId), gsi1sk: `${modifiedTimestamp}#${id}` };
}

/** The single gsi2 partition of curated collections (sparse: curated ones only). */
export const CURATED_COLLECTIONS_PARTITION = 'COLLECTIONS_CURATED';

/** gsi2 key of a curated collection, most recently changed first when read backwards. */
export function curatedCollectionIndexKey(modifiedTimestamp: string, id: string): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: CURATED_COLLECTIONS_PARTITION, gsi2sk: `${modifiedTimestamp}#${id}` };
}

/** `COLLECTIONS#<ownerId>` / `SETTINGS`: how many collections the owner has (attribute `count`). */
export function collectionSettingsKey(ownerId: string): TableKey {
  return { pk: ownerCollectionsPartition(ownerId), sk: 'SETTINGS' };
}
