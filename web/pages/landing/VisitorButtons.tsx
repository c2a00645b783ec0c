import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';

/** The landing navigation's Sign In and Get Started (spec section 2), for visitors without a session. */
export function VisitorButtons({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Button asChild variant="ghost">
        <Link to={paths.login}>
          <Trans>Sign In</Trans>
        </Link>
      </Button>
      <Button asChild>
        <Link to={paths.onboarding}>
          <Trans>Get Started</Trans>
        </Link>
      </Button>
    </div>
  );
}
