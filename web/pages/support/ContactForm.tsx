import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SUPPORT_REPLY_HOURS, SupportMessageSchema } from '#src/schemas/support.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authClient } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { MessageFields } from './MessageFields.tsx';
import { SupportPriorityNote } from './SupportPriorityNote.tsx';
import { CONTACT_SECTION_ID } from './sections.ts';
import { useHashTarget } from './use-hash-target.ts';
import { useMessageNotSent } from './use-message-not-sent.ts';
import { usePresetSubject } from './use-preset-subject.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/**
 * The contact form (docs/decisions/008-where-the-spec-is-silent.md: stored, e-mailed to the team, and
 * confirmed to the sender by e-mail).
 */
export function ContactForm() {
  const { t } = useLingui();
  const email = authClient.useSession().data?.user.email ?? '';
  const { mutateAsync } = trpc.support.send.useMutation();
  const messageNotSent = useMessageNotSent();
  // 'Schedule Demo' (through /contact) comes with its subject
  const presetSubject = usePresetSubject();
  const form = useZodForm(SupportMessageSchema, { subject: presetSubject, message: '' });
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
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
      messageNotSent(error);
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
        <SupportPriorityNote />
        <MessageFields
          subject={form.register('subject')}
          message={form.register('message')}
          errors={{ subject: errors.subject?.message, message: errors.message?.message }}
          messageHint={email ? <Trans>We reply to {email}.</Trans> : undefined}
          busy={isSubmitting}
        />
      </form>
    </SectionCard>
  );
}
