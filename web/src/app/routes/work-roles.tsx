import { WorkRolesScreen } from '../../features/work-roles/components/work-roles-screen.tsx';

/** /work-roles (issue 27 item 1; decision record 079): the NICE work roles of both generations; loaded on demand. */
export function Component() {
  return <WorkRolesScreen />;
}
