import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { MAIL_TICKET_HEADER } from '#src/api.ts';
import { NEXT_PARAM } from '#src/routes.ts';
import { SignUpSchema, type SignUpInput } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { EmailField } from '../../components/form/EmailField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { signUpLanding } from '../../lib/sign-in-next.ts';
import { toast } from '../../lib/toast.ts';
import { PasswordPolicyHint } from '../../components/form/PasswordPolicyHint.tsx';

export interface SignUpResult {
  /** What was sent (as checked by the schema). */
  values: SignUpInput;
  /** False while the address waits for confirmation (the server requires it before any session). */
  signedIn: boolean;
  /** The ticket of the e-mail the sign-up queued, to ask later whether it could be sent. */
  mailTicket: string | null;
}

const EMPTY: SignUpInput = { name: '', email: '', password: '' };

interface SignUpFormProps {
  nameLabel: ReactNode;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  /** What the fields start with; the e-mail field gets the focus when only it is empty. */
  initialValues?: SignUpInput;
  onSignedUp: (result: SignUpResult) => void;
}

/**
 * Name, e-mail and password with the sign-up policy (spec section 5). The confirmation link of the
 * e-mail leads to /onboarding (spec section 7), or to the page asked for through sign-in (`?next=`, a
 * team invitation's), signed in. A registered address gets the same answer as a new one
 * (its owner is told by e-mail), so this form never says whether an account exists.
 */
export function SignUpForm({
  nameLabel,
  submitLabel,
  busyLabel,
  initialValues = EMPTY,
  onSignedUp,
}: SignUpFormProps) {
  const { t, i18n } = useLingui();
  const form = useZodForm(SignUpSchema, initialValues);
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  const landing = signUpLanding(useSearchParams()[0].get(NEXT_PARAM));
  const onlyEmailMissing = initialValues.name !== '' && initialValues.email === '';
  useEffect(() => {
    if (onlyEmailMissing) setFocus('email');
  }, [onlyEmailMissing, setFocus]);

  const onSubmit = form.submit(async (values) => {
    const { name, email, password } = values;
    let mailTicket: string | null = null;
    const { data, error } = await authCall(
      authClient.signUp.email({
        name,
        email,
        password,
        callbackURL: landing,
        fetchOptions: {
          onResponse: ({ response }) => {
            mailTicket = response.headers.get(MAIL_TICKET_HEADER);
          },
        },
      }),
    );
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Sign up failed`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    onSignedUp({ values, signedIn: data.token !== null, mailTicket });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={nameLabel}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        autoComplete="new-password"
        hint={<PasswordPolicyHint />}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
