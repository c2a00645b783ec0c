import type { Locale } from './i18n.ts';

// The demo card behind the landing page's 'View Demo' (server/demo/). The landing page shows the button
// only while the demo card answers: the server says so in the client's HTML shell, and sends the landing
// page prerendered with or without the button to match (web/prerender.tsx, server/web/routes.ts).

/** The demo account's username: its card is at /demo (a reserved name nobody else can take). */
export const DEMO_USERNAME = 'demo';

/** Where 'View Demo' leads. */
export const DEMO_CARD_PATH = `/${DEMO_USERNAME}`;

/** The meta element of the HTML shell that is present, naming DEMO_CARD_PATH, while the demo card answers. */
export const DEMO_CARD_META = 'tapcard-demo-card';

/** The file of the landing page prerendered in a language, with or without 'View Demo'. */
export function prerenderedLandingFile(locale: Locale, withDemo: boolean): string {
  return `landing.${locale}${withDemo ? '' : '.without-demo'}.html`;
}
