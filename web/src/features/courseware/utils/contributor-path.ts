import { paths } from '../../../config/paths.ts';

/** The address of a contributor's public page, `/contributors/{id}` (issue 24 item 6). */
export function contributorPath(id: string): string {
  return `${paths.contributors}/${encodeURIComponent(id)}`;
}
