import { Trans, useLingui } from '@lingui/react/macro';
import { authClient } from '../lib/auth-client.ts';
import { trpc } from '../lib/trpc.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { UserText } from '../components/UserText.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { ActivityChart } from './analytics/ActivityChart.tsx';
import { AnalyticsSkeleton } from './analytics/AnalyticsSkeleton.tsx';
import { MissingCardNotice } from './analytics/MissingCardNotice.tsx';
import { StatCards } from './analytics/StatCards.tsx';
import { useFirstVisit } from './analytics/use-first-visit.ts';

/** Days are counted from the person's own midnight (the server falls back to UTC for a zone it does not know). */
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /dashboard (spec section 2, Analytics): the four counts of the last 30 days and the activity chart. */
export function Analytics() {
  const { t } = useLingui();
  const sessionName = authClient.useSession().data?.user.name;
  const userName = sessionName ? <UserText>{sessionName}</UserText> : null;
  const firstVisit = useFirstVisit();
  const overview = trpc.analytics.overview.useQuery({ timeZone: BROWSER_TIME_ZONE });
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Analytics`}
        description={
          !userName || firstVisit === null ? (
            <Trans>Here is how people use your cards, QR codes and links.</Trans>
          ) : firstVisit ? (
            <Trans>Welcome, {userName}. Here is how people use your cards, QR codes and links.</Trans>
          ) : (
            <Trans>Welcome back, {userName}. Here is how people use your cards, QR codes and links.</Trans>
          )
        }
      />
      <MissingCardNotice />
      {overview.data ? (
        <>
          <StatCards totals={overview.data.totals} />
          <ActivityChart days={overview.data.days} />
        </>
      ) : overview.error ? (
        <QueryStatus error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <AnalyticsSkeleton />
      )}
    </div>
  );
}
