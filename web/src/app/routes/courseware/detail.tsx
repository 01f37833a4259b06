import { useParams } from 'react-router-dom';
import { ContentDetailScreen } from '../../../features/courseware/components/content-detail.tsx';
import { DownloadPartsProvider } from '../../../features/courseware/components/download-parts.tsx';
import { EditorPartsProvider } from '../../../features/courseware/components/editor/editor-parts.tsx';
import { DOWNLOAD_PARTS } from './download-parts.tsx';
import { EDITOR_PARTS, LESSONS_PANEL } from './editor-parts.ts';

/**
 * /courseware/{idOrAlias+} (spec §2.6); the alias may hold slashes. Composes the
 * editor's contributor and knowledge parts, the lessons panel and the download
 * parts, which belong to other features. Loaded on demand.
 */
export function Component() {
  const idOrAlias = useParams()['*'] ?? '';
  return (
    <EditorPartsProvider parts={EDITOR_PARTS}>
      <DownloadPartsProvider parts={DOWNLOAD_PARTS}>
        <ContentDetailScreen key={idOrAlias.toLowerCase()} idOrAlias={idOrAlias} LessonsPanel={LESSONS_PANEL} />
      </DownloadPartsProvider>
    </EditorPartsProvider>
  );
}
