import type { Locale } from '../../src/i18n.ts';
import {
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_PHONE_MAX_LENGTH,
  type LeadField,
} from '../../src/schemas/lead.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';

// The words of the "Share your contact back" form and of the pages its post answers with, in every
// language of the product (docs/decisions/001-name-and-languages.md: public pages too). Plain strings: the
// renderer escapes them.

/** What the form can say about one field or the consent box. */
export type LeadProblemField = LeadField | 'consent';

/** Why the form is shown again with the visitor's values: the page was sent too fast, or held too long. */
export type LeadFormNotice = 'too_soon' | 'expired' | 'consent_changed' | 'invalid';

export interface LeadTexts {
  shareTitle: string;
  intro(cardName: string): string;
  labels: Record<LeadField, string>;
  required: string;
  optional: string;
  send: string;
  /** The button's words while the form's script sends it. */
  sending: string;
  /** The form's script could not reach the server. */
  sendFailed: string;
  /** The honeypot's label, which people never see (hidden and skipped by the keyboard). */
  leaveEmpty: string;
  thanksTitle: string;
  thanksText(cardName: string): string;
  backToCard(cardName: string): string;
  notices: Record<LeadFormNotice, string>;
  /** The post could not be checked: it did not come from the card's page (a forged or broken token). */
  refusedTitle: string;
  refusedText: string;
  rateLimitedTitle: string;
  rateLimitedText: string;
  closedTitle: string;
  closedText: string;
  /** A field's message by its validation id (src/messages.ts), in this language. */
  messages: Record<string, string>;
  consentRequired: string;
}

