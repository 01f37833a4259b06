import { getBusinessUnitsByIds } from '../../data/business-units.ts';
import { getContentById } from '../../data/content.ts';
import type { DownloadBusinessUnit, DownloadEvent } from '../../data/downloads.ts';
import type { ContentItem } from '../../data/items.ts';
import type { UserRecord } from '../../data/users.ts';
import { newId } from '../../domain/ids.ts';
import type { Caller } from '../../lib/handler.ts';

/**
 * What a download was downloaded from: a content item (a lesson artifact: the
 * lesson's content item), or, for a category bundle, the category's bundle title.
 */
export type DownloadSource =
  | { readonly kind: 'content'; readonly content: ContentItem }
  | { readonly kind: 'category'; readonly title: string };

/**
 * The download event of spec §3 "Raw download data point" for `caller` saving file
 * `fileId` as `fileName` from `source` (decision record 022): the user's name and
 * e-mail from their user record (the token's when the record is gone), the user's
 * business unit (name, category, region) and the top-most content item (the first
 * of the item's `ancestorIds`, or the item itself) read in parallel.
 */
export async function downloadEventOf(input: {
  readonly caller: NonNullable<Caller>;
  readonly user: UserRecord | null;
  readonly fileId: string;
  readonly fileName: string;
  readonly source: DownloadSource;
  readonly now?: Date;
}): Promise<DownloadEvent> {
  const { caller, user, source } = input;
  const content = source.kind === 'content' ? source.content : null;
  const [businessUnit, topMost] = await Promise.all([
    businessUnitOf(user),
    content ? topMostOf(content) : Promise.resolve(null),
  ]);
  return {
    id: newId(),
    timestamp: (input.now ?? new Date()).toISOString(),
    user: {
      id: caller.sub,
      name: user?.displayName ?? caller.claims.displayName,
      email: user ? user.email : (caller.claims.email ?? null),
    },
    file: { id: input.fileId, name: input.fileName },
    downloadedFrom: content
      ? {
          id: content.id,
          name: content.name,
          tags: [...content.tags],
          publishedTimestamp: content.lastPublishedTimestamp ?? null,
        }
      : { id: null, name: source.kind === 'category' ? source.title : '', tags: [] },
    topMostContent: topMost,
    businessUnit,
  };
}

async function businessUnitOf(user: UserRecord | null): Promise<DownloadBusinessUnit | null> {
  if (!user?.businessUnitId) return null;
  const [unit] = await getBusinessUnitsByIds([user.businessUnitId]);
  return unit ? { id: unit.id, name: unit.name, category: unit.category, region: unit.region } : null;
}

async function topMostOf(content: ContentItem): Promise<{ id: string; name: string }> {
  const topId = content.ancestorIds[0];
  const top = topId && topId !== content.id ? await getContentById(topId) : content;
  // An ancestor that vanished mid-delete: count the download under its id, named as the item was.
  return { id: top?.id ?? topId ?? content.id, name: top?.name ?? content.name };
}
