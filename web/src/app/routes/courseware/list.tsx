import { CoursewareLanding } from '../../../features/courseware/components/courseware-landing.tsx';

/** /courseware (spec §2.5); loaded on demand. */
export function Component() {
  return <CoursewareLanding />;
}
