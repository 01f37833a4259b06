import { Box, Button, HStack, Text } from '@chakra-ui/react';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVerticalIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One row of a {@link SortableList}: a unique id and the name people know it by. */
export interface SortableItem {
  readonly id: string;
  readonly label: string;
}

/** Props of {@link SortableList}. */
export interface SortableListProps<T extends SortableItem> {
  /** The list's accessible name (e.g. "Sections"). */
  readonly label: string;
  /** What one row is, in lower case, for the handles and announcements (e.g. "section"). */
  readonly noun: string;
  readonly items: readonly T[];
  /** Called with every id in the new order after a row was dropped somewhere else. */
  readonly onReorder: (ids: string[]) => void;
  /** Buttons at the end of a row (e.g. Edit). */
  readonly actions?: (item: T) => ReactNode;
  /**
   * While true no row can be picked up (a reorder is being saved): the handles say
   * `aria-disabled` but stay focusable, so a keyboard user's focus stays put.
   */
  readonly disabled?: boolean;
}

/**
 * The screen-reader texts of a drag (spec §2.14 "reordered by dragging"; WCAG 2.1.1,
 * 4.1.3): how to move a row with the keyboard, and where the row named `label` is
 * while it moves, as "position n of N".
 */
export function sortableTexts(noun: string, labelOf: (id: UniqueIdentifier) => string, ids: readonly string[]) {
  const position = (id: UniqueIdentifier | undefined) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  // The first "over" of a drag is the row itself: say nothing then, so "Picked up" is heard.
  let moved = false;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${noun} “${labelOf(active.id)}” at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved && over.id === active.id)) return undefined;
      moved = true;
      return `${capitalize(noun)} “${labelOf(active.id)}” is over ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalize(noun)} “${labelOf(active.id)}” dropped at ${position(over.id)}.`
        : `${capitalize(noun)} “${labelOf(active.id)}” dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${capitalize(noun)} “${labelOf(active.id)}” is back at ${position(active.id)}.`,
  };
  const screenReaderInstructions = {
    draggable: `To move this ${noun}, press Space or Enter to pick it up, the up and down arrows to move it, Space or Enter to drop it, or Escape to cancel.`,
  };
  return { announcements, screenReaderInstructions };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A list whose rows are reordered by dragging their handles (spec §2.14; @dnd-kit):
 * with a pointer (after moving 5 pixels, so a click does nothing) or the keyboard
 * (Space or Enter to lift, up and down arrows to move, Space or Enter to drop,
 * Escape to cancel), each step announced naming the row. Drops call `onReorder`
 * with the new order; the owner saves it and shows it (optimistically).
 */
export function SortableList<T extends SortableItem>({
  label,
  noun,
  items,
  onReorder,
  actions,
  disabled = false,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const labels = new Map(items.map((item) => [item.id, item.label]));
  const accessibility = sortableTexts(noun, (id) => labels.get(String(id)) ?? String(id), ids);

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Box as="ol" aria-label={label} listStyleType="none" display="flex" flexDirection="column" gap="2">
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              position={index + 1}
              noun={noun}
              actions={actions?.(item)}
              disabled={disabled}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  position,
  noun,
  actions,
  disabled,
}: {
  item: SortableItem;
  position: number;
  noun: string;
  actions: ReactNode;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  return (
    <HStack
      as="li"
      ref={setNodeRef}
      data-sortable-id={item.id}
      gap="2"
      px="2"
      py="1.5"
      borderWidth="1px"
      borderRadius="md"
      bg={isDragging ? 'bg.muted' : 'bg'}
      position="relative"
      zIndex={isDragging ? 1 : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Button
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${noun} “${item.label}”`}
        variant="ghost"
        size="sm"
        px="1"
        cursor={disabled ? 'default' : isDragging ? 'grabbing' : 'grab'}
        touchAction="none"
      >
        <GripVerticalIcon aria-hidden="true" />
      </Button>
      <Text flex="1" minW="0" truncate>
        <Text as="span" color="fg.muted" mr="2">
          {position}.
        </Text>
        {item.label}
      </Text>
      {actions}
    </HStack>
  );
}
