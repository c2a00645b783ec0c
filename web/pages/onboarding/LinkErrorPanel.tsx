import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ResendConfirmationSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { EmailField } from '../../components/form/EmailField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useResendVerification } from '../auth/use-resend-verification.ts';
import { LINK_ERROR_TEXT } from './use-verification-link-error.ts';
import type { VerificationLinkError } from './verification-link-error.ts';

/** After a confirmation link that did not work: what happened, and a new link for a typed address. */
export function LinkErrorPanel({ linkError }: { linkError: VerificationLinkError }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const { resend } = useResendVerification();
  const form = useZodForm(ResendConfirmationSchema, { email: '' });
  const { errors, isSubmitting } = form.formState;
  const text = LINK_ERROR_TEXT[linkError];

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id={titleId} className="font-semibold">
        {i18n._(text.title)}
      </h2>
      <p>{i18n._(text.advice)}</p>
      <form noValidate onSubmit={form.submit(({ email }) => resend(email))} className="space-y-3">
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <SubmitButton busy={isSubmitting}>
          <Trans>Resend confirmation email</Trans>
        </SubmitButton>
      </form>
    </section>
  );
}
