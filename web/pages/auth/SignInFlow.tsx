import { useState, type ReactNode } from 'react';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { SignInForm } from './SignInForm.tsx';
import { TwoFactorForm } from './TwoFactorForm.tsx';

/**
 * E-mail and password, then the code step when the account has two-factor authentication; or a passkey,
 * which needs no code.
 */
export function SignInFlow({
  withRememberMe,
  forgotPassword,
  onSignedIn,
}: {
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
