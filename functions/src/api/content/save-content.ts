import * as contentSaves from '../../services/content-save.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/content-saves` (spec §4 "Saving content, in order"; decision record
 * 020): the whole editor's save as ONE transaction (`services/content-save.ts`).
 * Answers 200 `SavedContent`.
 */
export const saveContent = defineRoute('saveContent', ({ body, caller }) => contentSaves.saveContent(body, caller));
