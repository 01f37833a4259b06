import { useLocation } from 'react-router-dom';
import { PageView } from '../../../features/pages/components/page-view.tsx';
import { NotFoundRoute } from '../not-found.tsx';
import { SITE_PAGES } from './routes.tsx';

/**
 * The screen of an editable site page (`/team`, `/resources`, `/terms-of-use`,
 * `/privacy`): the CMS page whose `href` is the path, or the not-found page when
 * there is none. Loaded on demand by {@link ./routes.tsx sitePageRoutes}.
 */
export function Component() {
  const { pathname } = useLocation();
  const title = SITE_PAGES.find((page) => page.path === pathname.toLowerCase().replace(/\/+$/, ''))?.title ?? 'Page';
  return <PageView key={pathname} href={pathname} notFound={<NotFoundRoute />} fallbackTitle={title} />;
}
