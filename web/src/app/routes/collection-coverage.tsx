import { useParams } from 'react-router-dom';
import { CoverageScreen } from '../../features/cae-coverage/components/coverage-screen.tsx';

/** /collections/{id}/coverage (issue 27 item 2): a collection's CAE and NICE coverage; loaded on demand. */
export function Component() {
  const id = useParams().id ?? '';
  return <CoverageScreen key={id} target={{ kind: 'collection', id }} />;
}
