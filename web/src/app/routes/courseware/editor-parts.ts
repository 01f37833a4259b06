import { lazy } from 'react';
import type { EditorParts } from '../../../features/courseware/components/editor/editor-parts.tsx';

/**
 * What the content editor borrows from the contributors and knowledge features,
 * composed here because features do not import each other (STYLE.md); each loads on
 * demand with the editor, as visitors never need them. The courseware list imports this
 * module (first render), so nothing else belongs here: the lessons panel is in
 * `lessons-panel-part.ts`, which only the content page imports.
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
