import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/pages/{id}/sections` (spec §3 "Section", §5 "Widgets", §7 "Pages";
 * decision record 026), for content editors: adds a section after the last one (its
 * HTML sanitised; at most 50 sections, 60 widgets, 390,000 bytes; several widgets
 * only of giant icon buttons), in one transaction with the page's version check.
 * The widget files it names must be the caller's Ready, unattached page uploads
 * (`widgetImage` for image widgets, `widgetFile` for the file widget; a team member's
 * avatar and logo at most 50,000 bytes), else 400 at `body.widgets.<i>.files.<j>`;
 * they are attached to the section (owner = section id) in the same transaction,
 * and stored with their record's media type. Answers 201 with the page and its sections.
 */
export const createSection = defineRoute('createSection', ({ path, body, caller }) =>
  pages.createSection(path.id, body, caller?.sub ?? ''),
);
