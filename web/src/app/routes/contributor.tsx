import { useParams } from 'react-router-dom';
import { ContributorScreen } from '../../features/courseware/components/contributor-page.tsx';

/** /contributors/{id}: a contributor's public page (issue 24 item 6); loaded on demand. */
export function Component() {
  const id = useParams().id ?? '';
  return <ContributorScreen key={id} id={id} />;
}
