import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useSessionStatus } from '../../lib/use-session-status.ts';
import { VisitorButtons } from './VisitorButtons.tsx';

/**
 * The landing navigation's account buttons once the session is known: a signed-in person gets the way to
 * their dashboard instead of Sign In and Get Started. Loaded after the landing page itself (it brings the
 * session client along), so a visitor's first screen does not wait for it.
 */
export default function SessionButtons({ className }: { className?: string }) {
  const { status } = useSessionStatus();
  if (status !== 'signed-in') return <VisitorButtons className={className} />;
  return (
    <div className={className}>
      <Button asChild className="col-span-2">
        <Link to={paths.dashboard}>
          <Trans>Dashboard</Trans>
        </Link>
      </Button>
    </div>
  );
}
