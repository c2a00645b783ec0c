import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { toast } from '../../lib/toast.ts';
import { verificationLinkError, type VerificationLinkError } from './verification-link-error.ts';

/** spec section 8, verification link: a title and what to do next. */
export const LINK_ERROR_TEXT: Record<
  VerificationLinkError,
  { title: MessageDescriptor; advice: MessageDescriptor }
> = {
  expired: {
    title: msg`Verification link expired`,
    advice: msg`Confirmation links are valid for a limited time. Request a new one below.`,
  },
  used: {
    title: msg`Link already used`,
    advice: msg`This confirmation link was already used or is not valid. Sign in, or request a new link below.`,
  },
  failed: {
    title: msg`Verification error`,
    advice: msg`We could not confirm your email address. Request a new link below.`,
  },
};

/**
 * Reads a confirmation link's error from the address once, says it in a toast, and clears the address back
 * to /onboarding (so a reload does not repeat it). Returns the error for the page to offer a new link.
 */
export function useVerificationLinkError(): VerificationLinkError | null {
  const { i18n } = useLingui();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const [linkError] = useState(() => verificationLinkError(hash, search));

  useEffect(() => {
    if (!linkError) return;
    const text = LINK_ERROR_TEXT[linkError];
    toast({ variant: 'destructive', title: i18n._(text.title), description: i18n._(text.advice) });
    void navigate(paths.onboarding, { replace: true });
  }, [linkError, navigate, i18n]);

  return linkError;
}
