import type { UseQueryResult } from '@tanstack/react-query';
import { type ContentSubtree, describeSubtree } from '#shared/contracts/content-subtree';

/** Which subtree action a confirmation is for. */
export type SubtreeAction = 'archive' | 'restore' | 'delete';

/**
 * The description of a subtree confirmation (issue 21 item 12): while counting
 * "Counting the items under it…", on a failed count a sentence saying so, then the
 * count in words ("This deletes the course “Intro” and the 12 items under it (9
 * exercises and 3 modules).") and what follows for them.
 */
export function subtreeDescription(action: SubtreeAction, count: UseQueryResult<ContentSubtree>): string {
  const subtree = count.data;
  if (!subtree) {
    return count.isError
      ? 'The items under this content could not be counted, so nothing can be changed yet.'
      : 'Counting the items under this content…';
  }
  switch (action) {
    case 'delete': {
      const files =
        subtree.files === 0
          ? ''
          : ` ${subtree.files === 1 ? 'Its file is' : `Their ${subtree.files} files are`} deleted too.`;
      return `${describeSubtree('deletes', subtree)}${files} This cannot be undone.`;
    }
    case 'archive': {
      const already = subtree.archived === 0 ? '' : ` ${subtree.archived} of them are archived already.`;
      return `${describeSubtree('archives', subtree)}${already} Visitors no longer see any of them, and they can only be restored, not edited, until then.`;
    }
    case 'restore': {
      const restored =
        subtree.archived === subtree.descendants
          ? subtree
          : { ...subtree, descendants: subtree.archived, byCategory: [] };
      return `${describeSubtree('restores', restored)} They come back as unpublished: only editors see them until they are published.`;
    }
  }
}
