import { listCompetencyAreas, listWorkRoles as listWorkRoleItems } from '../../data/work-roles.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/work-roles?generation` (issue 27 item 1): the NICE work roles of one
 * generation, or both (2017 first), by id, with the competency areas. Answered from the
 * container's cached set, read again only when the knowledge revision changes.
 */
export const listWorkRoles = defineRoute('listWorkRoles', async ({ query }) => {
  const [items, competencyAreas] = await Promise.all([listWorkRoleItems(query.generation), listCompetencyAreas()]);
  return { items: [...items], competencyAreas: [...competencyAreas] };
});
