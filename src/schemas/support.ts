import { z } from 'zod';
import { LOCALES } from '../i18n.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { multiLineText, singleLineText } from '../text.ts';
import { EmailSchema, NameSchema } from './auth.ts';

// The support contact form (spec section 2, Support; docs/decisions/008-where-the-spec-is-silent.md: the
// message is stored and e-mailed, the sender gets a confirmation), signed in on /dashboard/support and for
// visitors on /contact. Each form and its procedure use the same schema.

export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/**
 * At most this many messages in the window: per user when signed in; for visitors per client address,
 * and per sender e-mail address (each message mails a confirmation there), so the form cannot be used
 * to send spam.
 */
export const SUPPORT_RATE_LIMIT = { messages: 5, windowMinutes: 60 } as const;

/** spec section 2: "email support with an answer within 24 hours" */
export const SUPPORT_REPLY_HOURS = 24;

const SubjectSchema = singleLineText()
  .min(1, M.subjectRequired)
  .max(SUPPORT_SUBJECT_MAX_LENGTH, M.subjectTooLong);
const MessageSchema = multiLineText()
  .min(1, M.messageRequired)
  .max(SUPPORT_MESSAGE_MAX_LENGTH, M.messageTooLong);

export const SupportMessageSchema = z.object({ subject: SubjectSchema, message: MessageSchema });
export type SupportMessageInput = z.infer<typeof SupportMessageSchema>;

/**
 * The visitor's form on /contact: who is writing, and a honeypot field that people never see (hidden and
 * skipped by the keyboard) and bots fill in. A message with it filled is answered like a sent one, and
 * nothing is stored or sent.
 */
export const VisitorContactFormSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  subject: SubjectSchema,
  message: MessageSchema,
  homepage: singleLineText({ trim: false }),
});
export type VisitorContactFormValues = z.input<typeof VisitorContactFormSchema>;

/** support.sendAsVisitor: the form, and the language the confirmation e-mail is written in. */
export const VisitorSupportMessageSchema = VisitorContactFormSchema.extend({ language: z.enum(LOCALES) });
export type VisitorSupportMessageInput = z.infer<typeof VisitorSupportMessageSchema>;
