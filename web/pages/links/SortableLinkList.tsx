import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { SortableLinkItem } from './SortableLinkItem.tsx';
import type { ProfileLinkList, ProfileLinkRow } from './types.ts';
import { useReorderAccessibility } from './use-reorder-accessibility.ts';
import { useReorderLinks } from './use-reorder-links.ts';

/**
 * The profile links in their public order, reordered by dragging a handle with a mouse or a finger, or
 * from the keyboard (Space to pick up, arrow keys to move, Space to drop).
 */
export function SortableLinkList({
  items,
  swapOut,
}: {
  items: ProfileLinkRow[];
  swapOut: ProfileLinkList['swapOut'];
}) {
  const reorder = useReorderLinks();
  const accessibility = useReorderAccessibility(items);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((link) => link.id === active.id);
    const to = items.findIndex((link) => link.id === over.id);
    if (from < 0 || to < 0) return;
    void reorder(arrayMove(items, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={items.map((link) => link.id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-2">
          {items.map((link) => (
            <SortableLinkItem key={link.id} link={link} swapOut={swapOut} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
