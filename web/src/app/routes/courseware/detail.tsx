import { useParams } from 'react-router-dom';
import { ContentDetailScreen } from '../../../features/courseware/components/content-detail.tsx';

/** /courseware/{idOrAlias+} (spec §2.6); the alias may hold slashes. Loaded on demand. */
export function Component() {
  const idOrAlias = useParams()['*'] ?? '';
  return <ContentDetailScreen key={idOrAlias.toLowerCase()} idOrAlias={idOrAlias} />;
}
