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
      />
      <PasskeySignIn onSignedIn={onSignedIn} />
    </>
  );
}
