import type { Announcements, DndContextProps, UniqueIdentifier } from '@dnd-kit/core';
import { useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ProfileLinkRow } from './types.ts';

/**
 * What screen readers hear while a link is moved (dnd-kit's own texts are English only): how to pick one
 * up, and where it is as it moves, by title and position.
 */
export function useReorderAccessibility(items: readonly ProfileLinkRow[]): DndContextProps['accessibility'] {
  const { t } = useLingui();
  // the first 'over' of a drag is the link's own place, right after 'picked up': not worth saying again
  const startingOver = useRef(false);
  const count = items.length;
  const titleOf = (id: UniqueIdentifier) => items.find((link) => link.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier) => items.findIndex((link) => link.id === id) + 1;

  const announcements: Announcements = {
    onDragStart({ active }) {
      startingOver.current = true;
      const title = titleOf(active.id);
      const position = positionOf(active.id);
      return t`Picked up ${title}. It is at position ${position} of ${count}.`;
    },
    onDragOver({ active, over }) {
      if (startingOver.current) {
        startingOver.current = false;
        return undefined;
      }
      const title = titleOf(active.id);
      if (!over) return t`${title} is no longer over the list.`;
      const position = positionOf(over.id);
      return t`${title} was moved to position ${position} of ${count}.`;
    },
    onDragEnd({ active, over }) {
      const title = titleOf(active.id);
      if (!over) return t`${title} was dropped where it was.`;
      const position = positionOf(over.id);
      return t`${title} was dropped at position ${position} of ${count}.`;
    },
    onDragCancel({ active }) {
      const title = titleOf(active.id);
      const position = positionOf(active.id);
      return t`Moving was cancelled. ${title} stays at position ${position} of ${count}.`;
    },
  };

  return {
    announcements,
    screenReaderInstructions: {
      draggable: t`To pick up a link, press Space or Enter. Use the up and down arrow keys to move it. Press Space or Enter again to drop it in its new place, or Escape to cancel.`,
    },
  };
}
