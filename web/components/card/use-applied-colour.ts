import { useState } from 'react';
import { DEFAULT_THEME_COLOUR, isCompleteHexColour } from '#src/colour.ts';

/**
 * The last complete colour of a hex field (spec section 5: the theme applies only once the value has all
 * 7 characters), so a preview keeps its colour while someone types '#9' on the way to '#9333EA'.
 */
export function useAppliedColour(value: string): string {
  const [applied, setApplied] = useState(() => (isCompleteHexColour(value) ? value : DEFAULT_THEME_COLOUR));
  // React's "adjust state while rendering" pattern: no effect, no extra render with a stale colour
  if (isCompleteHexColour(value) && value !== applied) setApplied(value);
  return applied;
}
