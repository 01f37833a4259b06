import { decideAccess, type Principal } from '#shared/capabilities';
import type { FieldError } from '#shared/contracts/common';
import { PUBLISH_AT_PAST_MESSAGE } from '#shared/contracts/content';
import { NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE, type NewsEventStatus } from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { PORTAL_PUBLIC_FILE_PREFIX } from '#shared/public-files';

/** The HTML allow-list of descriptions moved to `html.ts` (decision record 026); re-exported for the news and event routes. */
export { DESCRIPTION_ALLOWED_TAGS, isBlankHtml, sanitizeDescription } from './html.ts';

/**
 * Rules of news and events that need no I/O (spec §2.10, §3 "News", "Event", §5 "News
 * and event dialog"; decision record 024): who sees unpublished items, links made
 * from titles, image addresses and the whole-body size limit (the HTML allow-list
 * of descriptions is in `html.ts`).
 */

/**
 * Whether `viewer` sees unpublished news and events (spec §6 "Update content": the
 * `patch_v1_content` claim on a valid login). Everyone else sees published items only
 * and meets an unpublished one as a 404.
 */
export function seesUnpublished(viewer: Principal | null): boolean {
  return decideAccess(viewer, 'updateContent') === 'allowed';
}

/** Message of a 400 at `body.image` for an address the portal will not show. */
export const IMAGE_ADDRESS_MESSAGE = 'Must be an http(s) address or a portal path such as /public/files/<id>.';

/**
 * Checks an item's `image`: empty (no image), a portal-relative path (`/public/…`,
 * what the upload API answers for a public file) or an absolute http(s) address —
 * never a `javascript:`, `data:` or protocol-relative one. Returns the field errors
 * (none when valid).
 */
export function imageAddressErrors(image: string): FieldError[] {
  if (image === '') return [];
  const portalPath = /^\/(?!\/)[^\s\\]*$/.test(image);
  const absolute = /^https?:\/\/[^\s/\\]+[^\s\\]*$/i.test(image);
  return portalPath || absolute ? [] : [{ path: 'body.image', message: IMAGE_ADDRESS_MESSAGE }];
}

/** Address prefix of an uploaded public file as the portal serves it (`publicFileUrl` of `#shared/public-files`). */
export const PORTAL_FILE_PREFIX = PORTAL_PUBLIC_FILE_PREFIX;

/**
 * The id of the uploaded portal file an item's `image` names (decision record 024):
 * the part of `/public/files/<id>` after the prefix, without a query or fragment,
 * URL-decoded (as the dialog encodes it) — or null when the image names no uploaded
 * file: empty, an external http(s) address, or another portal path. Whether such a
 * file exists is the save's business: a `/public/files/…` address always names one,
 * even an id that cannot exist (the save then refuses it).
 */
export function portalFileIdOf(image: string): string | null {
  if (!image.startsWith(PORTAL_FILE_PREFIX)) return null;
  const encoded = image.slice(PORTAL_FILE_PREFIX.length).replace(/[?#][\s\S]*$/, '');
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * Characters of a request body as sent (spec §5: "Event and news data max length is
 * 512000"; decision record 024 counts the whole JSON body): the body string, decoded
 * first when API Gateway base64-encoded it; 0 without a body.
 */
export function requestBodyLength(body: string | undefined, isBase64Encoded: boolean | undefined): number {
  if (body === undefined) return 0;
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8').length : body.length;
}

/** True when a body of `length` characters exceeds {@link NEWS_EVENT_LIMITS.dataMaxChars}. */
export function exceedsDataLimit(length: number): boolean {
  return length > NEWS_EVENT_LIMITS.dataMaxChars;
}

/**
 * The 400s of a news or event save's `publishAt` (issue 25 item 7, decision record 068):
 * a time at or before `now` → "Must be a date and time in the future."; a time on an
 * item saved with a status other than `unpublished` →
 * {@link NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE}; both at `body.publishAt`. Absent or
 * null (keep, cancel) is always valid.
 */
export function newsEventScheduleErrors(
  status: NewsEventStatus,
  publishAt: string | null | undefined,
  now: Date,
): FieldError[] {
  if (publishAt === undefined || publishAt === null) return [];
  if (Date.parse(publishAt) <= now.getTime()) return [{ path: 'body.publishAt', message: PUBLISH_AT_PAST_MESSAGE }];
  if (status !== 'unpublished') return [{ path: 'body.publishAt', message: NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE }];
  return [];
}

/**
 * The schedule a news or event save leaves (decision record 068): none when the item
 * is saved other than unpublished (publishing by hand clears it); else the body's time
 * in `toISOString()` form (so that the due index sorts by time), none for null, and
 * the stored one (`previous`) when the body has no `publishAt` (older clients).
 */
export function newsEventPublishAtAfter(
  status: NewsEventStatus,
  publishAt: string | null | undefined,
  previous: string | null,
): string | null {
  if (status !== 'unpublished') return null;
  if (publishAt === undefined) return previous;
  return publishAt === null ? null : new Date(publishAt).toISOString();
}
