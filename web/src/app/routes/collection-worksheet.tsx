import { useParams } from 'react-router-dom';
import { WorksheetPage } from '../../features/cae-coverage/components/worksheet-page.tsx';

/** /collections/{id}/cae-worksheet (issue 27 item 3): the printable CAE mapping worksheet; loaded on demand. */
export function Component() {
  const id = useParams().id ?? '';
  return <WorksheetPage key={id} id={id} />;
}
