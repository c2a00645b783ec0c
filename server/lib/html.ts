// Escaping for HTML the server writes itself (e-mails, the dev mailbox, public pages). Every value that
// did not come from our own source code goes through escapeHtml before it touches markup.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe to place in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The site's icons, the client's public files (web/public): card hosts serve them too (card-host.ts). */
export const SITE_ICONS = {
  svg: '/favicon.svg',
  appleTouch: '/apple-touch-icon.png',
  /** Asked for by browsers on their own, without a link to it. */
  ico: '/favicon.ico',
} as const;

/**
 * The site's icons, in the <head> of every page the server writes, as index.html has them: without them a
 * browser asks for /favicon.ico on its own (served too, for browsers without SVG icons).
 */
export const ICON_LINKS = `<link rel="icon" href="${SITE_ICONS.svg}" type="image/svg+xml"><link rel="apple-touch-icon" href="${SITE_ICONS.appleTouch}">`;
