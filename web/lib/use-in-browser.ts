import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False while a page is rendered outside a browser (the landing page's build-time render) and during the
 * browser's first render over that HTML, true after: what only a browser can know (the session, the
 * shell's meta elements) must render the same as the build did until then, or React discards the page.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
