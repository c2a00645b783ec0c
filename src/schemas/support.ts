import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { multiLineText, singleLineText } from '../text.ts';

// The support contact form (spec section 2, Support; DECISIONS.md: the message is stored and e-mailed,
// the sender gets a confirmation). The form and support.send use this same schema.

export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** At most this many messages per user in the window, so the form cannot be used to send spam. */
export const SUPPORT_RATE_LIMIT = { messages: 5, windowMinutes: 60 } as const;

/** spec section 2: "email support with an answer within 24 hours" */
export const SUPPORT_REPLY_HOURS = 24;

export const SupportMessageSchema = z.object({
  subject: singleLineText().min(1, M.subjectRequired).max(SUPPORT_SUBJECT_MAX_LENGTH, M.subjectTooLong),
  message: multiLineText().min(1, M.messageRequired).max(SUPPORT_MESSAGE_MAX_LENGTH, M.messageTooLong),
});
export type SupportMessageInput = z.infer<typeof SupportMessageSchema>;
