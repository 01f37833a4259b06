import { useParams } from 'react-router-dom';
import { WorkRoleScreen } from '../../features/work-roles/components/work-role-screen.tsx';

/** /work-roles/{id} (issue 27 item 1; decision record 079): one NICE work role's page; loaded on demand. */
export function Component() {
  const id = useParams().id ?? '';
  return <WorkRoleScreen key={id} id={id} />;
}
