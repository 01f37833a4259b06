import { useParams } from 'react-router-dom';
import { ContributorScreen } from '../../features/courseware/components/contributor-page.tsx';
import { LibraryPartProvider } from '../../features/courseware/components/library-part.tsx';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { LIBRARY_ACTIONS } from './courseware/library-part.ts';
import { NotFoundRoute } from './not-found.tsx';

/**
 * /contributors/{id}: a contributor's public page (issue 24 item 6; decision record
 * 057), its cards with "Save to my library" and "Add to collection" (issue 26 items 1 and 2), not found while the courseware flag is off (like the courseware list); loaded
 * on demand.
 */
export function Component() {
  const id = useParams().id ?? '';
  const { flags } = useRuntimeConfig();
  if (!flags.courseware) return <NotFoundRoute />;
  return (
    <LibraryPartProvider part={LIBRARY_ACTIONS}>
      <ContributorScreen key={id} id={id} />
    </LibraryPartProvider>
  );
}
