import { createContext, useContext } from 'react';
import { DEMO_CARD_META } from '#src/demo.ts';

/**
 * Whether the demo card answers, as given to the build-time render of each version of the landing page
 * (web/prerender.tsx). Null in the browser, where the HTML shell says it instead.
 */
export const DemoCardContext = createContext<boolean | null>(null);

/**
 * True while /demo shows a card: the server writes DEMO_CARD_META into the shell then, and sends the
 * landing page prerendered to match, so the browser's first render agrees with the HTML it takes over.
 */
export function useDemoCardShown(): boolean {
  const prerendered = useContext(DemoCardContext);
  if (prerendered !== null) return prerendered;
  return document.querySelector(`meta[name="${DEMO_CARD_META}"]`) !== null;
}
