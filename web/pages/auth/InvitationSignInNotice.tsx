import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { NEXT_PARAM } from '#src/routes.ts';
import { Notice } from '../../components/Notice.tsx';
import { invitationNext } from '../../lib/sign-in-next.ts';

/** On a sign-in or sign-up screen reached from a team invitation's link: which account to use. */
export function InvitationSignInNotice() {
  const [searchParams] = useSearchParams();
  if (!invitationNext(searchParams.get(NEXT_PARAM))) return null;
  return (
    <Notice tone="info" title={<Trans>You were invited to join a team</Trans>}>
      <p>
        <Trans>Sign in or create an account with the invited address to join the team.</Trans>
      </p>
    </Notice>
  );
}
