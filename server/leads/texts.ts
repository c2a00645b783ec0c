import { LOCALES, type Locale } from '../../src/i18n.ts';
import {
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_PHONE_MAX_LENGTH,
  type LeadField,
} from '../../src/schemas/lead.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';

// The words of the "Share your contact back" form and of the pages its post answers with, in every
// language of the product (docs/decisions/001-name-and-languages.md: public pages too), from the server's
// Lingui catalog (locales/{locale}/server.po, through server/lib/server-i18n.ts): `npm run i18n:check`
// fails on one untranslated. Plain strings: the renderer escapes them.

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

/** The words of the pages a post answers with. */
type AnswerTexts = Pick<
  LeadTexts,
  | 'thanksTitle'
  | 'thanksText'
  | 'backToCard'
  | 'refusedTitle'
  | 'refusedText'
  | 'rateLimitedTitle'
  | 'rateLimitedText'
  | 'closedTitle'
  | 'closedText'
>;

/** The form's own words: its fields, its button, and why it is shown again. */
function formTexts(text: Translator): Omit<LeadTexts, keyof AnswerTexts | 'messages'> {
  return {
    shareTitle: text(/*i18n*/ { id: 'leads.shareTitle', message: 'Share your contact back' }),
    intro: (name) =>
      text(
        /*i18n*/ {
          id: 'leads.intro',
          message: 'Leave your details, and {name} can get back to you.',
          comment: "The lead form's first words; name is the card's",
        },
        { name },
      ),
    labels: {
      name: text(/*i18n*/ { id: 'leads.label.name', message: 'Name', comment: "The visitor's name" }),
      email: text(/*i18n*/ { id: 'leads.label.email', message: 'Email' }),
      phone: text(/*i18n*/ { id: 'leads.label.phone', message: 'Phone' }),
      company: text(/*i18n*/ { id: 'leads.label.company', message: 'Company' }),
      note: text(/*i18n*/ { id: 'leads.label.note', message: 'Note' }),
    },
    required: text(/*i18n*/ { id: 'leads.required', message: 'required', comment: "Beside a field's label" }),
    optional: text(/*i18n*/ { id: 'leads.optional', message: 'optional', comment: "Beside a field's label" }),
    send: text(/*i18n*/ { id: 'leads.send', message: 'Send my contact' }),
    sending: text(/*i18n*/ { id: 'leads.sending', message: 'Sending…' }),
    sendFailed: text(
      /*i18n*/ {
        id: 'leads.sendFailed',
        message: 'Your details could not be sent. Check your connection and try again.',
      },
    ),
    leaveEmpty: text(
      /*i18n*/ {
        id: 'leads.leaveEmpty',
        message: 'Leave this field empty',
        comment: 'The label of a field hidden from people, which only robots fill in',
      },
    ),
    notices: {
      too_soon: text(
        /*i18n*/ {
          id: 'leads.notice.tooSoon',
          message: 'That was quick. Check your details and send the form again.',
        },
      ),
      expired: text(
        /*i18n*/ {
          id: 'leads.notice.expired',
          message: 'This form was open for a long time. Check your details and send it again.',
        },
      ),
      consent_changed: text(
        /*i18n*/ {
          id: 'leads.notice.consentChanged',
          message: 'The text you agree to has changed meanwhile. Read it and send the form again.',
        },
      ),
      invalid: text(
        /*i18n*/ {
          id: 'leads.notice.invalid',
          message: 'Some details need a look. Correct them and send the form again.',
        },
      ),
    },
    consentRequired: text(
      /*i18n*/ { id: 'leads.consentRequired', message: 'Tick the box to agree before sending.' },
    ),
  };
}

