import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { Button } from '../components/ui/Button.tsx';
import { cameFromDeletion } from '../lib/account-deleted.ts';

/** spec section 9, timing: the goodbye page returns home after 10 seconds. */
const REDIRECT_SECONDS = 10;

function useCountdown(from: number): number {
  const [remaining, setRemaining] = useState(from);
  useEffect(() => {
    const timer = setInterval(() => setRemaining((seconds) => Math.max(seconds - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, []);
  return remaining;
}

/** spec section 2, /goodbye: only right after an account deletion; anyone else opening it goes home. */
export function Goodbye() {
  const { state } = useLocation();
  if (!cameFromDeletion(state)) return <Navigate to={paths.home} replace />;
  return <GoodbyeMessage />;
}

function GoodbyeMessage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remaining = useCountdown(REDIRECT_SECONDS);
  useEffect(() => {
    if (remaining === 0) void navigate(paths.home, { replace: true });
  }, [remaining, navigate]);
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <PageHeading
          title={t`Your account has been deleted`}
          description={
            <Trans>We're sorry to see you go. Your cards, links and photos have been removed.</Trans>
          }
        />
        <p className="text-slate-700">
          <Plural
            value={remaining}
            one="Returning to the home page in # second"
            other="Returning to the home page in # seconds"
          />
        </p>
        <Button asChild>
          <Link to={paths.home} replace>
            <Trans>Go to the home page now</Trans>
          </Link>
        </Button>
      </div>
    </PublicPageLayout>
  );
}
