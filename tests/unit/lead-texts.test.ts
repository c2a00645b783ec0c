import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n.ts';
import { LEAD_CSV_HEADERS } from '../../server/leads/exports.ts';
import { LEAD_TEXTS, type LeadTexts } from '../../server/leads/texts.ts';

// The lead form's words come from the server's catalog (locales/{locale}/server.po) and are exactly the
// words of the table they were in server/leads/texts.ts, copied here (its texts with a name, for 'Ada'):
// the API and browser tests, and visitors, read them. A longest length is written as it is (1000, not
// 1,000).

const BEFORE: Record<Locale, unknown> = {
  en: {
    shareTitle: 'Share your contact back',
    intro: 'Leave your details, and Ada can get back to you.',
    labels: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      company: 'Company',
      note: 'Note',
    },
    required: 'required',
    optional: 'optional',
    send: 'Send my contact',
    sending: 'Sending…',
    sendFailed: 'Your details could not be sent. Check your connection and try again.',
    leaveEmpty: 'Leave this field empty',
    thanksTitle: 'Thank you',
    thanksText: 'Ada has your contact details now.',
    backToCard: "Back to Ada's card",
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
      'validation.lead.name_required': 'Enter your name.',
      'validation.lead.name_too_long': 'Your name can be at most 100 characters.',
      'validation.lead.email_required': 'Enter your email.',
      'validation.lead.email_invalid': 'Enter an email address like name@example.com.',
      'validation.lead.email_too_long': 'The email can be at most 254 characters.',
      'validation.lead.phone_required': 'Enter your phone number.',
      'validation.lead.phone_invalid':
        'Enter a phone number: digits, with spaces, dashes or brackets and an optional + in front.',
      'validation.lead.phone_too_long': 'The phone number can be at most 30 characters.',
      'validation.lead.company_required': 'Enter your company.',
      'validation.lead.company_too_long': 'The company can be at most 100 characters.',
      'validation.lead.note_required': 'Write a note.',
      'validation.lead.note_too_long': 'The note can be at most 1000 characters.',
      'validation.text.control_characters':
        'This field cannot contain line breaks, tabs or invisible characters.',
      'validation.text.control_characters_multi_line':
        'This field cannot contain tabs or invisible characters.',
    },
    consentRequired: 'Tick the box to agree before sending.',
  },
  es: {
    shareTitle: 'Comparte tu contacto',
    intro: 'Deja tus datos y Ada podrá ponerse en contacto contigo.',
    labels: {
      name: 'Nombre',
      email: 'Correo',
      phone: 'Teléfono',
      company: 'Empresa',
      note: 'Nota',
    },
    required: 'obligatorio',
    optional: 'opcional',
    send: 'Enviar mi contacto',
    sending: 'Enviando…',
    sendFailed: 'No se pudieron enviar tus datos. Comprueba tu conexión y vuelve a intentarlo.',
    leaveEmpty: 'Deja este campo vacío',
    thanksTitle: 'Gracias',
    thanksText: 'Ada ya tiene tus datos de contacto.',
    backToCard: 'Volver a la tarjeta de Ada',
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
      'validation.lead.name_required': 'Escribe tu nombre.',
      'validation.lead.name_too_long': 'Tu nombre puede tener como máximo 100 caracteres.',
      'validation.lead.email_required': 'Escribe tu correo.',
      'validation.lead.email_invalid': 'Escribe un correo como nombre@ejemplo.com.',
      'validation.lead.email_too_long': 'El correo puede tener como máximo 254 caracteres.',
      'validation.lead.phone_required': 'Escribe tu número de teléfono.',
      'validation.lead.phone_invalid':
        'Escribe un número de teléfono: cifras, con espacios, guiones o paréntesis y un + delante si quieres.',
      'validation.lead.phone_too_long': 'El teléfono puede tener como máximo 30 caracteres.',
      'validation.lead.company_required': 'Escribe tu empresa.',
      'validation.lead.company_too_long': 'La empresa puede tener como máximo 100 caracteres.',
      'validation.lead.note_required': 'Escribe una nota.',
      'validation.lead.note_too_long': 'La nota puede tener como máximo 1000 caracteres.',
      'validation.text.control_characters':
        'Este campo no puede contener saltos de línea, tabulaciones ni caracteres invisibles.',
      'validation.text.control_characters_multi_line':
        'Este campo no puede contener tabulaciones ni caracteres invisibles.',
    },
    consentRequired: 'Marca la casilla para aceptar antes de enviar.',
  },
};

/** The texts with their card's name given. */
function withName(texts: LeadTexts): unknown {
  return {
    ...texts,
    intro: texts.intro('Ada'),
    thanksText: texts.thanksText('Ada'),
    backToCard: texts.backToCard('Ada'),
  };
}

describe('LEAD_TEXTS', () => {
  it('has the English words', () => {
    expect(withName(LEAD_TEXTS.en)).toEqual(BEFORE.en);
  });

  it('has the Spanish words', () => {
    expect(withName(LEAD_TEXTS.es)).toEqual(BEFORE.es);
  });
});

describe('LEAD_CSV_HEADERS', () => {
  // the column names of the leads download, exactly those of the table they were in server/leads/exports.ts:
  // scripts read the English ones
  it('keeps the English names, and has the Spanish words', () => {
    expect(LEAD_CSV_HEADERS).toEqual({
      en: {
        time_utc: 'time_utc',
        name: 'name',
        email: 'email',
        phone: 'phone',
        company: 'company',
        note: 'note',
        card: 'card',
        card_id: 'card_id',
        fields_given: 'fields_given',
        consent_text: 'consent_text',
        consent_language: 'consent_language',
      },
      es: {
        time_utc: 'hora_utc',
        name: 'nombre',
        email: 'correo',
        phone: 'teléfono',
        company: 'empresa',
        note: 'nota',
        card: 'tarjeta',
        card_id: 'id_de_la_tarjeta',
        fields_given: 'campos_dados',
        consent_text: 'texto_del_consentimiento',
        consent_language: 'idioma_del_consentimiento',
      },
    });
  });
});
