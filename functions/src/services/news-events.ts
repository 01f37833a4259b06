import type * as z from 'zod';
import { SCHEDULED_PUBLISHING_ACTOR } from '#shared/contracts/content';
import {
  EVENT_NOT_FOUND_MESSAGE,
  type EventInput,
  LINK_TAKEN_MESSAGE,
  NEWS_NOT_FOUND_MESSAGE,
  type NewsInput,
} from '#shared/contracts/news';
import { LIMITS } from '#shared/limits';
import { discardFiles, getFile } from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import type { NewsEventKind } from '../data/keys.ts';
import {
  deleteNewsEvent as deleteNewsEventItem,
  freeLinks,
  getNewsEventById,
  type NewsEventImageAttach,
  type NewsEventItem,
  type NewsEventRecord,
  createNewsEvent as storeNewsEvent,
  updateNewsEvent as storeNewsEventUpdate,
  toNewsEvent,
} from '../data/news-events.ts';
import { newId } from '../domain/ids.ts';
import { linkBaseFromTitle, linkCandidates, linkWithId } from '../domain/news-event-links.ts';
import {
  imageAddressErrors,
  isBlankHtml,
  newsEventPublishAtAfter,
  newsEventScheduleErrors,
  portalFileIdOf,
  sanitizeDescription,
  seesUnpublished,
} from '../domain/news-events.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { logger } from '../lib/logger.ts';
import { bucketOf } from './file-rules.ts';
import { keepNamedHtmlImages } from './html-images.ts';

/**
 * The news and event writes (spec §2.10, §5 "News and event dialog", §7, §8; decision
 * record 024): saving an item (link, sanitised description, image address) and
 * deleting one with its image. The whole-body size limit is the routes'
 * (`api/content/news-event-limit.ts`); finding an item the caller may see for a read
 * is `api/content/news-event-reads.ts`'s.
 */

/** The validated body of a create or update of each kind. */
export interface NewsEventInputs {
  readonly news: z.output<typeof NewsInput>;
  readonly event: z.output<typeof EventInput>;
}

/** Candidates looked up per round when generating a link, and rounds before the id suffix. */
const LINK_ROUND = 10;
const LINK_ROUNDS = 10;

/**
 * The file attached to `item` that its image names (decision records 020, 024), or
 * null: none when the image is empty or external, or when the file is missing or
 * not attached to the item (an item saved before images were attached).
 */
async function attachedImageOf(item: NewsEventItem<NewsEventKind>): Promise<FileItem | null> {
  const fileId = portalFileIdOf(item.image);
  if (fileId === null) return null;
  const file = await getFile(fileId);
  return file && file.metadata.id === item.id ? file : null;
}

/**
 * Creates (`previous` null) or replaces (`previous` the stored item) a news item or
 * event (spec §5, §7; decision record 024): the image address checked, the
 * description sanitised with the allow-list (blank afterwards → 400 "Is required."),
 * `date` stored with millisecond precision, `createdTimestamp` kept on update and
 * `modifiedTimestamp` now. A news item without a link gets one from its title: the
 * first of `slug`, `slug-2`, `slug-3`, … no other news item holds (its own current
 * link counts as free), retried past links taken concurrently, and after 100 taken
 * ones `slug-<id>`. A given link that another item of the kind holds is a 409.
 *
 * The image (decision records 020, 024): an uploaded portal file
 * (`/public/files/<id>`, {@link portalFileIdOf}) the stored item did not name is
 * attached to the item in the item's transaction — it must be an `image` upload by
 * `uploadedBy` (the caller), Ready and unattached, else 400 at `body.image` and
 * nothing is written. A replaced or removed image file attached to the item is
 * detached in the same transaction and discarded (record and object) after it, best
 * effort (it keeps a TTL of now for the upload sweeper). An unchanged image, an
 * external one and an empty one attach nothing.
 *
 * The publishing schedule (issue 25 item 7, decision record 068): `publishAt` in the
 * future on an unpublished item sets or moves it, null cancels it, absent keeps the
 * stored one, and a save with another status clears it — the schedule item on the due
 * index is written or deleted in the item's transaction.
 * @throws ValidationError (400) for a refused image address, an image that cannot be
 *   attached, a blank description, or a `publishAt` in the past or on an item not
 *   saved unpublished; ConflictError (409)
 *   {@link LINK_TAKEN_MESSAGE}, or when the item changed concurrently.
 */
