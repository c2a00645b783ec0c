import type { Locale } from '../../src/i18n.ts';
import type { CardDesign } from '../../src/schemas/card-design.ts';
import type { LeadFormSettings } from '../../src/schemas/lead.ts';
import type { Branding } from '../branding/branding.ts';
import { escapeHtml as e } from '../lib/html.ts';
import { icon, type IconName } from './icons.ts';
import { notePage, pageHead } from './render.ts';
import { pageStyle } from './styles.ts';
import { LEAD_FORM_CSS, leadFormHtml, type LeadFormInput } from '../leads/form.ts';
import { LEAD_TEXTS, type LeadTexts } from '../leads/texts.ts';

// What a lead post answers with: a page (the plain post), the form again with what was typed and why it was
// not taken, or a note of what became of the post, leading back to the card; or for the form's script
// (web/lead-form.ts) the same as HTML that takes the form's place on the page.

export interface LeadPageContext {
  vcardId: string;
  cardName: string;
  settings: LeadFormSettings;
  locale: Locale;
  colours: Parameters<typeof pageStyle>[0];
  design: CardDesign;
  branding: Branding;
  /** The card's page on the host the post came in on. */
  cardPath: string;
  /** The form's script (form-kit.ts), which the page with the form again loads as the card's page does. */
  scriptPath: string | null;
}

/** The form again, open, with what was typed and why it was not taken (a refused post stored nothing). */
export function renderLeadFormPage(
  context: LeadPageContext,
  form: Pick<LeadFormInput, 'token' | 'values' | 'errors' | 'notice' | 'consentTicked'>,
): string {
  const t = LEAD_TEXTS[context.locale];
  return (
    pageHead({
      locale: context.locale,
      title: `${t.shareTitle} · ${context.cardName}`,
      description: t.intro(context.cardName),
      robots: 'noindex',
      style: pageStyle(context.colours, context.design, LEAD_FORM_CSS),
      script: context.scriptPath ?? undefined,
      branding: context.branding,
    }) +
    `<body><main><header class="cover"><h1>${e(t.shareTitle)}</h1><p class="role">${e(context.cardName)}</p></header>` +
    leadFormHtml({ ...context, ...form, open: true }) +
    `<p class="note"><a href="${e(context.cardPath)}">${e(t.backToCard(context.cardName))}</a></p>` +
    '</main></body></html>'
  );
}

/** What became of a post that is not shown again: sent (thank you), or refused for good. */
export type LeadNote = 'sent' | 'refused' | 'rate_limited' | 'closed';

function noteOf(t: LeadTexts, what: LeadNote, cardName: string): [IconName, string, string] {
  switch (what) {
    case 'sent':
      return ['check', t.thanksTitle, t.thanksText(cardName)];
    case 'refused':
      return ['alert', t.refusedTitle, t.refusedText];
    case 'rate_limited':
      return ['alert', t.rateLimitedTitle, t.rateLimitedText];
    case 'closed':
      return ['pause', t.closedTitle, t.closedText];
  }
}

/** The note as a page of its own, after a plain post. */
export function renderLeadNotePage(
  context: Pick<LeadPageContext, 'cardName' | 'locale' | 'branding' | 'cardPath'>,
  what: LeadNote,
): string {
  const t = LEAD_TEXTS[context.locale];
  const [mark, title, text] = noteOf(t, what, context.cardName);
  return notePage(context.locale, mark, title, text, context.branding, {
    href: context.cardPath,
    label: t.backToCard(context.cardName),
  });
}

/** The note in the form's place on the card's page (the form's script); it takes the focus. */
export function leadNoteHtml(context: Pick<LeadPageContext, 'cardName' | 'locale'>, what: LeadNote): string {
  const [mark, title, text] = noteOf(LEAD_TEXTS[context.locale], what, context.cardName);
  return (
    `<div class="answer" role="${what === 'sent' ? 'status' : 'alert'}" tabindex="-1">` +
    `<span class="dot">${icon(mark)}</span><h2>${e(title)}</h2><p>${e(text)}</p></div>`
  );
}
