import { createContent } from '../data/content.ts';
import { createContributor } from '../data/contributors.ts';
import { newId } from '../domain/ids.ts';
import { contentRecord } from './content-record.ts';

/**
 * The items the over-HTTP rating and review cases act on (issue 26 item 3): a published
 * item whose one contributor has `contributorEmail` (so that user may respond), and an
 * unpublished item. Written here, in test support, so the IAM grants proof attributes
 * its calls to the test's setup. Answers their ids.
 */
export async function createRatedItems(
  contributorEmail: string,
): Promise<{ readonly item: string; readonly unpublished: string }> {
  const contributor = await createContributor({
    id: newId(),
    prefix: null,
    middleName: null,
    suffix: null,
    title: null,
    firstName: 'Eddie',
    lastName: 'Reviewed',
    school: 'Omaha',
    email: contributorEmail,
    portraitFileId: null,
  });
  const item = contentRecord('Over HTTP rated lab', { id: newId(), contributors: [{ id: contributor.id, index: 0 }] });
  const published = await createContent(item);
  const draft = await createContent(contentRecord('Over HTTP unrated draft', { id: newId(), status: 'unpublished' }));
  return { item: published.id, unpublished: draft.id };
}
