import type { ContentStatus } from '#shared/enums';
import { TABLE } from '#shared/table';
import { DOWNLOAD_STATISTIC_CATEGORY, type StatisticCategory } from '../domain/download-statistics.ts';
import type { TransactWriteItem } from './catalog.ts';
import { batchGetItems, tableName } from './dynamo.ts';
import {
  contentKey,
  contentUsageBackfillKey,
  contentUsageKey,
  contentUsageSchoolKey,
  ENTITY_TYPES,
  type TableKey,
} from './keys.ts';

/**
 * All-time public usage of each content item (issue 26 item 4; decision record 071;
 * keys.ts rows "all-time usage of one content item", "has this school been counted
 * for this item"): downloads and distinct schools, written IN the download's
 * transaction (data/downloads.ts `recordDownload`) with the same pattern as the
 * distinct-user markers: a school marker is Put conditionally with `ADD schools 1`
 * when it was absent, or ConditionChecked when it was present, so a race retries.
 */

/**
 * Business unit categories that count as schools (decision record 071): K12 schools,
 * community colleges and universities; government, commercial and other units (and
 * users without a unit) count as downloads but not as schools.
 */
export const SCHOOL_CATEGORIES: ReadonlySet<string> = new Set(['K12', 'college', 'university']);

/** What the usage of one download reads of its event (a subset of data/downloads.ts `DownloadEvent`). */
export interface UsageEvent {
  readonly timestamp: string;
  /** The item the file (or bundle) was downloaded from; id null for a category bundle (not counted). */
  readonly downloadedFrom: { readonly id: string | null };
  readonly businessUnit: { readonly id: string; readonly category: string } | null;
}

/** The stored usage of one content item, pk `CONTENT_USAGE#<contentId>`, sk `USAGE`. */
export interface ContentUsageItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.contentUsage;
  readonly contentId: string;
  /** Downloads of the item (files, lesson artifacts, bundles of it), all time. */
  readonly downloads: number;
  /** Distinct schools ({@link SCHOOL_CATEGORIES}) whose people downloaded it: the number of its school markers. */
  readonly schools: number;
  /** Timestamp (ISO) of the first download recorded live; the backfill counts raw events before it only. */
  readonly since?: string;
  /** True once the raw events before `since` are counted (the backfill, or a seeded history). */
  readonly backfilled?: boolean;
}

/** A school marker, pk `CONTENT_USAGE#<contentId>`, sk `SCHOOL#<businessUnitId>`: the school is counted. */
export interface ContentUsageSchoolItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.contentUsageSchool;
  readonly contentId: string;
  readonly businessUnitId: string;
}

/** The content id a download counts for: downloads only (never previews), not a category bundle. */
function countedContentId(event: UsageEvent, category: StatisticCategory): string | null {
  return category === DOWNLOAD_STATISTIC_CATEGORY ? event.downloadedFrom.id : null;
}

/** The business unit id of the event's user when it is a school ({@link SCHOOL_CATEGORIES}), else null. */
export function schoolOf(event: Pick<UsageEvent, 'businessUnit'>): string | null {
  const unit = event.businessUnit;
  return unit && SCHOOL_CATEGORIES.has(unit.category) ? unit.id : null;
}

/** The school marker of one (content, business unit) pair. */
export function contentUsageSchoolItem(contentId: string, businessUnitId: string): ContentUsageSchoolItem {
  return {
    ...contentUsageSchoolKey(contentId, businessUnitId),
    entityType: ENTITY_TYPES.contentUsageSchool,
    contentId,
    businessUnitId,
  };
}

/**
 * The key of the school marker a download must read before its transaction (none
 * when it counts for no item or no school). Its partition key is in the `seen` set of
 * {@link contentUsageSteps} iff the marker exists: it is the only key of that partition read.
 */
export function contentUsageMarkerKeys(event: UsageEvent, category: StatisticCategory): TableKey[] {
  const contentId = countedContentId(event, category);
  const school = schoolOf(event);
  return contentId && school ? [contentUsageSchoolKey(contentId, school)] : [];
}

/**
 * The steps of one download's transaction for its item's usage (none for a preview or
 * a category bundle): `ADD downloads 1` on the usage item (setting `since` when it is
 * the first live download) with `ADD schools 1` and the conditional Put of the school
 * marker when the marker was absent (`seen` lacks its partition key), else a
 * ConditionCheck that it still exists. 1 to 2 elements.
 */
