import { type SaveContentRequest, SavedContent } from '#shared/contracts/content-save';
import { apiPost } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * Saves a content item in the order of spec §4 "Saving content" as one call
 * (`POST /api/v1/content-saves`, decision record 020): contributors, the item if
 * new, new children, renamed children, new files and the item update, in one
 * transaction. New children and contributors are named by draft keys; new files must
 * already be uploaded and completed. Answers the stored item and the ids the save
 * created by draft key. Throws `ApiError`: 400 with field messages (`fields.name`,
 * `children.3.name`, `files.1.name`, `newContributors.0.email`…), 409
 * `CONTENT_STALE_MESSAGE` when `version` is not the stored one, or `ALIAS_TAKEN_MESSAGE`.
 */
export function saveContent(body: SaveContentRequest) {
  return apiPost(coursewareApiUrl('saveContent'), body, SavedContent);
}
