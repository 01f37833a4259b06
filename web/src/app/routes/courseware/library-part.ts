import { lazy } from 'react';

/**
 * "Save to my library" and "Add to collection" (issue 26 items 1 and 2), from the library
 * and collections features, for the courseware screens' cards and pages: loaded when a
 * signed-in reader first sees one.
 */
export const LIBRARY_ACTIONS = lazy(() => import('./library-actions.tsx'));
