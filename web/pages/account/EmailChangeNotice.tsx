import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { EMAIL_CHANGE_PARAM } from '#src/email-links.ts';
import { Notice } from '../../components/Notice.tsx';
import { emailChangeOutcome } from './email-change-outcome.ts';

/**
 * What a link of a change of address did, on the page it lands on: the account page, or the sign-in page
 * where nobody was signed in. Read once; the address is cleared so that a reload does not repeat it.
 */
export function EmailChangeNotice({ email }: { email?: string }) {
  const { search } = useLocation();
  const [, setParams] = useSearchParams();
  const [outcome] = useState(() => emailChangeOutcome(search));

  useEffect(() => {
    if (!outcome) return;
    setParams(
      (current) => {
        current.delete(EMAIL_CHANGE_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [outcome, setParams]);

  switch (outcome) {
    case 'approved':
      return (
        <Notice tone="success" title={<Trans>Change approved</Trans>}>
          <p>
            <Trans>We sent a link to your new address. Your email address changes when you open it.</Trans>
          </p>
        </Notice>
      );
    case 'changed':
      return (
        <Notice tone="success" title={<Trans>Email address changed</Trans>}>
          <p className="break-words">
            {email ? (
              <Trans>
                From now on you sign in with <strong>{email}</strong>.
              </Trans>
            ) : (
              <Trans>From now on you sign in with your new address.</Trans>
            )}
          </p>
        </Notice>
      );
    case 'taken':
      return (
        <Notice title={<Trans>Email address not changed</Trans>}>
          <p>
            <Trans>
              That address already belongs to another Tapcard account, so your address stays as it was.
            </Trans>
          </p>
        </Notice>
      );
    case 'invalid':
      return (
        <Notice title={<Trans>This link no longer works</Trans>}>
          <p>
            <Trans>
              It has expired or was already used, and it changed nothing. To change your email address, ask
              for a new link in Account settings.
            </Trans>
          </p>
        </Notice>
      );
    case 'other_account':
      return (
        <Notice title={<Trans>This link is for another account</Trans>}>
          <p>
            <Trans>
              You are signed in to a different account than the one this link belongs to. Sign out, then open
              the link again.
            </Trans>
          </p>
        </Notice>
      );
    default:
      return null;
  }
}
