import type { Event, EventInput, News, NewsInput } from '#shared/contracts/news';
import { paths } from '../../../config/paths.ts';

/** The two kinds of item this feature shows: news items and events (spec §2.10). */
export type NewsEventKind = 'news' | 'event';

/** A stored item of either kind. */
export type NewsEventItem = News | Event;

/** The stored item of a kind. */
export type ItemOf<K extends NewsEventKind> = K extends 'news' ? News : Event;

/** The create/update body of a kind. */
export type InputOf<K extends NewsEventKind> = K extends 'news' ? NewsInput : EventInput;

/** True for a news item (it has `externalLink`; an event has `location`). */
export function isNews(item: NewsEventItem): item is News {
  return 'externalLink' in item;
}

/** The words and addresses of each kind, as the lists, dialogs and home blocks show them. */
export const KIND_TEXT = {
  news: {
    /** Heading of the list page and its document title. */
    listTitle: 'News',
    /** "a news item" in sentences. */
    singular: 'news item',
    /** The list's address; an item's is `<listPath>/<link>`. */
    listPath: paths.news,
    empty: 'No news yet.',
    addLabel: 'Add news',
    createTitle: 'Add news',
    editTitle: 'Edit news',
    loadError: 'The news could not be loaded.',
    deleteTitle: 'Delete news',
    deleteRequired: 'The checkbox is required to delete this news item.',
    deleteAcknowledge: 'I understand that this news item will be deleted permanently.',
  },
  event: {
    listTitle: 'Events',
    singular: 'event',
    listPath: paths.events,
    empty: 'No events yet.',
    addLabel: 'Add event',
    createTitle: 'Add event',
    editTitle: 'Edit event',
    loadError: 'The events could not be loaded.',
    deleteTitle: 'Delete event',
    deleteRequired: 'The checkbox is required to delete this event.',
    deleteAcknowledge: 'I understand that this event will be deleted permanently.',
  },
} as const satisfies Record<NewsEventKind, Record<string, string>>;

/** The in-app address of an item: `/news/<link>` or `/events/<link>` (its id when it has no link). */
export function itemPath(kind: NewsEventKind, item: Pick<NewsEventItem, 'id' | 'link'>): string {
  return `${KIND_TEXT[kind].listPath}/${encodeURIComponent(item.link || item.id)}`;
}
