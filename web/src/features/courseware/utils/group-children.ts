import type { ChildContent } from '#shared/contracts/content';
import type { ContentCategory } from '#shared/enums';
import { mainCategory } from './categories.ts';

export interface ChildGroup {
  readonly category: ContentCategory | null;
  readonly items: ChildContent[];
}

/** Children in index order, grouped by main category in order of first appearance (spec §2.6). */
export function groupChildren(children: readonly ChildContent[]): ChildGroup[] {
  const groups = new Map<ContentCategory | null, ChildContent[]>();
  for (const child of [...children].sort((a, b) => a.index - b.index)) {
    const category = mainCategory(child.categories);
    const group = groups.get(category);
    if (group) group.push(child);
    else groups.set(category, [child]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}