export const LEAD_TEXTS: Record<Locale, LeadTexts> = {
  en: {
    shareTitle: 'Share your contact back',
    intro: (name) => `Leave your details, and ${name} can get back to you.`,
    labels: { name: 'Name', email: 'Email', phone: 'Phone', company: 'Company', note: 'Note' },
    required: 'required',
    optional: 'optional',
    send: 'Send my contact',
    sending: 'Sending…',
    sendFailed: 'Your details could not be sent. Check your connection and try again.',
    leaveEmpty: 'Leave this field empty',
    thanksTitle: 'Thank you',
    thanksText: (name) => `${name} has your contact details now.`,
    backToCard: (name) => `Back to ${name}'s card`,
    notices: {
      too_soon: 'That was quick. Check your details and send the form again.',
      expired: 'This form was open for a long time. Check your details and send it again.',
      consent_changed: 'The text you agree to has changed meanwhile. Read it and send the form again.',
      invalid: 'Some details need a look. Correct them and send the form again.',
    },
    refusedTitle: 'Not sent',
    refusedText: 'This form could not be checked. Open the card again and send your details from there.',
    rateLimitedTitle: 'Not sent',
    rateLimitedText: 'Many contacts were sent here in a short time. Please try again in an hour.',
    closedTitle: 'Not sent',
    closedText: 'This card does not take contact details at the moment.',
    messages: {
      [M.leadNameRequired]: 'Enter your name.',
      [M.leadNameTooLong]: `Your name can be at most ${LEAD_NAME_MAX_LENGTH} characters.`,
      [M.leadEmailRequired]: 'Enter your email.',
      [M.leadEmailInvalid]: 'Enter an email address like name@example.com.',
      [M.leadEmailTooLong]: `The email can be at most ${LEAD_EMAIL_MAX_LENGTH} characters.`,
      [M.leadPhoneRequired]: 'Enter your phone number.',
      [M.leadPhoneInvalid]:
        'Enter a phone number: digits, with spaces, dashes or brackets and an optional + in front.',
      [M.leadPhoneTooLong]: `The phone number can be at most ${LEAD_PHONE_MAX_LENGTH} characters.`,
      [M.leadCompanyRequired]: 'Enter your company.',
      [M.leadCompanyTooLong]: `The company can be at most ${LEAD_COMPANY_MAX_LENGTH} characters.`,
      [M.leadNoteRequired]: 'Write a note.',
      [M.leadNoteTooLong]: `The note can be at most ${LEAD_NOTE_MAX_LENGTH} characters.`,
      [M.textControlCharacters]: 'This field cannot contain line breaks, tabs or invisible characters.',
      [M.textControlCharactersMultiLine]: 'This field cannot contain tabs or invisible characters.',
    },
    consentRequired: 'Tick the box to agree before sending.',
  },
  es: {
    shareTitle: 'Comparte tu contacto',
    intro: (name) => `Deja tus datos y ${name} podrá ponerse en contacto contigo.`,
    labels: { name: 'Nombre', email: 'Correo', phone: 'Teléfono', company: 'Empresa', note: 'Nota' },
    required: 'obligatorio',
    optional: 'opcional',
    send: 'Enviar mi contacto',
    sending: 'Enviando…',
    sendFailed: 'No se pudieron enviar tus datos. Comprueba tu conexión y vuelve a intentarlo.',
    leaveEmpty: 'Deja este campo vacío',
    thanksTitle: 'Gracias',
    thanksText: (name) => `${name} ya tiene tus datos de contacto.`,
    backToCard: (name) => `Volver a la tarjeta de ${name}`,
    notices: {
      too_soon: 'Ha sido muy rápido. Revisa tus datos y vuelve a enviar el formulario.',
      expired: 'Este formulario llevaba mucho tiempo abierto. Revisa tus datos y vuelve a enviarlo.',
      consent_changed:
        'El texto que aceptas ha cambiado mientras tanto. Léelo y vuelve a enviar el formulario.',
      invalid: 'Hay datos que revisar. Corrígelos y vuelve a enviar el formulario.',
    },
    refusedTitle: 'No enviado',
    refusedText:
      'No se pudo comprobar este formulario. Vuelve a abrir la tarjeta y envía tus datos desde allí.',
    rateLimitedTitle: 'No enviado',
    rateLimitedText:
      'Se enviaron muchos contactos aquí en poco tiempo. Vuelve a intentarlo dentro de una hora.',
    closedTitle: 'No enviado',
    closedText: 'Esta tarjeta no recibe datos de contacto en este momento.',
    messages: {
      [M.leadNameRequired]: 'Escribe tu nombre.',
      [M.leadNameTooLong]: `Tu nombre puede tener como máximo ${LEAD_NAME_MAX_LENGTH} caracteres.`,
      [M.leadEmailRequired]: 'Escribe tu correo.',
      [M.leadEmailInvalid]: 'Escribe un correo como nombre@ejemplo.com.',
      [M.leadEmailTooLong]: `El correo puede tener como máximo ${LEAD_EMAIL_MAX_LENGTH} caracteres.`,
      [M.leadPhoneRequired]: 'Escribe tu número de teléfono.',
      [M.leadPhoneInvalid]:
        'Escribe un número de teléfono: cifras, con espacios, guiones o paréntesis y un + delante si quieres.',
      [M.leadPhoneTooLong]: `El teléfono puede tener como máximo ${LEAD_PHONE_MAX_LENGTH} caracteres.`,
      [M.leadCompanyRequired]: 'Escribe tu empresa.',
      [M.leadCompanyTooLong]: `La empresa puede tener como máximo ${LEAD_COMPANY_MAX_LENGTH} caracteres.`,
      [M.leadNoteRequired]: 'Escribe una nota.',
      [M.leadNoteTooLong]: `La nota puede tener como máximo ${LEAD_NOTE_MAX_LENGTH} caracteres.`,
      [M.textControlCharacters]:
        'Este campo no puede contener saltos de línea, tabulaciones ni caracteres invisibles.',
      [M.textControlCharactersMultiLine]:
        'Este campo no puede contener tabulaciones ni caracteres invisibles.',
    },
    consentRequired: 'Marca la casilla para aceptar antes de enviar.',
  },
};
