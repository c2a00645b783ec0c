import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Notice } from '../../components/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * For a finished onboarding without a card ('Skip for now' on step 3, or every card deleted since): the
 * card step, where the card and its public address are made, is one click away.
 */
export function MissingCardNotice() {
  const profile = trpc.profile.me.useQuery().data;
  if (!profile || profile.onboarding_step !== 'done' || profile.has_vcard) return null;
  return (
    <Notice tone="info" title={<Trans>You have no card yet</Trans>}>
      <p>
        <Trans>Create your card to get your public page and the QR code that leads to it.</Trans>
      </p>
      <Button asChild size="sm">
        <Link to={paths.onboarding}>
          <Trans>Create my card</Trans>
        </Link>
      </Button>
    </Notice>
  );
}
