import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { isHttpUrl } from '../../src/url.ts';
import { escapeHtml, ICON_LINKS } from '../lib/html.ts';
import { countDevMailbox, devMailboxDir, listDevMailbox, readDevMail, type StoredMail } from './mailer.ts';

// The dev mailbox in the browser: what the app "sent" without SMTP_URL, with clickable
// links, so sign-up and reset can be tried on one machine. Outside production only: in production these
// routes do not exist. Server-rendered, no script (the app's CSP allows none inline).

/** Newest messages shown on the page; older ones stay on disk. */
const PAGE_SIZE = 100;

/** For a stored e-mail's own HTML: no script, no fetches, no forms, sandboxed, never framed. */
const MAIL_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: http: https:',
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  'sandbox',
].join('; ');

export async function registerDevMailRoutes(app: FastifyInstance, config: Config): Promise<void> {
  if (config.env === 'production') return;

  // GET /dev/mail – the stored messages, newest first
  app.get(serverPaths.devMail, async (_request, reply) => {
    const [messages, total] = await Promise.all([
      listDevMailbox(config.dataDir, { limit: PAGE_SIZE }),
      countDevMailbox(config.dataDir),
    ]);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailboxPage(config, messages, total));
  });

  // GET /dev/mail/:id – one message's HTML, as the recipient sees it
  app.get<{ Params: { id: string } }>(`${serverPaths.devMail}/:id`, async (request, reply) => {
    const mail = await readDevMail(config.dataDir, request.params.id);
    if (!mail) throw new AppError('not_found');
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAIL_HTML_CSP)
      .type('text/html; charset=utf-8')
      .send(mail.html);
  });
}

/** Plain text with its http(s) links made clickable; everything escaped. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    // punctuation that ends a sentence is not part of the link
    const url = match[0].replace(/[.,;:!?)\]'»”]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += isHttpUrl(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url);
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function renderMailboxPage(config: Config, messages: StoredMail[], total: number): string {
  const e = escapeHtml;
  const notice = config.mail.smtpUrl
    ? '<p class="notice">SMTP_URL is set: new messages go to the SMTP server, not here.</p>'
    : '';
  const summary =
    total === 0
      ? 'No messages yet. E-mails the app sends (sign-up, password reset, support) appear here.'
      : `${total} message${total === 1 ? '' : 's'}, newest first${total > messages.length ? ` (the latest ${messages.length} shown)` : ''}.`;
  const items = messages
    .map((mail) => {
      const replyTo = mail.replyTo ? `<dt>Reply-To</dt><dd>${e(mail.replyTo)}</dd>` : '';
      return `<article>
<h2>${e(mail.subject)}</h2>
<dl><dt>Sent</dt><dd><time datetime="${e(mail.date)}">${e(mail.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd>
<dt>To</dt><dd>${e(mail.to)}</dd><dt>From</dt><dd>${e(mail.from)}</dd>${replyTo}</dl>
<p><a href="/dev/mail/${e(encodeURIComponent(mail.id))}">View the HTML version</a></p>
<pre>${linkify(mail.text)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox – Tapcard</title>
${ICON_LINKS}
<style>
body { margin: 0; padding: 24px; background: #f4f6f8; color: #0f172a; font: 15px/1.5 system-ui, sans-serif; }
main { max-width: 860px; margin: 0 auto; }
h1 { margin: 0 0 4px; font-size: 24px; }
h1 span { color: #00C2FF; }
.muted { color: #64748b; margin: 0 0 24px; }
.notice { padding: 8px 12px; background: #fff7ed; border: 1px solid #fdba74; border-radius: 8px; }
article { background: #fff; border-radius: 12px; border-top: 4px solid #00C2FF; padding: 16px 20px; margin: 0 0 16px; }
h2 { margin: 0 0 8px; font-size: 18px; word-break: break-word; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; font-size: 14px; }
dt { color: #64748b; }
dd { margin: 0; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; background: #f8fafc; padding: 12px; border-radius: 8px; margin: 0; font-size: 13px; }
a { color: #0077a3; }
</style>
</head>
<body>
<main>
<h1><span>&#9679;</span> Dev mailbox</h1>
<p class="muted">${e(summary)} Kept in ${e(devMailboxDir(config.dataDir))}. Not available in production.</p>
${notice}
${items}
</main>
</body>
</html>
`;
}
