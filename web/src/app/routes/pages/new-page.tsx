import { NewPageScreen } from '../../../features/pages/components/editor/new-page-screen.tsx';
import { RequireCapabilities } from '../../../lib/auth/guards.tsx';

/**
 * /pages/new (spec §2.3 "Add new page", §2.14): editors only (the route's loader
 * sends everyone else home, and so does losing the capability while here); the
 * page dialog in create mode.
 */
export function Component() {
  return (
    <RequireCapabilities capabilities={['updateContent']}>
      <NewPageScreen />
    </RequireCapabilities>
  );
}
