import { lazy } from 'react';

/**
 * "Save to my library" (issue 26 item 1), from the library feature, for the courseware
 * screens' cards and pages: loaded when a signed-in reader first sees one.
 */
export const SAVE_TO_LIBRARY = lazy(() => import('../../../features/library/components/save-to-library-button.tsx'));
