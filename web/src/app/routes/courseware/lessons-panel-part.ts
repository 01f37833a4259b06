import { createElement, lazy } from 'react';
import type { LessonsPanelComponent } from '../../../features/courseware/components/content-detail.tsx';

/**
 * The lessons of a content item (spec §3 Lesson), from the lessons feature, each
 * artifact with the previews and downloads features' buttons (spec §6 "View lesson files"); loaded
 * on demand.
 */
export const LESSONS_PANEL: LessonsPanelComponent = lazy(() =>
  Promise.all([
    import('../../../features/lessons/components/lessons-panel.tsx'),
    // With the panel, not statically: the content page's eager chunks stay without the buttons.
    import('./lesson-file-actions.tsx'),
  ]).then(([lessons, actions]) => ({
    default: (props: { contentId: string; canEdit: boolean }) =>
      createElement(lessons.LessonsPanel, { ...props, FileAction: actions.LessonFileActions }),
  })),
);
