import { createElement, lazy } from 'react';
import type { LessonsPanelComponent } from '../../../features/courseware/components/content-detail.tsx';
import type { EditorParts } from '../../../features/courseware/components/editor/editor-parts.tsx';

/**
 * What the content editor borrows from the contributors and knowledge features,
 * composed here because features do not import each other (STYLE.md); each loads on
 * demand with the editor, as visitors never need them.
 */
export const EDITOR_PARTS: EditorParts = {
  ContributorsEditor: lazy(() =>
    import('../../../features/contributors/components/contributors-editor.tsx').then((module) => ({
      default: module.ContributorsEditor,
    })),
  ),
  KnowledgeEditor: lazy(() =>
    import('../../../features/knowledge/components/knowledge-picker.tsx').then((module) => ({
      default: module.KnowledgePicker,
    })),
  ),
};

/**
 * The lessons of a content item (spec §3 Lesson), from the lessons feature, each
 * artifact with the previews and downloads features' buttons (spec §6 "View lesson files"); loaded
 * on demand.
 */
export const LESSONS_PANEL: LessonsPanelComponent = lazy(() =>
  Promise.all([
    import('../../../features/lessons/components/lessons-panel.tsx'),
    // With the panel, not statically: the courseware list imports this module (first render).
    import('./lesson-file-actions.tsx'),
  ]).then(([lessons, actions]) => ({
    default: (props: { contentId: string; canEdit: boolean }) =>
      createElement(lessons.LessonsPanel, { ...props, FileAction: actions.LessonFileActions }),
  })),
);
