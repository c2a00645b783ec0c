import { useEffect, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { SignInSchema } from '#src/schemas/auth.ts';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { EmailField } from '../../components/form/EmailField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { UnverifiedEmailNotice } from './UnverifiedEmailNotice.tsx';

interface SignInFormProps {
  /** The address the form starts with (empty by default); given, the password field takes focus. */
  initialEmail?: string | undefined;
  /** /auth offers 'Remember me'; without the box (/login) the session is remembered. */
  withRememberMe: boolean;
  /** The 'Forgot password?' link, on the row under the password field. */
  forgotPassword: ReactNode;
  /** The account has two-factor authentication: ask for the code next. */
  onTwoFactorRequired: () => void;
  onSignedIn: () => Promise<void>;
  /** Told the state of 'Remember me' whenever it changes (a passkey sign-in beside the form follows it). */
  onRememberMeChange?: (rememberMe: boolean) => void;
}

/** E-mail and password (spec section 2, /login and /auth sign-in mode). */
export function SignInForm({
  initialEmail = '',
  withRememberMe,
  forgotPassword,
  onTwoFactorRequired,
  onSignedIn,
  onRememberMeChange,
}: SignInFormProps) {
  const { t, i18n } = useLingui();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // The box starts unticked (a session that ends with the browser); without the box the session is kept.
  const form = useZodForm(SignInSchema, {
    email: initialEmail,
    password: '',
    rememberMe: !withRememberMe,
  });
  const { errors, isSubmitting } = form.formState;
  const rememberMe = useWatch({ control: form.control, name: 'rememberMe' });
  useEffect(() => onRememberMeChange?.(rememberMe), [rememberMe, onRememberMeChange]);
  // the address is filled in: the password is what to type (also when this form loads after its dialog opened)
  const { setFocus } = form;
  const focusPassword = initialEmail !== '';
  useEffect(() => {
    if (focusPassword) setFocus('password');
  }, [focusPassword, setFocus]);

  const onSubmit = form.submit(async ({ email, password, rememberMe }) => {
    setUnverifiedEmail(null);
    const { data, error } = await authCall(authClient.signIn.email({ email, password, rememberMe }));
    if (error) {
      if (error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(email);
        return;
      }
      toast({ variant: 'destructive', title: t`Login failed`, description: i18n._(authErrorMessage(error)) });
      return;
    }
    if ('twoFactorRedirect' in data && data.twoFactorRedirect === true) {
      onTwoFactorRequired();
      return;
    }
    await onSignedIn();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {unverifiedEmail && <UnverifiedEmailNotice email={unverifiedEmail} />}
      {/* 'webauthn': the browser also offers this site's passkeys here (PasskeySignIn) */}
      <EmailField autoComplete="email webauthn" error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {withRememberMe && (
          <CheckboxField label={<Trans>Remember me</Trans>} {...form.register('rememberMe')} />
        )}
        <span className="ml-auto">{forgotPassword}</span>
      </div>
      <SubmitButton busy={isSubmitting}>
        <Trans>Sign In</Trans>
      </SubmitButton>
    </form>
  );
}