export async function saveNewsEvent<K extends NewsEventKind>(
  kind: K,
  input: NewsEventInputs[K],
  previous: NewsEventItem<K> | null,
  uploadedBy: string,
  now: Date = new Date(),
): Promise<NewsEventItem<K>> {
  const fields: NewsEventInputs['news'] | NewsEventInputs['event'] = input;
  const description = sanitizeDescription(fields.description);
  const errors = [...imageAddressErrors(fields.image)];
  if (isBlankHtml(description)) errors.push({ path: 'body.description', message: 'Is required.' });
  errors.push(...newsEventScheduleErrors(fields.status, fields.publishAt, now));
  if (errors.length > 0) throw new ValidationError(errors);
  const publishAt = newsEventPublishAtAfter(fields.status, fields.publishAt, previous?.publishAt ?? null);

  const id = previous?.id ?? newId();
  const timestamp = now.toISOString();
  const common = {
    id,
    name: fields.name,
    description,
    image: fields.image,
    status: fields.status,
    date: new Date(fields.date).toISOString(),
    createdTimestamp: previous?.createdTimestamp ?? timestamp,
    modifiedTimestamp: timestamp,
    ...(publishAt === null ? {} : { publishAt }),
  };
  const recordWith = (link: string) =>
    ({
      ...common,
      link,
      ...('location' in fields ? { location: fields.location } : { externalLink: fields.externalLink }),
    }) as NewsEventRecord<K>;

  const imageId = portalFileIdOf(fields.image);
  const previousImageId = previous ? portalFileIdOf(previous.image) : null;
  const attach: NewsEventImageAttach | null =
    imageId !== null && imageId !== previousImageId
      ? { fileId: imageId, name: fileNameOf(fields.name), uploadedBy }
      : null;
  const replaced = previous && previousImageId !== imageId ? await attachedImageOf(previous) : null;
  const image = { attach, detach: replaced?.id ?? null };
  const write = (link: string) =>
    previous
      ? storeNewsEventUpdate(kind, recordWith(link), previous, image, now)
      : storeNewsEvent(kind, recordWith(link), image, now);
  // The editor's images the description names are kept before the write (decision record 063).
  await keepNamedHtmlImages(description, uploadedBy, now);
  const saved = await writeWithLink(kind, fields.link, fields.name, id, write);
  if (replaced) await discardFiles([replaced], bucketOf);
  return saved;
}

/** The name an attached image file gets: the item's title, cut to a file name's limit. */
function fileNameOf(title: string): string {
  return title.trim().slice(0, LIMITS.fileNameMaxChars).trim() || 'Image';
}

/**
 * Writes with the given link, or — when it is empty — with the first free generated
 * one, skipping links taken between the look-up and the write.
 */
async function writeWithLink<T>(
  kind: NewsEventKind,
  link: string,
  title: string,
  id: string,
  write: (link: string) => Promise<T>,
): Promise<T> {
  if (link !== '') return write(link);

  const base = linkBaseFromTitle(title, id);
  for (let round = 0; round < LINK_ROUNDS; round += 1) {
    const candidates = linkCandidates(base, 1 + round * LINK_ROUND, LINK_ROUND);
    for (const free of await freeLinks(kind, candidates, id)) {
      try {
        return await write(free);
      } catch (error) {
        // Taken between the look-up and the write: try the next free one.
        if (!(error instanceof ConflictError && error.message === LINK_TAKEN_MESSAGE)) throw error;
      }
    }
  }
  return write(linkWithId(base, id));
}

/**
 * Deletes a news item or event the caller may delete (decision record 024): the item
 * and its link guard in one transaction, with its uploaded image file detached there
 * too, then that file discarded (record and object; best effort — it keeps a TTL of
 * now for the upload sweeper).
 * @throws ConflictError (409) when the item changed or was deleted meanwhile.
 */
