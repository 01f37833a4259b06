import { keepHtmlImage } from '../data/files.ts';
import { publicFileIdsIn } from '../domain/html-image-files.ts';

/**
 * Keeps the rich text editor's images a write names (issue 25 item 1; decision record
 * 063): each `/public/files/<id>` in `values` that is the caller's own Ready, unattached
 * `htmlImage` upload (`uploadedBy`: the caller's `sub`) loses its TTL (`keepHtmlImage`), so it outlives the day an
 * unnamed upload has. Called BEFORE the write that names them (content save, draft,
 * news and event, page section): a write that then fails leaves at worst a kept image
 * nobody shows, never a shown image that expires. No save detaches one — a revision
 * restored later may show it again. Answers the ids kept by this call.
 * @throws the store's errors other than a failed condition.
 */
export async function keepNamedHtmlImages(
  values: unknown,
  uploadedBy: string | undefined,
  now: Date = new Date(),
): Promise<string[]> {
  if (!uploadedBy) return [];
  const ids = publicFileIdsIn(values);
  const kept = await Promise.all(ids.map((id) => keepHtmlImage(id, uploadedBy, now)));
  return ids.filter((_, index) => kept[index]);
}
