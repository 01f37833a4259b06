import { createContributor as createContributorItem } from '../../data/contributors.ts';
import { newId } from '../../domain/ids.ts';
import { defineRoute } from './define-route.ts';

/** `POST /api/v1/contributors` (spec §5 "Contributor", §7): answers 201 `{ id }`. */
export const createContributor = defineRoute('createContributor', async ({ body }) => {
  const id = newId();
  await createContributorItem({ id, ...body, portraitFileId: body.portraitFileId ?? null });
  return { id };
});
