import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { isLocale, DEFAULT_LOCALE } from '#src/i18n.ts';
import { SUPPORT_REPLY_HOURS, VisitorContactFormSchema } from '#src/schemas/support.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#src/schemas/auth.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { trpc } from '../../lib/trpc.ts';
import { MessageFields } from '../support/MessageFields.tsx';
import { useMessageNotSent } from '../support/use-message-not-sent.ts';
import { usePresetSubject } from '../support/use-preset-subject.ts';

/** After a message went out: where the answer will come, and a way to write another one. */
function SentNotice({ email, onWriteAnother }: { email: string; onWriteAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the form the person was typing in is gone: the keyboard continues from the notice
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="space-y-4 text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-emerald-700" />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
        <Trans>Message sent</Trans>
      </h2>
      <p className="break-words text-slate-700">
        <Trans>
          A confirmation email is on its way to {email}. We answer within {SUPPORT_REPLY_HOURS} hours.
        </Trans>
      </p>
      <Button variant="secondary" onClick={onWriteAnother}>
        <Trans>Write another message</Trans>
      </Button>
    </div>
  );
}

/**
 * The contact form of /contact for visitors without an account
 * (docs/decisions/008-where-the-spec-is-silent.md: 'Schedule Demo' opens the contact form): name, e-mail,
 * subject and message, with the same limits and mails as the signed-in one. The 'homepage' field is a
 * honeypot: hidden from people and skipped by the keyboard, filled by bots.
 */
export function VisitorContactForm() {
  const { i18n } = useLingui();
  const presetSubject = usePresetSubject();
  const { mutateAsync } = trpc.support.sendAsVisitor.useMutation();
  const messageNotSent = useMessageNotSent();
  const form = useZodForm(VisitorContactFormSchema, {
    name: '',
    email: '',
    subject: presetSubject,
    message: '',
    homepage: '',
  });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.submit(async (values) => {
    try {
      await mutateAsync({ ...values, language: isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE });
    } catch (error) {
      messageNotSent(error);
      return;
    }
    setSentTo(values.email);
    // the sender's name and address stay for another message; the message itself starts empty
    form.reset({ ...values, subject: '', message: '' });
  });

  /** The form comes back; the keyboard continues at the subject, the first field it leaves empty. */
  function writeAnother() {
    flushSync(() => setSentTo(null));
    form.setFocus('subject');
  }

  if (sentTo !== null) return <SentNotice email={sentTo} onWriteAnother={writeAnother} />;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Trans>Name</Trans>}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          hint={<Trans>We reply to this address.</Trans>}
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      {/* the honeypot: off screen, out of the tab order and hidden from screen readers */}
      <div aria-hidden className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-homepage">
          <Trans>Leave this field empty</Trans>
        </label>
        <input
          id="contact-homepage"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('homepage')}
        />
      </div>
      <MessageFields
        subject={form.register('subject')}
        message={form.register('message')}
        errors={{ subject: errors.subject?.message, message: errors.message?.message }}
        busy={isSubmitting}
      />
    </form>
  );
}
