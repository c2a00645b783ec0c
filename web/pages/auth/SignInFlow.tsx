import { useState, type ReactNode } from 'react';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { SignInForm } from './SignInForm.tsx';
import { TwoFactorForm } from './TwoFactorForm.tsx';

/**
 * E-mail and password, then the code step when the account has two-factor authentication; or a passkey,
 * which needs no code.
 */
export function SignInFlow({
  initialEmail,
  withRememberMe,
  forgotPassword,
  onSignedIn,
}: {
  /** The address to start with (signing in again as the account a page belongs to). */
  initialEmail?: string;
  withRememberMe: boolean;
  forgotPassword: ReactNode;
  onSignedIn: () => Promise<void>;
}) {
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  // the password form's "Remember me" (kept where there is no box), which a passkey sign-in honours too
  const [rememberMe, setRememberMe] = useState(!withRememberMe);
  if (step === 'code') {
    return <TwoFactorForm onSignedIn={onSignedIn} onRestart={() => setStep('credentials')} />;
  }
  return (
    <>
      <SignInForm
        initialEmail={initialEmail}
        withRememberMe={withRememberMe}
        forgotPassword={forgotPassword}
        onTwoFactorRequired={() => setStep('code')}
        onSignedIn={onSignedIn}
        onRememberMeChange={setRememberMe}
      />
      <PasskeySignIn onSignedIn={onSignedIn} rememberMe={rememberMe} />
    </>
  );
}
