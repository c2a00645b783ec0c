import type { Locale } from '../../src/i18n.ts';
import type { CardDesign } from '../../src/schemas/card-design.ts';
import type { LeadFormSettings } from '../../src/schemas/lead.ts';
import type { Branding } from '../branding/branding.ts';
import { escapeHtml as e } from '../lib/html.ts';
import type { IconName } from '../public-profile/icons.ts';
import { notePage, pageHead } from '../public-profile/render.ts';
import { pageStyle } from '../public-profile/styles.ts';
import { LEAD_FORM_CSS, leadFormHtml, type LeadFormInput } from './form.ts';
import { LEAD_TEXTS } from './texts.ts';

// The pages a lead post answers with (no script, like the card's page): the form again with what was
// typed and why it was not taken, or a note of what became of the post, leading back to the card.

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
}

/** The form again, open, with what was typed and why it was not taken (a refused post stored nothing). */
export function renderLeadFormPage(
  context: LeadPageContext,
  form: Pick<LeadFormInput, 'token' | 'values' | 'errors' | 'notice'>,
): string {
  const t = LEAD_TEXTS[context.locale];
  return (
    pageHead({
      locale: context.locale,
      title: `${t.shareTitle} · ${context.cardName}`,
      description: t.intro(context.cardName),
      robots: 'noindex',
      style: pageStyle(context.colours, context.design, LEAD_FORM_CSS),
      branding: context.branding,
    }) +
    `<body><main><header class="cover"><h1>${e(t.shareTitle)}</h1><p class="role">${e(context.cardName)}</p></header>` +
    leadFormHtml({ ...context, ...form, open: true }) +
    `<p class="note"><a href="${e(context.cardPath)}">${e(t.backToCard(context.cardName))}</a></p>` +
    '</main></body></html>'
  );
}

/** What became of a post that is not shown again: sent (thank you), or refused for good. */
export function renderLeadNotePage(
  context: Pick<LeadPageContext, 'cardName' | 'locale' | 'branding' | 'cardPath'>,
  what: 'sent' | 'refused' | 'rate_limited' | 'closed',
): string {
  const t = LEAD_TEXTS[context.locale];
  const [mark, title, text] = {
    sent: ['check', t.thanksTitle, t.thanksText(context.cardName)],
    refused: ['alert', t.refusedTitle, t.refusedText],
    rate_limited: ['alert', t.rateLimitedTitle, t.rateLimitedText],
    closed: ['pause', t.closedTitle, t.closedText],
  }[what] as [IconName, string, string];
  return notePage(context.locale, mark, title, text, context.branding, {
    href: context.cardPath,
    label: t.backToCard(context.cardName),
  });
}
