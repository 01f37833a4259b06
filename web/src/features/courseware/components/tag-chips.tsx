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

/** The "other tags" of a content item as chips with icons. */
export function TagChips({ tags }: { tags: readonly string[] }) {
  return (
    <ChipList
      label="Tags"
      colorPalette="gray"
      items={otherTags(tags).map((tag) => ({ key: tag, label: tag, icon: tagIcon(tag) }))}
    />
  );
}
