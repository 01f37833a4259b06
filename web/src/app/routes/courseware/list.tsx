import { lazy } from 'react';
import { CoursewareLanding } from '../../../features/courseware/components/courseware-landing.tsx';
import { DownloadPartsProvider } from '../../../features/courseware/components/download-parts.tsx';
import { EditorPartsProvider } from '../../../features/courseware/components/editor/editor-parts.tsx';
import { type FilterPickers, FilterPickersProvider } from '../../../features/courseware/components/filter-pickers.tsx';
import { LibraryPartProvider } from '../../../features/courseware/components/library-part.tsx';
import { SaveSearchPartProvider } from '../../../features/courseware/components/save-search-part.tsx';
import { ON_DEMAND_DOWNLOAD_PARTS } from './download-parts-on-demand.tsx';
import { EDITOR_PARTS } from './editor-parts.ts';
import { LIBRARY_ACTIONS } from './library-part.ts';

/**
 * The contributor, knowledge and work-role pickers of the search filters, composed here
 * (features do not import each other) and loaded with the filter panel, on demand.
 */
const PICKERS: FilterPickers = {
  ContributorPicker: lazy(() =>
    import('../../../features/contributors/components/contributor-picker.tsx').then((module) => ({
      default: module.ContributorPicker,
    })),
  ),
  KnowledgePicker: lazy(() =>
    import('../../../features/knowledge/components/knowledge-picker.tsx').then((module) => ({
      default: module.KnowledgePicker,
    })),
  ),
  // Issue 27 item 1: the work-role filter, from the work-roles feature.
  WorkRolePicker: lazy(() =>
    import('../../../features/work-roles/components/work-role-picker.tsx').then((module) => ({
      default: module.WorkRolePicker,
    })),
  ),
};

/** "Save this search" (issue 24 item 8), from the saved-searches feature, loaded when a signed-in reader searches. */
const SAVE_SEARCH = lazy(() => import('../../../features/saved-searches/components/save-search-button.tsx'));

/** /courseware (spec §2.5), with the editor's parts for creating mode (`creating=1`); loaded on demand. */
export function Component() {
  return (
    <FilterPickersProvider pickers={PICKERS}>
      <EditorPartsProvider parts={EDITOR_PARTS}>
        <DownloadPartsProvider parts={ON_DEMAND_DOWNLOAD_PARTS}>
          <SaveSearchPartProvider part={SAVE_SEARCH}>
            <LibraryPartProvider part={LIBRARY_ACTIONS}>
              <CoursewareLanding />
            </LibraryPartProvider>
          </SaveSearchPartProvider>
        </DownloadPartsProvider>
      </EditorPartsProvider>
    </FilterPickersProvider>
  );
}
