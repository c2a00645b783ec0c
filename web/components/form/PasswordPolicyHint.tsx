import { Trans } from '@lingui/react/macro';
import { PASSWORD_MIN_LENGTH } from '#src/schemas/auth.ts';

/** spec section 2, onboarding: the hint under every new-password field (the policy of src/schemas/auth.ts). */
export function PasswordPolicyHint() {
  return <Trans>Must be {PASSWORD_MIN_LENGTH}+ characters with uppercase, lowercase, and numbers</Trans>;
}
