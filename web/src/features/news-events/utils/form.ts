import * as z from 'zod';
import { PUBLISH_AT_PAST_MESSAGE } from '#shared/contracts/content';
import {
  EventInput,
  NEWS_EVENT_DATA_TOO_LONG_MESSAGE,
  NewsEventLink,
  type NewsEventStatus,
  NewsInput,
} from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { formValue } from '../../../lib/forms/zod-form.ts';
import { stripImageAlts } from './description.ts';
import type { InputOf, NewsEventItem, NewsEventKind } from './kinds.ts';
import { isNews } from './kinds.ts';

/**
 * The news and event dialog's form (spec §5 "News and event dialog"): its draft,
 * the fields of each kind in screen order, and the checks made before saving, with
 * the messages of the shared contract (`shared/contracts/news.ts`), so the dialog
 * and the server say the same.
 */

/** What the dialog edits; `date` is the date-time picker's value (an ISO date-time or ''). */
export interface NewsEventDraft {
  readonly name: string;
  readonly link: string;
  readonly externalLink: string;
  readonly location: string;
  readonly date: string;
  readonly status: NewsEventStatus;
  /** Address of the stored image, or '' for none (a newly picked file is uploaded on save). */
  readonly image: string;
  readonly description: string;
  /** When the job publishes the unpublished item (issue 25 item 7): an ISO date-time, or '' for none. */
  readonly publishAt: string;
}

/** One field of the dialog. */
export type DraftField = keyof NewsEventDraft;

/** The first message per field. */
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The fields each kind shows, in screen order (a server's first message among them gets the focus). */
export const FIELD_ORDER: Record<NewsEventKind, readonly DraftField[]> = {
  news: ['name', 'link', 'externalLink', 'date', 'status', 'publishAt', 'image', 'description'],
  event: ['name', 'link', 'location', 'date', 'status', 'publishAt', 'image', 'description'],
};

/** Message of an incomplete date-time picker (spec §4: it emits a value only with both a date and a time). */
export const DATE_REQUIRED_MESSAGE = 'Choose a date and a time.';

/** The draft of a new item (published, no date) or of a stored one. */
export function draftOf(item: NewsEventItem | null): NewsEventDraft {
  if (!item) {
    return {
      name: '',
      link: '',
      externalLink: '',
      location: '',
      date: '',
      status: 'published',
      image: '',
      description: '',
      publishAt: '',
    };
  }
  return {
    name: item.name,
    link: item.link,
    externalLink: isNews(item) ? item.externalLink : '',
    location: isNews(item) ? '' : item.location,
    date: item.date,
    status: item.status,
    image: item.image,
    description: item.description,
    publishAt: item.publishAt ?? '',
  };
}

/** The request body of a kind built from a draft, before any check (the description's image alts stripped). */
export function bodyOf<K extends NewsEventKind>(kind: K, draft: NewsEventDraft): InputOf<K> {
  const common = {
    name: draft.name,
    description: stripImageAlts(draft.description),
    status: draft.status,
    date: draft.date,
    image: draft.image,
    link: draft.link,
    // Unpublished: the schedule, or null to cancel it; published: none (the server clears it).
    ...(draft.status === 'unpublished' ? { publishAt: draft.publishAt === '' ? null : draft.publishAt } : {}),
  };
  const body =
    kind === 'news' ? { ...common, externalLink: draft.externalLink } : { ...common, location: draft.location };
  return body as InputOf<K>;
}

/** The outcome of {@link checkDraft}: the body to send, or the field messages and the whole-item message. */
export type DraftCheck<K extends NewsEventKind> =
  | { readonly ok: true; readonly body: InputOf<K> }
  | { readonly ok: false; readonly errors: DraftErrors; readonly dataError: string | null };

/**
 * Checks a draft as the server will (spec §5): title required, at most 1024; link
 * (required for events, optional for news) at most 1024, lower-case words joined by
 * hyphens; external link optional, at most 1024, http(s); location required, at most
 * 10,240; description required, at most 10,240; image address at most 1024; date
 * required (a complete date-time), at most 256; and the whole body at most 512,000
 * characters as JSON (`dataError`); a publishing time on an unpublished item in the
 * future (issue 25 item 7; the server checks again). The description's images lose their alt text
 * first. Answers the trimmed body when everything holds.
 */
export function checkDraft<K extends NewsEventKind>(kind: K, draft: NewsEventDraft): DraftCheck<K> {
  const body = bodyOf(kind, draft);
  const dataError = dataErrorOf(kind, draft);
  const schema = kind === 'news' ? NewsInput : EventInput;
  const parsed = schema.safeParse(body);
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && FIELD_ORDER[kind].includes(field as DraftField)) {
        errors[field as DraftField] ??= issue.message;
      }
    }
  }
  if (kind === 'news' && draft.link.trim() !== '') {
    // The optional link is a union with '', whose own message says nothing useful.
    const link = NewsEventLink.safeParse(draft.link);
    if (!link.success) errors.link = link.error.issues[0]?.message ?? errors.link;
  }
  if (draft.date === '') errors.date = DATE_REQUIRED_MESSAGE;
  else if (draft.date.length > NEWS_EVENT_LIMITS.dateMaxChars) {
    errors.date = `Must be at most ${NEWS_EVENT_LIMITS.dateMaxChars} characters.`;
  } else if (errors.date) errors.date = DATE_REQUIRED_MESSAGE;
  if (draft.status === 'unpublished' && draft.publishAt !== '' && Date.parse(draft.publishAt) <= Date.now()) {
    errors.publishAt = PUBLISH_AT_PAST_MESSAGE;
  }
  if (dataError || Object.keys(errors).length > 0) return { ok: false, errors, dataError };
  return { ok: true, body: (parsed.success ? parsed.data : body) as InputOf<K> };
}

/** What the dialog's react-hook-form holds: the draft and an image picked in this dialog (uploaded on save), or null. */
export interface NewsEventFormValues extends NewsEventDraft {
  readonly picked: File | null;
}

/**
 * The dialog's form schema (issue 23 item 4), for `useZodForm`: the values checked
 * by {@link checkDraft} (the shared contract `NewsInput` / `EventInput` with its
 * messages, spec §5), each message at its field; parses to the request body. The
 * whole item's size (`dataError`) is no field's: the dialog shows it above the
 * fields, so a body that only fails that parses here.
 */
export function newsEventSchema<K extends NewsEventKind>(kind: K): z.ZodType<InputOf<K>, NewsEventFormValues> {
  return formValue<NewsEventFormValues>().transform((values, context): InputOf<K> => {
    const check = checkDraft(kind, values);
    if (check.ok) return check.body;
    const fields = Object.entries(check.errors);
    for (const [field, message] of fields) context.addIssue({ code: 'custom', path: [field], message: message ?? '' });
    if (fields.length > 0) return z.NEVER;
    return (kind === 'news' ? NewsInput : EventInput).parse(bodyOf(kind, values)) as InputOf<K>;
  });
}

/** The whole-item message of `values` (over 512,000 characters as JSON, spec §5), or null. */
export function dataErrorOf(kind: NewsEventKind, values: NewsEventDraft): string | null {
  return JSON.stringify(bodyOf(kind, values)).length > NEWS_EVENT_LIMITS.dataMaxChars
    ? NEWS_EVENT_DATA_TOO_LONG_MESSAGE
    : null;
}
