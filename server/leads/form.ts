import type { Locale } from '../../src/i18n.ts';
import { LEAD_FORM_DATA } from '../../src/lead-form.ts';
import { serverPaths } from '../../src/routes.ts';
import {
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_FIELDS,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_PHONE_MAX_LENGTH,
  type LeadField,
  type LeadFormSettings,
} from '../../src/schemas/lead.ts';
import { escapeHtml as e } from '../lib/html.ts';
import {
  CONSENT_REQUIRED,
  CONSENT_TICKED,
  consentTextId,
  consentTextOf,
  LEAD_FORM_FIELDS,
  type LeadFormValues,
} from './capture.ts';
import { LEAD_TEXTS, type LeadFormNotice, type LeadProblemField } from './texts.ts';

// The "Share your contact back" form as HTML: a plain form post that needs no script, folded under its
// title on the card's page and open on the page that shows it again after a refused post. Where scripts
// run, web/lead-form.ts sends it without leaving the page (the attributes of LEAD_FORM_DATA are for it). Every field has its label, its message tied to it (aria-describedby) and the autocomplete
// a phone fills it from.

/** The form's post address for a card: on whichever host served the page (a relative path). */
export function leadPostPath(vcardId: string): string {
  return `${serverPaths.vcardPage}/${vcardId}/lead`;
}

/** The rules of the form, added to a page's style only where it shows the form. */
export const LEAD_FORM_CSS = `.lead{margin:1.5rem 1.25rem 0;border:2px solid var(--line);border-radius:1rem}
.lead summary{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.6rem 1.25rem;font-weight:700;cursor:pointer;list-style:none}
.lead summary::-webkit-details-marker{display:none}
.lead summary::after{content:"";flex:none;width:.6rem;height:.6rem;margin-left:auto;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-25%) rotate(45deg)}
.lead[open] summary::after{transform:translateY(25%) rotate(-135deg)}
.lead form{display:grid;gap:.9rem;padding:0 1.25rem 1.25rem}
.lead>form{padding-top:1.25rem}
.lead p{margin:0;color:var(--muted)}
.lead label{display:block;margin-bottom:-.5rem;font-weight:600}
.lead label span{font-weight:400;color:var(--muted)}
.lead input,.lead textarea{width:100%;min-height:3rem;padding:.6rem .75rem;border:2px solid var(--line);border-radius:.75rem;background:var(--surface);color:var(--text);font:inherit}
.lead textarea{min-height:6rem;resize:vertical}
.lead [aria-invalid=true]{border-color:var(--error)}
.lead .error{margin:0;color:var(--error);font-weight:600}
.lead .consent{display:flex;gap:.75rem;align-items:flex-start;margin:0;font-weight:400}
.lead .consent input{flex:none;width:1.5rem;min-height:1.5rem;height:1.5rem;margin:.1rem 0 0}
.lead button{min-height:3.5rem;padding:.9rem 1.5rem;border:0;border-radius:999px;background:var(--bg);color:var(--fg);font:inherit;font-size:1.05rem;font-weight:700;cursor:pointer}
.lead .notice{padding:.75rem 1rem;border-left:4px solid var(--error);border-radius:.75rem;background:var(--tile);color:var(--tile-fg);font-weight:600}
.lead .answer{display:grid;gap:.5rem;justify-items:center;padding:1.25rem;text-align:center}
.lead .answer h2{margin:.25rem 0 0;font-size:1.25rem}
.lead .answer:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.lead .hp{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}
.lead input:focus-visible,.lead textarea:focus-visible,.lead button:focus-visible,.lead summary:focus-visible{outline:3px solid var(--text);outline-offset:2px}`;

const INPUTS: Record<
  LeadField,
  { type: string; autocomplete: string; maxLength: number; inputMode?: string }
> = {
  name: { type: 'text', autocomplete: 'name', maxLength: LEAD_NAME_MAX_LENGTH },
  email: { type: 'email', autocomplete: 'email', maxLength: LEAD_EMAIL_MAX_LENGTH, inputMode: 'email' },
  phone: { type: 'tel', autocomplete: 'tel', maxLength: LEAD_PHONE_MAX_LENGTH, inputMode: 'tel' },
  company: { type: 'text', autocomplete: 'organization', maxLength: LEAD_COMPANY_MAX_LENGTH },
  note: { type: 'textarea', autocomplete: 'off', maxLength: LEAD_NOTE_MAX_LENGTH },
};

