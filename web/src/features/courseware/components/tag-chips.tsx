import {
  ClipboardCheckIcon,
  FlaskConicalIcon,
  ListChecksIcon,
  NotebookPenIcon,
  TagIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { OtherTag } from '#shared/enums';
import { ChipList } from '../../../components/ui/chip.tsx';
import { isKnownOtherTag, otherTags } from '../utils/categories.ts';

const TAG_ICONS: Record<OtherTag, ReactNode> = {
  quizzes: <ListChecksIcon data-icon="quizzes" />,
  exams: <ClipboardCheckIcon data-icon="exams" />,
  homework: <NotebookPenIcon data-icon="homework" />,
  lab: <FlaskConicalIcon data-icon="lab" />,
  uncurated: <TriangleAlertIcon data-icon="uncurated" />,
};

/** The icon of a tag (spec §2.6): the five known tags have their own, any other a default. */
export function tagIcon(tag: string): ReactNode {
  const key = tag.trim().toLowerCase();
  return isKnownOtherTag(key) ? TAG_ICONS[key] : <TagIcon data-icon="tag" />;
}

/**
 * The "other tags" of a content item as chips, each with its icon beside its text
 * (spec §2.6). With `max`, the known tags come first and the rest are summed up as
 * "+N more".
 */
export function TagChips({ tags, max, size = 'md' }: { tags: readonly string[]; max?: number; size?: 'sm' | 'md' }) {
  let shown = otherTags(tags);
  let hidden = 0;
  if (max !== undefined && shown.length > max) {
    shown = [...shown.filter(isKnownOtherTag), ...shown.filter((tag) => !isKnownOtherTag(tag))];
    hidden = shown.length - max;
    shown = shown.slice(0, max);
  }
  const items = shown.map((tag) => ({ key: tag, label: tag, icon: tagIcon(tag) }));
  if (hidden > 0) items.push({ key: '+more', label: `+${hidden} more`, icon: null });
  return <ChipList label="Tags" colorPalette="gray" size={size} items={items} />;
}
