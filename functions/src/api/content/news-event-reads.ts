import { EVENT_NOT_FOUND_MESSAGE, NEWS_NOT_FOUND_MESSAGE } from '#shared/contracts/news';
import type { NewsEventKind } from '../../data/keys.ts';
import { getNewsEventById, getNewsEventByLink, type NewsEventItem } from '../../data/news-events.ts';
import { looksLikeEntityId } from '../../domain/ids.ts';
import { seesUnpublished } from '../../domain/news-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Caller } from '../../lib/handler.ts';

/*
 * Reading one news item or event (spec §2.10, §8; decision record 024), apart from the
 * writes of `services/news-events.ts`, so the readers (get-news, get-event, the html
 * group) bundle none of the write code (issue 22 item 7; decision record 041).
 */

/** The 404 message of each kind (spec §8: the SPA ignores it and goes back to the list). */
export const NOT_FOUND_MESSAGE: Record<NewsEventKind, string> = {
  news: NEWS_NOT_FOUND_MESSAGE,
  event: EVENT_NOT_FOUND_MESSAGE,
};

/**
 * The item of `kind` named by `idOrLink` (an id when it has the shape of one, else —
 * or when no item has that id — a link) that `caller` may see: published for
 * everyone, unpublished only for content editors (spec §6).
 * @throws NotFoundError with the kind's message of spec §8 otherwise; a hidden item
 *   answers exactly like a missing one.
 */
export async function findVisibleNewsEvent<K extends NewsEventKind>(
  kind: K,
  idOrLink: string,
  caller: Caller,
): Promise<NewsEventItem<K>> {
  const visible = (item: NewsEventItem<K> | null) =>
    item !== null && (item.status === 'published' || seesUnpublished(caller?.principal ?? null));
  let item = looksLikeEntityId(idOrLink) ? await getNewsEventById(kind, idOrLink) : null;
  if (!visible(item)) item = await getNewsEventByLink(kind, idOrLink);
  if (!item || !visible(item)) throw new NotFoundError(NOT_FOUND_MESSAGE[kind]);
  return item;
}