export interface LeadFormInput {
  vcardId: string;
  cardName: string;
  settings: LeadFormSettings;
  locale: Locale;
  /** A fresh form token (server/leads/token.ts). */
  token: string;
  /** What the visitor typed, when the form is shown again. */
  values?: LeadFormValues;
  /** The consent box as the visitor left it, when the form is shown again. */
  consentTicked?: boolean;
  errors?: Partial<Record<LeadProblemField, string>>;
  notice?: LeadFormNotice;
  /** Shown open under the page's heading (the page that shows it again), not folded under its title. */
  open?: boolean;
}

function messageOf(locale: Locale, id: string | undefined): string | null {
  if (!id) return null;
  const t = LEAD_TEXTS[locale];
  return id === CONSENT_REQUIRED ? t.consentRequired : (t.messages[id] ?? t.notices.invalid);
}

function fieldHtml(input: LeadFormInput, field: LeadField): string {
  const mode = input.settings.fields[field];
  if (mode === 'hidden') return '';
  const t = LEAD_TEXTS[input.locale];
  const spec = INPUTS[field];
  const id = `lead-${field}`;
  const value = input.values?.[field] ?? '';
  const error = messageOf(input.locale, input.errors?.[field]);
  const attributes =
    ` id="${id}" name="${field}" autocomplete="${spec.autocomplete}" maxlength="${spec.maxLength}"` +
    (spec.inputMode ? ` inputmode="${spec.inputMode}"` : '') +
    (mode === 'required' ? ' required aria-required="true"' : '') +
    (error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '');
  const control =
    spec.type === 'textarea'
      ? `<textarea${attributes} rows="3">${e(value)}</textarea>`
      : `<input type="${spec.type}"${attributes} value="${e(value)}">`;
  return (
    `<label for="${id}">${e(t.labels[field])} <span>(${e(mode === 'required' ? t.required : t.optional)})</span></label>` +
    control +
    (error ? `<p class="error" id="${id}-error">${e(error)}</p>` : '')
  );
}

/** The form itself: what the form's script (web/lead-form.ts) puts back in its place when it shows again. */
export function leadFormElementHtml(input: LeadFormInput): string {
  const t = LEAD_TEXTS[input.locale];
  const consent = consentTextOf(input.settings, input.locale, input.cardName);
  const consentError = messageOf(input.locale, input.errors?.consent);
  const notice = input.notice
    ? `<p class="notice" role="alert" tabindex="-1">${e(t.notices[input.notice])}</p>`
    : '';
  return (
    `<form method="post" action="${e(leadPostPath(input.vcardId))}" ${LEAD_FORM_DATA.form}` +
    ` ${LEAD_FORM_DATA.sending}="${e(t.sending)}" ${LEAD_FORM_DATA.sendFailed}="${e(t.sendFailed)}">` +
    notice +
    `<p>${e(t.intro(input.cardName))}</p>` +
    `<input type="hidden" name="${LEAD_FORM_FIELDS.token}" value="${e(input.token)}">` +
    `<input type="hidden" name="${LEAD_FORM_FIELDS.language}" value="${input.locale}">` +
    `<input type="hidden" name="${LEAD_FORM_FIELDS.consentTextId}" value="${e(consentTextId(consent))}">` +
    `<div class="hp" aria-hidden="true"><label>${e(t.leaveEmpty)}` +
    `<input name="${LEAD_FORM_FIELDS.honeypot}" tabindex="-1" autocomplete="off"></label></div>` +
    LEAD_FIELDS.map((field) => fieldHtml(input, field)).join('') +
    `<label class="consent"><input type="checkbox" name="${LEAD_FORM_FIELDS.consent}" value="${CONSENT_TICKED}" required` +
    (input.consentTicked ? ' checked' : '') +
    (consentError ? ' aria-invalid="true" aria-describedby="lead-consent-error"' : '') +
    `><span>${e(consent)}</span></label>` +
    (consentError ? `<p class="error" id="lead-consent-error">${e(consentError)}</p>` : '') +
    `<button type="submit">${e(t.send)}</button></form>`
  );
}

/** The form as a card's page or the page that shows it again writes it. */
export function leadFormHtml(input: LeadFormInput): string {
  const t = LEAD_TEXTS[input.locale];
  const form = leadFormElementHtml(input);
  // open on its own page, whose heading names it
  return input.open
    ? `<section class="lead">${form}</section>`
    : `<details class="lead"><summary>${e(t.shareTitle)}</summary>${form}</details>`;
}