export async function deleteNewsEventAndImage<K extends NewsEventKind>(kind: K, item: NewsEventItem<K>): Promise<void> {
  const image = await attachedImageOf(item);
  await deleteNewsEventItem(kind, item, image?.id ?? null);
  if (image) await discardFiles([image], bucketOf);
}

/** The 404 message of a missing item of each kind. */
const NOT_FOUND_MESSAGE: Readonly<Record<NewsEventKind, string>> = {
  news: NEWS_NOT_FOUND_MESSAGE,
  event: EVENT_NOT_FOUND_MESSAGE,
};

/**
 * Creates a news item or event for `caller` (a content editor; its uploaded image is
 * attached: {@link saveNewsEvent}) and returns the stored item's contract fields.
 * @throws as {@link saveNewsEvent}.
 */
export async function createNewsEvent<K extends NewsEventKind>(
  kind: K,
  input: NewsEventInputs[K],
  caller: Caller,
): Promise<NewsEventRecord<K>> {
  return toNewsEvent(kind, await saveNewsEvent(kind, input, null, caller?.sub ?? ''));
}

/**
 * Replaces every field of the news item or event `id` as create does
 * ({@link saveNewsEvent}); a replaced or removed uploaded image is deleted after the
 * write. Returns the stored item's contract fields.
 * @throws NotFoundError (404) "News does not exist." / "Event does not exist." for a
 *   missing item; otherwise as {@link saveNewsEvent}.
 */
export async function updateNewsEvent<K extends NewsEventKind>(
  kind: K,
  id: string,
  input: NewsEventInputs[K],
  caller: Caller,
): Promise<NewsEventRecord<K>> {
  const previous = await getNewsEventById(kind, id);
  if (!previous) throw new NotFoundError(NOT_FOUND_MESSAGE[kind]);
  return toNewsEvent(kind, await saveNewsEvent(kind, input, previous, caller?.sub ?? ''));
}

/**
 * Deletes the news item or event `id` ({@link deleteNewsEventAndImage}) and returns its
 * id. A missing item — or an unpublished one `caller` may not see — is a 404.
 * @throws NotFoundError (404) "News does not exist." / "Event does not exist.";
 *   ConflictError (409) when the item changed meanwhile.
 */
export async function deleteNewsEvent<K extends NewsEventKind>(
  kind: K,
  id: string,
  caller: Caller,
): Promise<{ id: string }> {
  const item = await getNewsEventById(kind, id);
  if (!item || (item.status !== 'published' && !seesUnpublished(caller?.principal ?? null))) {
    throw new NotFoundError(NOT_FOUND_MESSAGE[kind]);
  }
  await deleteNewsEventAndImage(kind, item);
  return { id: item.id };
}

/**
 * Publishes a scheduled news item or event for the scheduled-publishing job (issue 25
 * item 7, decision record 068): the item as read (`item`, unpublished with the
 * schedule's `publishAt`) saved with status `published`, its schedule cleared and
 * `modifiedTimestamp` now, in ONE transaction conditional on the version read and on
 * the schedule still naming that time. News and events carry no version in their API,
 * but every save bumps the stored one, so an editor's edit, cancel or delete after the
 * read wins and, of two overlapping runs, one commits. Logged with the system actor
 * ({@link SCHEDULED_PUBLISHING_ACTOR}; news and events keep no audit trail).
 * @throws ConflictError (409) when the item changed, was deleted, or its schedule
 *   moved since it was read.
 */
export async function publishScheduledNewsEvent<K extends NewsEventKind>(
  kind: K,
  item: NewsEventItem<K>,
  now: Date = new Date(),
): Promise<NewsEventRecord<K>> {
  const { publishAt: _cleared, ...fields } = toNewsEvent(kind, item);
  const record = { ...fields, status: 'published', modifiedTimestamp: now.toISOString() } as NewsEventRecord<K>;
  const saved = await storeNewsEventUpdate(kind, record, item, {}, now);
  logger.info('scheduled publishing published', {
    kind,
    id: item.id,
    publishAt: item.publishAt,
    actorId: SCHEDULED_PUBLISHING_ACTOR.id,
    actor: SCHEDULED_PUBLISHING_ACTOR.displayName,
  });
  return toNewsEvent(kind, saved);
}
