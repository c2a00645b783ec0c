import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Runs `onTarget` when the address points at this section (/dashboard/support#contact), on arrival and on
 * every later click of a link to it, so the section gets the keyboard focus and not only the scroll.
 */
export function useHashTarget(id: string, onTarget: () => void): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === `#${id}`) onTarget();
    // `key` changes with each navigation, also to the same hash
  }, [hash, key, id, onTarget]);
}
