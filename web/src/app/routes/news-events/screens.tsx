import { useParams } from 'react-router-dom';
import { NewsEventDetail } from '../../../features/news-events/components/news-event-detail.tsx';
import { NewsEventList } from '../../../features/news-events/components/news-event-list.tsx';

/**
 * The news and event screens (spec §2.10), loaded on demand by
 * {@link ../news-events/routes.tsx newsEventRoutes}.
 */

/** `/news`: the news list. */
export function NewsListRoute() {
  return <NewsEventList kind="news" />;
}

/** `/news/:alias`: one news item by id or link. */
export function NewsDetailRoute() {
  const alias = useParams().alias ?? '';
  return <NewsEventDetail key={alias.toLowerCase()} kind="news" idOrLink={alias} />;
}

/** `/events`: the events list. */
export function EventListRoute() {
  return <NewsEventList kind="event" />;
}

/** `/events/:alias`: one event by id or link. */
export function EventDetailRoute() {
  const alias = useParams().alias ?? '';
  return <NewsEventDetail key={alias.toLowerCase()} kind="event" idOrLink={alias} />;
}
