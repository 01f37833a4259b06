import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ContentDetailScreen } from '../../../features/courseware/components/content-detail.tsx';
import { DownloadPartsProvider } from '../../../features/courseware/components/download-parts.tsx';
import { EditorPartsProvider } from '../../../features/courseware/components/editor/editor-parts.tsx';
import { LibraryPartProvider } from '../../../features/courseware/components/library-part.tsx';
import { DOWNLOAD_PARTS } from './download-parts.tsx';
import { EDITOR_PARTS } from './editor-parts.ts';
import { LESSONS_PANEL } from './lessons-panel-part.ts';
import { LIBRARY_ACTIONS } from './library-part.ts';

const CoverageScreen = lazy(() =>
  import('../../../features/cae-coverage/components/coverage-screen.tsx').then((module) => ({
    default: module.CoverageScreen,
  })),
);

/**
 * /courseware/{idOrAlias+} (spec §2.6); the alias may hold slashes. Composes the
 * editor's contributor and knowledge parts, the lessons panel, the download parts
 * and "Save to my library" and "Add to collection" (issue 26 items 1 and 2), which belong to
 * other features. Loaded on demand.
 */
export function Component() {
  const idOrAlias = useParams()['*'] ?? '';
  // Issue 27 item 2: /courseware/{idOrAlias+}/coverage is the item's coverage (decision record 081).
  const covered = /^(.+)\/coverage$/.exec(idOrAlias)?.[1];
  if (covered) {
    return (
      <Suspense fallback={null}>
        <CoverageScreen key={covered.toLowerCase()} target={{ kind: 'content', idOrAlias: covered }} />
      </Suspense>
    );
  }
  return (
    <EditorPartsProvider parts={EDITOR_PARTS}>
      <DownloadPartsProvider parts={DOWNLOAD_PARTS}>
        <LibraryPartProvider part={LIBRARY_ACTIONS}>
          <ContentDetailScreen key={idOrAlias.toLowerCase()} idOrAlias={idOrAlias} LessonsPanel={LESSONS_PANEL} />
        </LibraryPartProvider>
      </DownloadPartsProvider>
    </EditorPartsProvider>
  );
}