/** The pages a post answers with: thanks, or why it was not sent. */
function answerTexts(text: Translator): AnswerTexts {
  const notSent = text(
    /*i18n*/ { id: 'leads.notSent', message: 'Not sent', comment: 'A contact left on a card' },
  );
  return {
    thanksTitle: text(/*i18n*/ { id: 'leads.thanksTitle', message: 'Thank you' }),
    thanksText: (name) =>
      text(/*i18n*/ { id: 'leads.thanksText', message: '{name} has your contact details now.' }, { name }),
    backToCard: (name) =>
      text(/*i18n*/ { id: 'leads.backToCard', message: "Back to {name}'s card" }, { name }),
    refusedTitle: notSent,
    refusedText: text(
      /*i18n*/ {
        id: 'leads.refusedText',
        message: 'This form could not be checked. Open the card again and send your details from there.',
      },
    ),
    rateLimitedTitle: notSent,
    rateLimitedText: text(
      /*i18n*/ {
        id: 'leads.rateLimitedText',
        message: 'Many contacts were sent here in a short time. Please try again in an hour.',
      },
    ),
    closedTitle: notSent,
    closedText: text(
      /*i18n*/ { id: 'leads.closedText', message: 'This card does not take contact details at the moment.' },
    ),
  };
}

/** A field's message by its validation id (src/messages.ts); the lengths come from src/schemas/lead.ts. */
function fieldMessages(text: Translator): Record<string, string> {
  const atMost = (max: number) => ({ max });
  return {
    [M.leadNameRequired]: text(/*i18n*/ { id: 'leads.message.nameRequired', message: 'Enter your name.' }),
    [M.leadNameTooLong]: text(
      /*i18n*/ { id: 'leads.message.nameTooLong', message: 'Your name can be at most {max} characters.' },
      atMost(LEAD_NAME_MAX_LENGTH),
    ),
    [M.leadEmailRequired]: text(/*i18n*/ { id: 'leads.message.emailRequired', message: 'Enter your email.' }),
    [M.leadEmailInvalid]: text(
      /*i18n*/ {
        id: 'leads.message.emailInvalid',
        message: 'Enter an email address like name@example.com.',
        comment: "An example address in the reader's language",
      },
    ),
    [M.leadEmailTooLong]: text(
      /*i18n*/ { id: 'leads.message.emailTooLong', message: 'The email can be at most {max} characters.' },
      atMost(LEAD_EMAIL_MAX_LENGTH),
    ),
    [M.leadPhoneRequired]: text(
      /*i18n*/ { id: 'leads.message.phoneRequired', message: 'Enter your phone number.' },
    ),
    [M.leadPhoneInvalid]: text(
      /*i18n*/ {
        id: 'leads.message.phoneInvalid',
        message: 'Enter a phone number: digits, with spaces, dashes or brackets and an optional + in front.',
      },
    ),
    [M.leadPhoneTooLong]: text(
      /*i18n*/ {
        id: 'leads.message.phoneTooLong',
        message: 'The phone number can be at most {max} characters.',
      },
      atMost(LEAD_PHONE_MAX_LENGTH),
    ),
    [M.leadCompanyRequired]: text(
      /*i18n*/ { id: 'leads.message.companyRequired', message: 'Enter your company.' },
    ),
    [M.leadCompanyTooLong]: text(
      /*i18n*/ {
        id: 'leads.message.companyTooLong',
        message: 'The company can be at most {max} characters.',
      },
      atMost(LEAD_COMPANY_MAX_LENGTH),
    ),
    [M.leadNoteRequired]: text(/*i18n*/ { id: 'leads.message.noteRequired', message: 'Write a note.' }),
    [M.leadNoteTooLong]: text(
      /*i18n*/ { id: 'leads.message.noteTooLong', message: 'The note can be at most {max} characters.' },
      atMost(LEAD_NOTE_MAX_LENGTH),
    ),
    [M.textControlCharacters]: text(
      /*i18n*/ {
        id: 'leads.message.controlCharacters',
        message: 'This field cannot contain line breaks, tabs or invisible characters.',
      },
    ),
    [M.textControlCharactersMultiLine]: text(
      /*i18n*/ {
        id: 'leads.message.controlCharactersMultiLine',
        message: 'This field cannot contain tabs or invisible characters.',
      },
    ),
  };
}

/** The form's words in one language, each worked out once; those with values format on each call. */
function leadTexts(locale: Locale): LeadTexts {
  const text = translatorFor(locale);
  return { ...formTexts(text), ...answerTexts(text), messages: fieldMessages(text) };
}

export const LEAD_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, leadTexts(locale)])) as Record<
  Locale,
  LeadTexts
>;
