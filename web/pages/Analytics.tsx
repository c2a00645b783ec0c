import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_RANGE, featureForRange, RANGE_SHAPES, type AnalyticsRange } from '#src/analytics.ts';
import { planUnlocking, type PlanId } from '#src/plans.ts';
import { authClient } from '../lib/auth-client.ts';
import { trpc } from '../lib/trpc.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { UserText } from '../components/UserText.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { ActivityChart } from './analytics/ActivityChart.tsx';
import { AnalyticsSkeleton } from './analytics/AnalyticsSkeleton.tsx';
import { BROWSER_TIME_ZONE } from './analytics/browser-time-zone.ts';
import { Breakdowns } from './analytics/Breakdowns.tsx';
import { MissingCardNotice } from './analytics/MissingCardNotice.tsx';
import { RangePicker } from './analytics/RangePicker.tsx';
import { ShareCardPanel } from './analytics/ShareCardPanel.tsx';
import { StatCards } from './analytics/StatCards.tsx';
import { useFirstVisit } from './analytics/use-first-visit.ts';

/** The months of advancedAnalytics' range, for the upgrade prompt. */
const TWELVE_MONTHS = RANGE_SHAPES['12m'].count;

/**
 * /dashboard (spec section 2, Analytics): the counts (leads included) and the activity chart of the last 30 days; with
 * fullAnalytics a range of 7, 30 or 90 days, the breakdowns and the CSV, else the upgrade
 * prompt in their place; with advancedAnalytics the 12 months and the campaigns' breakdowns too, which a
 * Pro account sees locked.
 */
export function Analytics() {
  const { t } = useLingui();
  const sessionName = authClient.useSession().data?.user.name;
  const userName = sessionName ? <UserText>{sessionName}</UserText> : null;
  const firstVisit = useFirstVisit();
  const fullAnalytics = usePlanFeature('fullAnalytics');
  const advancedAnalytics = usePlanFeature('advancedAnalytics');
  const [chosenRange, setRange] = useState<AnalyticsRange>(DEFAULT_RANGE);
  /** The plan a range needs when the account's lacks it (src/analytics.ts featureForRange), else null. */
  const lockedBy = (range: AnalyticsRange): PlanId | null => {
    const feature = featureForRange(range);
    if (!feature) return null;
    const allowed = { fullAnalytics, advancedAnalytics }[feature].allowed;
    return allowed ? null : planUnlocking(feature);
  };
  // a plan that ended brings the page back to the range every plan has
  const range = lockedBy(chosenRange) ? DEFAULT_RANGE : chosenRange;
  const overview = trpc.analytics.overview.useQuery(
    { timeZone: BROWSER_TIME_ZONE, range },
    { placeholderData: (previous) => previous },
  );
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
      <ShareCardPanel />
      {fullAnalytics.allowed ? <RangePicker value={range} onChange={setRange} lockedBy={lockedBy} /> : null}
      {overview.data ? (
        <div className="space-y-6" aria-busy={overview.isPlaceholderData}>
          <StatCards totals={overview.data.totals} range={overview.data.range} />
          <ActivityChart days={overview.data.buckets} unit={overview.data.unit} />
        </div>
      ) : overview.error ? (
        <QueryStatus error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <AnalyticsSkeleton />
      )}
      {fullAnalytics.allowed ? (
        <>
          <Breakdowns range={range} timeZone={BROWSER_TIME_ZONE} />
          <UpgradePrompt feature="advancedAnalytics">
            <Trans>
              See the last {TWELVE_MONTHS} months month by month, and which campaigns brought your visitors:
              the utm_source, utm_medium and utm_campaign of the addresses they opened.
            </Trans>
          </UpgradePrompt>
        </>
      ) : (
        <UpgradePrompt feature="fullAnalytics">
          <Trans>
            Choose 7, 30 or 90 days, see each card and link, devices, browsers, referrers, countries and
            unique visitors, and download the events as CSV.
          </Trans>
        </UpgradePrompt>
      )}
    </div>
  );
}
