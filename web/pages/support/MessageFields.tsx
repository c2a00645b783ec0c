import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '#src/schemas/support.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextAreaField } from '../../components/form/TextAreaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';

/** The subject, the message and 'Send message' of both contact forms (signed in, and /contact). */
export function MessageFields({
  subject,
  message,
  errors,
  messageHint,
  busy,
}: {
  subject: UseFormRegisterReturn<'subject'>;
  message: UseFormRegisterReturn<'message'>;
  /** Validation ids (src/messages.ts) of the two fields. */
  errors: { subject?: string | undefined; message?: string | undefined };
  messageHint?: ReactNode;
  busy: boolean;
}) {
  return (
    <>
      <TextField
        label={<Trans>Subject</Trans>}
        maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
        required
        error={errors.subject}
        {...subject}
      />
      <TextAreaField
        label={<Trans>Message</Trans>}
        hint={messageHint}
        rows={6}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        required
        error={errors.message}
        {...message}
      />
      <SubmitButton busy={busy} busyLabel={<Trans>Sending...</Trans>} block={false}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </>
  );
}
