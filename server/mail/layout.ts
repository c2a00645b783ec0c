import { LOCALES, type Locale } from '../../src/i18n.ts';
import { toSingleLine } from '../../src/text.ts';
import { isHttpUrl } from '../../src/url.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { escapeHtml } from '../lib/html.ts';
import { translatorFor } from '../lib/server-i18n.ts';

// One layout for every e-mail, as plain text and as HTML. Templates hand over plain strings only; this
// file escapes every one of them, so no template can forget to (server/mail/templates.ts). Its own words
// come from the server's Lingui catalog (locales/{locale}/server.po, through server/lib/server-i18n.ts).

/** What a template says; the layout decides how it looks. */
export interface MailContent {
  subject: string;
  /** The line mail clients show after the subject; hidden in the body. */
  preview: string;
  heading: string;
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows, e.g. who wrote a support message. */
  details?: { label: string; value: string }[];
  /** Text someone wrote (a support message), shown as a block with its line breaks kept. */
  quote?: string;
  /** The one button; its URL is also printed as text for clients that do not show buttons. */
  action?: { label: string; url: string };
  /** Small print after the button: validity, "if this was not you". */
  notes: string[];
  /** Off for mails to the team, which are not signed by the team. */
  signed?: boolean;
}

/** A rendered e-mail: the Mailer adds the recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Under white label, the customer's name: the sender's display name (the address stays the operator's). */
  fromName?: string;
}

const BRAND = '#00C2FF';
const INK = '#0f172a';
const BODY = '#334155';
const MUTED = '#64748b';
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The words every e-mail of Tapcard's ends with. */
interface Chrome {
  /** Under the button: its link as text, for clients that do not show buttons. */
  linkFallback: string;
  signature: string;
  tagline: string;
}

function chromeIn(locale: Locale): Chrome {
  const text = translatorFor(locale);
  return {
    linkFallback: text(
      /*i18n*/ {
        id: 'mail.layout.linkFallback',
        message: 'If the button does not work, copy this link into your browser:',
        comment: "Under an e-mail's button, before its link written out",
      },
    ),
    signature: text(
      /*i18n*/ { id: 'mail.layout.signature', message: 'The Tapcard team', comment: "An e-mail's signature" },
    ),
    tagline: text(
      /*i18n*/ {
        id: 'mail.layout.tagline',
        message: 'Tapcard · digital business cards',
        comment: 'The last line of every e-mail, under its body',
      },
    ),
  };
}

const CHROME = Object.fromEntries(LOCALES.map((locale) => [locale, chromeIn(locale)])) as Record<
  Locale,
  Chrome
>;

/**
 * Header fields are one line: a line break in user text must never start a new header, and no control or
 * invisible formatting character (stored before src/text.ts refused them) reaches a subject.
 */
export function singleLine(value: string): string {
  return toSingleLine(value).replace(/\s+/g, ' ').trim();
}

/** The signature and tagline: Tapcard's, or under white label the customer's name alone. */
function chromeOf(locale: Locale, branding: Branding): { signature: string; tagline: string } {
  return branding.kind === 'tapcard' ? CHROME[locale] : { signature: branding.name, tagline: branding.name };
}

/**
 * The e-mail in Tapcard's brand, or under white label the customer's (server/branding/branding.ts): their
 * name and logo (an absolute URL) in its head, signature and tagline, and as the sender's display name.
 */
export function renderMail(
  locale: Locale,
  content: MailContent,
  branding: Branding = TAPCARD_BRANDING,
): RenderedMail {
  if (content.action && !isHttpUrl(content.action.url)) {
    // links are built by the server from PUBLIC_URL; anything else is a bug, never sent
    throw new Error(`refusing to put a non-http(s) link into an e-mail: ${content.action.url}`);
  }
  return {
    subject: singleLine(content.subject),
    text: renderText(locale, content, branding),
    html: renderHtml(locale, content, branding),
    ...(branding.kind === 'customer' ? { fromName: singleLine(branding.name) } : {}),
  };
}

/** The head of the HTML e-mail: Tapcard's mark and name, or the customer's logo and name. */
function masthead(branding: Branding): string {
  if (branding.kind === 'tapcard') return `<span style="color:${BRAND};">&#9679;</span> Tapcard`;
  const logo =
    branding.logo && isHttpUrl(branding.logo)
      ? `<img src="${escapeHtml(branding.logo)}" alt="" width="32" height="32" style="vertical-align:middle;object-fit:contain;"> `
      : '';
  return logo + escapeHtml(branding.name);
}

function renderText(locale: Locale, content: MailContent, branding: Branding): string {
  const chrome = chromeOf(locale, branding);
  const blocks: string[] = [content.heading];
  if (content.greeting) blocks.push(content.greeting);
  blocks.push(...content.paragraphs);
  if (content.details?.length) {
    blocks.push(content.details.map(({ label, value }) => `${label}: ${value}`).join('\n'));
  }
  if (content.quote !== undefined) {
    blocks.push(
      content.quote
        .split(/\r?\n/)
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n'),
    );
  }
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(...content.notes);
  if (content.signed !== false && chrome.signature) blocks.push(`— ${chrome.signature}`);
  if (chrome.tagline) blocks.push(chrome.tagline);
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(locale: Locale, content: MailContent, branding: Branding): string {
  const chrome = { ...CHROME[locale], ...chromeOf(locale, branding) };
  const e = escapeHtml;
  const paragraph = (text: string) => `<p style="margin:0 0 16px;">${e(text)}</p>`;
  const parts: string[] = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${e(content.heading)}</h1>`,
  ];
  if (content.greeting) parts.push(paragraph(content.greeting));
  parts.push(...content.paragraphs.map(paragraph));
  if (content.details?.length) {
    const rows = content.details
      .map(
        ({ label, value }) =>
          `<tr><td style="padding:4px 16px 4px 0;color:${MUTED};white-space:nowrap;vertical-align:top;">${e(label)}</td>` +
          `<td style="padding:4px 0;color:${INK};word-break:break-word;">${e(value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">${rows}</table>`,
    );
  }
  if (content.quote !== undefined) {
    parts.push(
      `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND};background:#f1f5f9;` +
        `white-space:pre-wrap;word-break:break-word;color:${INK};">${e(content.quote)}</div>`,
    );
  }
  if (content.action) {
    const href = e(content.action.url);
    parts.push(
      `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:${BRAND};color:#00131a;` +
        `font-weight:600;text-decoration:none;padding:12px 24px;border-radius:8px;">${e(content.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:${MUTED};">${e(chrome.linkFallback)}<br>` +
        `<a href="${href}" style="color:#0077a3;word-break:break-all;">${href}</a></p>`,
    );
  }
  parts.push(
    ...content.notes.map(
      (note) => `<p style="margin:0 0 12px;font-size:14px;color:${MUTED};">${e(note)}</p>`,
    ),
  );
  if (content.signed !== false && chrome.signature) {
    parts.push(`<p style="margin:24px 0 0;">${e(chrome.signature)}</p>`);
  }

  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(singleLine(content.subject))}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${e(singleLine(content.preview))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid ${BRAND};">
<tr><td style="padding:28px 32px 0;font-family:${FONT};font-size:20px;font-weight:700;color:${INK};">${masthead(branding)}</td></tr>
<tr><td style="padding:20px 32px 32px;font-family:${FONT};font-size:16px;line-height:1.6;color:${BODY};">
${parts.join('\n')}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${FONT};font-size:12px;color:${MUTED};">${e(chrome.tagline)}</p>
</td></tr>
</table>
</body>
</html>
`;
}
