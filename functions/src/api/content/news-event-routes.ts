import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { decideAccess } from '#shared/capabilities';
import {
  type EventInput,
  LINK_TAKEN_MESSAGE,
  NEWS_EVENT_DATA_TOO_LONG_MESSAGE,
  type NewsInput,
} from '#shared/contracts/news';
import { LIMITS } from '#shared/limits';
import { CONTENT_ROUTES } from '#shared/routes/content';
import { discardFiles, getFile } from '../../data/files.ts';
import type { FileItem } from '../../data/items.ts';
import type { NewsEventKind } from '../../data/keys.ts';
import {
  createNewsEvent,
  deleteNewsEvent,
  freeLinks,
  type NewsEventImageAttach,
  type NewsEventItem,
  type NewsEventRecord,
  updateNewsEvent,
} from '../../data/news-events.ts';
import { newId } from '../../domain/ids.ts';
import { linkBaseFromTitle, linkCandidates, linkWithId } from '../../domain/news-event-links.ts';
import {
  exceedsDataLimit,
  imageAddressErrors,
  isBlankHtml,
  portalFileIdOf,
  requestBodyLength,
  sanitizeDescription,
} from '../../domain/news-events.ts';
import { ConflictError, HttpError, renderError, ValidationError } from '../../lib/errors.ts';
import { callerOf, type RouteHandler } from '../../lib/handler.ts';
import { bucketOf } from '../file/file-rules.ts';

/**
 * What the news and event write handlers share (spec §2.10, §5 "News and event dialog",
 * §7, §8; decision record 024): saving an item (link, sanitised description, image
 * address), and the whole-body size limit. Finding an item the caller may see is
 * `news-event-reads.ts`'s.
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
 * @throws ValidationError (400) for a refused image address, an image that cannot be
 *   attached, or a blank description; ConflictError (409)
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
  if (errors.length > 0) throw new ValidationError(errors);

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
      ? updateNewsEvent(kind, recordWith(link), previous, image, now)
      : createNewsEvent(kind, recordWith(link), image, now);
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
  await deleteNewsEvent(kind, item, image?.id ?? null);
  if (image) await discardFiles([image], bucketOf);
}

/** 413 (RFC 9110 "Content Too Large"): a news or event body over spec §5's 512,000 characters. */
export class NewsEventTooLargeError extends HttpError {
  override readonly name = 'NewsEventTooLargeError';
  readonly statusCode = 413;
}

/**
 * Wraps a create or update handler with spec §5's "Event and news data max length is
 * 512000" (decision record 024): a body longer than that many characters is answered
 * 413 {@link NEWS_EVENT_DATA_TOO_LONG_MESSAGE} without being parsed — but only for a
 * caller the route admits; anyone else is handed to the route, whose access guard
 * answers 401/403 before it reads a body. Bodies within the limit go straight through.
 * @throws Error at module load when the route table has no such operation.
 */
export function withDataLimit<Id extends (typeof CONTENT_ROUTES)[number]['operationId']>(
  handler: RouteHandler<Id>,
): RouteHandler<Id> {
  const route = CONTENT_ROUTES.find((candidate) => candidate.operationId === handler.operationId);
  if (!route) throw new Error(`No route ${handler.operationId} in the route table.`);
  const limited = async (event: APIGatewayProxyEventV2, context: Context) => {
    if (!exceedsDataLimit(requestBodyLength(event.body, event.isBase64Encoded))) return handler(event, context);
    let admitted = false;
    try {
      admitted = decideAccess((await callerOf(event))?.principal ?? null, route.access) === 'allowed';
    } catch {
      admitted = false;
    }
    if (!admitted) return handler(event, context);
    return renderError(
      new NewsEventTooLargeError(NEWS_EVENT_DATA_TOO_LONG_MESSAGE),
      event.requestContext?.requestId ?? context?.awsRequestId,
    );
  };
  return Object.assign(limited, { operationId: handler.operationId });
}
