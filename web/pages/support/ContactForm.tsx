import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_REPLY_HOURS,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SupportMessageSchema,
} from '#src/schemas/support.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextAreaField } from '../../components/form/TextAreaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authClient } from '../../lib/auth-client.ts';
import { supportSendErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { CONTACT_SECTION_ID } from './sections.ts';
import { useHashTarget } from './use-hash-target.ts';
import { usePresetSubject } from './use-preset-subject.ts';

/** The contact form (DECISIONS.md: stored, e-mailed to the team, and confirmed to the sender by e-mail). */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const email = authClient.useSession().data?.user.email ?? '';
  const { mutateAsync } = trpc.support.send.useMutation();
  // 'Schedule Demo' (through /contact) comes with its subject
  const presetSubject = usePresetSubject();
  const form = useZodForm(SupportMessageSchema, { subject: presetSubject, message: '' });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  // /dashboard/support#contact (also where /contact sends signed-in people): start typing right away
  useHashTarget(
    CONTACT_SECTION_ID,
    useCallback(() => setFocus(presetSubject ? 'message' : 'subject'), [setFocus, presetSubject]),
  );

  const onSubmit = form.submit(async (values) => {
    try {
      await mutateAsync(values);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Message not sent`,
        description: i18n._(supportSendErrorMessage(error)),
      });
      return;
    }
    form.reset({ subject: '', message: '' });
    toast({
      title: t`Message sent`,
      description: t`A confirmation email is on its way to you. We answer within ${SUPPORT_REPLY_HOURS} hours.`,
    });
  });

  return (
    <SectionCard
      id={CONTACT_SECTION_ID}
      title={t`Contact us`}
      description={
        <Trans>Write to our team and we answer by email within {SUPPORT_REPLY_HOURS} hours.</Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={<Trans>Subject</Trans>}
          maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
          required
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        <TextAreaField
          label={<Trans>Message</Trans>}
          hint={email ? <Trans>We reply to {email}.</Trans> : undefined}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          required
          error={errors.message?.message}
          {...form.register('message')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={<Trans>Sending...</Trans>} block={false}>
          <Trans>Send message</Trans>
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