export function contentUsageSteps(
  event: UsageEvent,
  seen: ReadonlySet<string>,
  category: StatisticCategory,
): TransactWriteItem[] {
  const contentId = countedContentId(event, category);
  if (!contentId) return [];
  const school = schoolOf(event);
  const markerKey = school ? contentUsageSchoolKey(contentId, school) : null;
  const newSchool = markerKey !== null && !seen.has(markerKey.pk);
  const steps: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: contentUsageKey(contentId),
        UpdateExpression:
          'SET #entityType = :entityType, #contentId = :contentId, #since = if_not_exists(#since, :since) ADD #downloads :one, #schools :schools',
        ExpressionAttributeNames: {
          '#entityType': 'entityType',
          '#contentId': 'contentId',
          '#since': 'since',
          '#downloads': 'downloads',
          '#schools': 'schools',
        },
        ExpressionAttributeValues: {
          ':entityType': ENTITY_TYPES.contentUsage,
          ':contentId': contentId,
          ':since': event.timestamp,
          ':one': 1,
          ':schools': newSchool ? 1 : 0,
        },
      },
    },
  ];
  if (!markerKey || !school) return steps;
  steps.push(
    newSchool
      ? {
          Put: {
            TableName: tableName(),
            Item: contentUsageSchoolItem(contentId, school),
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          },
        }
      : {
          ConditionCheck: {
            TableName: tableName(),
            Key: markerKey,
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          },
        },
  );
  return steps;
}

/**
 * The usage items and school markers of many downloads, counted in memory (the bulk
 * path of a generated history, data/downloads.ts `DownloadStatisticsAggregate`): the
 * same items {@link contentUsageSteps} leaves after recording them one by one, except
 * that the usage items carry `backfilled: true` (the history is complete) and no
 * `since`. Memory grows with items and (item, school) pairs.
 */
export class ContentUsageTally {
  private readonly usage = new Map<string, { downloads: number; schools: Set<string> }>();

  /** Counts one download (of `category`; previews and category bundles count for nothing). */
  add(event: UsageEvent, category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY): void {
    const contentId = countedContentId(event, category);
    if (!contentId) return;
    let entry = this.usage.get(contentId);
    if (!entry) {
      entry = { downloads: 0, schools: new Set() };
      this.usage.set(contentId, entry);
    }
    entry.downloads += 1;
    const school = schoolOf(event);
    if (school) entry.schools.add(school);
  }

  /** The usage item of every counted item. */
  usageItems(): ContentUsageItem[] {
    return [...this.usage].map(([contentId, { downloads, schools }]) => ({
      ...contentUsageKey(contentId),
      entityType: ENTITY_TYPES.contentUsage,
      contentId,
      downloads,
      schools: schools.size,
      backfilled: true,
    }));
  }

  /** The school marker of every (item, school) pair. */
  markerItems(): ContentUsageSchoolItem[] {
    return [...this.usage].flatMap(([contentId, { schools }]) =>
      [...schools].map((school) => contentUsageSchoolItem(contentId, school)),
    );
  }
}

/** A content item's status and its raw all-time usage, as {@link getContentUsage} reads them. */
export interface ContentUsageRead {
  /** The item's status; null when there is no such item. */
  readonly status: ContentStatus | null;
  readonly downloads: number;
  readonly schools: number;
}

/**
 * The status of content item `contentId` and its raw all-time usage (zeros when never
 * downloaded): one BatchGetItem of the content item (its `status` only) and the usage item.
 */
export async function getContentUsage(contentId: string): Promise<ContentUsageRead> {
  const content = contentKey(contentId);
  const found = await batchGetItems<TableKey & { status?: ContentStatus; downloads?: number; schools?: number }>(
    [content, contentUsageKey(contentId)],
    [TABLE.partitionKey, TABLE.sortKey, 'status', 'downloads', 'schools'],
  );
  const item = found.find((entry) => entry.pk === content.pk && entry.sk === content.sk);
  const usage = found.find((entry) => entry.sk === 'USAGE');
  return {
    status: item?.status ?? null,
    downloads: Number(usage?.downloads ?? 0),
    schools: Number(usage?.schools ?? 0),
  };
}

/**
 * The DONE item of the backfill of content usage (services/content-usage-backfill.ts),
 * for a writer whose usage items are complete (the seeded history): the backfill then
 * never reads the raw events.
 */
export function contentUsageBackfillDoneItem(now: Date): TableKey & Record<string, unknown> {
  return {
    ...contentUsageBackfillKey(),
    entityType: ENTITY_TYPES.contentUsageBackfill,
    finishedTimestamp: now.toISOString(),
  };
}
