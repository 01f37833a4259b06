import * as z from 'zod';
import { NEWS_EVENT_LIMITS, PAGE } from '../limits.ts';
import { booleanParam, EntityId, IdOrAlias, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { withImageAlt } from './html-images.ts';
import { urlField } from './url.ts';

/**
 * News and events (spec §2.10, §3 "News", "Event", §5 "News and event dialog", §7
 * "Get news", "Get events", "Home upcoming events"; decision record 024). Shared by
 * the content group's news and event routes and the SPA's lists, detail pages,
 * dialogs and home-page blocks.
 */

/**
 * Statuses of a news item or event: `published` items are public; `unpublished`
 * ones are seen by content editors only. (The spec shows only "Published"; the
 * dialog offers both.)
 */
export const NEWS_EVENT_STATUSES = ['published', 'unpublished'] as const;
export type NewsEventStatus = (typeof NEWS_EVENT_STATUSES)[number];
export const NEWS_EVENT_STATUS_LABELS: Record<NewsEventStatus, string> = {
  published: 'Published',
  unpublished: 'Unpublished',
};

const required = (max: number) =>
  z.string({ error: 'Is required.' }).trim().min(1, 'Is required.').max(max, `Must be at most ${max} characters.`);

/**
 * The address part of a news item or event (`/news/<link>`, `/events/<link>`):
 * lower-case letters and digits in words joined by single hyphens, at most 1024.
 */
export const NewsEventLink = required(NEWS_EVENT_LIMITS.linkMaxChars).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  'Use lower-case letters, digits and single hyphens, e.g. spring-workshop-2027.',
);

/** An absolute http(s) address, or empty (a news item's external link; the one URL rule, decision record 033). */
const ExternalUrl = urlField({ max: NEWS_EVENT_LIMITS.externalLinkMaxChars, empty: true });

/** Fields both kinds share in a create or update body. */
const commonFields = {
  name: required(NEWS_EVENT_LIMITS.titleMaxChars),
  /** HTML; sanitised by the server with an allow-list before it is stored. */
  description: withImageAlt(required(NEWS_EVENT_LIMITS.descriptionMaxChars)),
  status: z.enum(NEWS_EVENT_STATUSES, { error: 'Choose a status.' }),
  /** When the news happened or the event takes place: an ISO date-time (the date-time picker's value). */
  date: IsoDateTime,
  /** Address of the image (a public file's address), or empty for none. */
  image: urlField({ max: NEWS_EVENT_LIMITS.imageMaxChars, paths: true, empty: true }).default(''),
  /**
   * When the scheduled-publishing job publishes the item (issue 25 item 7, decision
   * record 068): an ISO date-time in the future, only with status `unpublished`; null
   * cancels the schedule; absent keeps the stored one (clients older than the field).
   */
  publishAt: IsoDateTime.nullable().optional(),
};

/** `POST /api/v1/news` and `PUT /api/v1/news/{id}` body. */
export const NewsInput = z
  .object({
    ...commonFields,
    /** Optional: generated from the title when empty. Unique among news. */
    link: z.union([z.literal(''), NewsEventLink]).default(''),
    /** When set, the list links here instead of the detail page (spec §2.10). */
    externalLink: ExternalUrl.default(''),
  })
  .meta({ id: 'NewsInput' });
export type NewsInput = z.input<typeof NewsInput>;

/** `POST /api/v1/events` and `PUT /api/v1/events/{id}` body. */
export const EventInput = z
  .object({
    ...commonFields,
    /** Required, unique among events; shown after the `/events/` prefix. */
    link: NewsEventLink,
    location: required(NEWS_EVENT_LIMITS.locationMaxChars),
  })
  .meta({ id: 'EventInput' });
export type EventInput = z.input<typeof EventInput>;

const stored = {
  id: EntityId,
  name: z.string(),
  description: z.string(),
  link: z.string(),
  image: z.string(),
  status: z.enum(NEWS_EVENT_STATUSES),
  date: IsoDateTime,
  createdTimestamp: IsoDateTime,
  modifiedTimestamp: IsoDateTime,
  /** When the scheduled-publishing job publishes this unpublished item (ISO 8601 UTC; decision record 068); absent: not scheduled. */
  publishAt: IsoDateTime.optional(),
};

/** A news item (spec §3 "News"). */
export const News = z.object({ ...stored, externalLink: z.string() }).meta({ id: 'News' });
export type News = z.infer<typeof News>;

/** An event (spec §3 "Event"). */
export const Event = z.object({ ...stored, location: z.string() }).meta({ id: 'Event' });
export type Event = z.infer<typeof Event>;

export const NewsPage = pageOf(News).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof NewsPage>;
export const EventPage = pageOf(Event).meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof EventPage>;

/**
 * `GET /api/v1/news` and `GET /api/v1/events` query: newest `date` first, `limit` a
 * page (10 on the lists, 2 for the home page's recent news). Visitors and readers
 * without `updateContent` always get published items only; editors may ask for
 * `status=all` or `unpublished`.
 */
export const ListNewsQuery = z.object({
  limit: limitParam(NEWS_EVENT_LIMITS.listMax, PAGE.listPageSize),
  pageToken: PageToken.optional(),
  status: z.enum([...NEWS_EVENT_STATUSES, 'all']).default('published'),
});
export type ListNewsQuery = z.input<typeof ListNewsQuery>;

/**
 * `GET /api/v1/events` query: as {@link ListNewsQuery}; with `upcoming=true`, only
 * published events whose date is now or later, soonest first (spec §7 "Home
 * upcoming events": the home page asks for the configured number).
 */
export const ListEventsQuery = ListNewsQuery.extend({ upcoming: booleanParam(false) });
export type ListEventsQuery = z.input<typeof ListEventsQuery>;

/**
 * `GET /api/v1/news/{id}`, `GET /api/v1/events/{id}` path: an id or a link (one
 * name for the segment on every method, as API Gateway wants).
 */
export const NewsEventPath = z.object({ id: IdOrAlias });
/** Path of the writes: the id. */
export const NewsEventIdPath = z.object({ id: EntityId });

/** `DELETE` answer. */
export const DeletedNewsEvent = z.object({ id: EntityId }).meta({ id: 'DeletedNewsEvent' });
export type DeletedNewsEvent = z.infer<typeof DeletedNewsEvent>;

/** Not-found messages of spec §8 (ignored silently by the SPA, which goes back to the list). */
export const NEWS_NOT_FOUND_MESSAGE = 'News does not exist.';
export const EVENT_NOT_FOUND_MESSAGE = 'Event does not exist.';
/** 400 message at `body.publishAt` when a published item is given a publishing time (issue 25 item 7). */
export const NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE = 'Only an unpublished item can be scheduled for publishing.';
/** 409 message when a link is taken by another item of the same kind. */
export const LINK_TAKEN_MESSAGE = 'This link is already used by another item.';
/** 413/400 message when a whole news or event body exceeds spec §5's 512,000 characters. */
export const NEWS_EVENT_DATA_TOO_LONG_MESSAGE = `The item is too large: at most ${NEWS_EVENT_LIMITS.dataMaxChars.toLocaleString('en-US')} characters in all.`;
