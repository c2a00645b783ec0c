import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_RANGE, RANGE_SHAPES, type AnalyticsRange } from '#src/analytics.ts';
import type { TeamBreakdownsSubject } from '#src/schemas/analytics.ts';
import { planUnlocking } from '#src/plans.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { Notice } from '../components/Notice.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Label } from '../components/ui/Label.tsx';
import { UserText } from '../components/UserText.tsx';
import { trpcFailure } from '../lib/error-messages.ts';
import { PLAN_BADGES } from '../lib/plan-names.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { ActivityChart } from './analytics/ActivityChart.tsx';
import { AnalyticsSkeleton } from './analytics/AnalyticsSkeleton.tsx';
import { BreakdownsView } from './analytics/Breakdowns.tsx';
import { BROWSER_TIME_ZONE } from './analytics/browser-time-zone.ts';
import { RangePicker } from './analytics/RangePicker.tsx';
import { StatCards } from './analytics/StatCards.tsx';
import { TeamFigureTables } from './team-analytics/TeamFigureTables.tsx';
import { TeamAdminPage } from './team/TeamAdminPage.tsx';
import type { Team } from './team/types.ts';

const TWELVE_MONTHS = RANGE_SHAPES['12m'].count;

/** A team whose plan lacks advancedAnalytics: its owner may upgrade; an admin is told whose plan it is. */
function LockedTeamAnalytics({ team }: { team: Team }) {
  const { i18n } = useLingui();
  const planName = i18n._(PLAN_BADGES[planUnlocking('advancedAnalytics')]);
  const owner = team.members.find((member) => member.role === 'owner');
  const ownerName = owner ? <UserText>{owner.name}</UserText> : null;
  const description = (
    <Trans>
      See the whole team's visits with a chart, each member and each card, up to the last {TWELVE_MONTHS}{' '}
      months, and download them as CSV.
    </Trans>
  );
  if (team.me.role === 'owner') {
    return (
      <UpgradePrompt feature="advancedAnalytics" locked>
        {description}
      </UpgradePrompt>
    );
  }
  return (
    <Notice tone="info" title={<Trans>Team analytics come with the {planName} plan</Trans>}>
      <p>{description}</p>
      <p>
        {ownerName ? (
          <Trans>
            The team has its owner's plan: {ownerName} can upgrade it to {planName}.
          </Trans>
        ) : (
          <Trans>The team has its owner's plan: the owner can upgrade it to {planName}.</Trans>
        )}
      </p>
    </Notice>
  );
}

type TeamFigureData = RouterOutputs['analytics']['team'];

/** A subject of the breakdowns as the picker's value: 'team', 'member:{account}' or 'card:{id}'. */
function subjectValue(subject: TeamBreakdownsSubject): string {
  if (subject.kind === 'member') return `member:${subject.userId}`;
  if (subject.kind === 'card') return `card:${subject.vcardId}`;
  return 'team';
}

/** The members with a team card and the team's cards, each as a subject the breakdowns can be of. */
function subjectsOf(figures: TeamFigureData) {
  const members = figures.members.flatMap(({ holder }) =>
    holder.kind === 'member'
      ? [{ subject: { kind: 'member', userId: holder.userId } as const, label: holder.name || holder.email }]
      : [],
  );
  const cards = figures.cards.flatMap(({ id, name }) =>
    id ? [{ subject: { kind: 'card', vcardId: id } as const, label: name }] : [],
  );
  return { members, cards };
}

/** Whose visits the breakdowns show: the whole team, a member's team cards, or one team card. */
function SubjectPicker({
  subjects: { members, cards },
  value,
  onChange,
}: {
  subjects: ReturnType<typeof subjectsOf>;
  value: TeamBreakdownsSubject;
  onChange: (subject: TeamBreakdownsSubject) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const choose = (chosen: string) => {
    const found = [...members, ...cards].find((option) => subjectValue(option.subject) === chosen);
    onChange(found?.subject ?? { kind: 'team' });
  };
  return (
    <div className="max-w-md space-y-2">
      <Label htmlFor={id}>
        <Trans>Breakdowns of</Trans>
      </Label>
      <select
        id={id}
        value={subjectValue(value)}
        onChange={(event) => choose(event.target.value)}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
      >
        <option value="team">{t`The whole team`}</option>
        {members.length > 0 && (
          <optgroup label={t`A member's team cards`}>
            {members.map((option) => (
              <option key={subjectValue(option.subject)} value={subjectValue(option.subject)}>
                {option.label}
              </option>
            ))}
          </optgroup>
        )}
        {cards.length > 0 && (
          <optgroup label={t`A team card`}>
            {cards.map((option) => (
              <option key={subjectValue(option.subject)} value={subjectValue(option.subject)}>
                {option.label}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {value.kind !== 'team' && (
        <p className="text-sm text-slate-700">
          <Trans>
            Unique visitors are counted for the whole team only: a visitor is recognised once a day, not per
            card.
          </Trans>
        </p>
      )}
    </div>
  );
}

/**
 * The team's visits broken down as a person's own are (sources, media and campaigns, devices, referrers,
 * how its links served them): the whole team's, a member's or a card's; nothing before the team's first
 * card.
 */
function TeamBreakdowns({ range, figures }: { range: AnalyticsRange; figures: TeamFigureData }) {
  const [chosen, setChosen] = useState<TeamBreakdownsSubject>({ kind: 'team' });
  const subjects = subjectsOf(figures);
  // a member who left or a card deleted since: the whole team again
  const subject = [...subjects.members, ...subjects.cards].some(
    (option) => subjectValue(option.subject) === subjectValue(chosen),
  )
    ? chosen
    : ({ kind: 'team' } as const);
  const breakdowns = trpc.analytics.teamBreakdowns.useQuery(
    { timeZone: BROWSER_TIME_ZONE, range, of: subject },
    { placeholderData: (previous) => previous },
  );
  if (breakdowns.data === null) return null;
  return (
    <BreakdownsView
      data={breakdowns.data}
      error={breakdowns.error}
      onRetry={() => void breakdowns.refetch()}
      // the page's own tables are by member and by card
      withItems={false}
      controls={<SubjectPicker subjects={subjects} value={subject} onChange={setChosen} />}
    />
  );
}

/** The team's figures for its owner and admins: totals, chart, per member and per card, breakdowns. */
function TeamFigures({ team }: { team: Team }) {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_RANGE);
  const analytics = trpc.analytics.team.useQuery(
    { timeZone: BROWSER_TIME_ZONE, range },
    { placeholderData: (previous) => previous },
  );
  if (analytics.error && trpcFailure(analytics.error)?.reason === 'plan_required') {
    return <LockedTeamAnalytics team={team} />;
  }
  return (
    <>
      {/* a Business team has every range */}
      <RangePicker value={range} onChange={setRange} lockedBy={() => null} />
      {analytics.data ? (
        <div className="space-y-6" aria-busy={analytics.isPlaceholderData}>
          <StatCards totals={analytics.data.overview.totals} range={analytics.data.overview.range} />
          <ActivityChart days={analytics.data.overview.buckets} unit={analytics.data.overview.unit} />
          <TeamFigureTables data={analytics.data} range={range} timeZone={BROWSER_TIME_ZONE} />
          <TeamBreakdowns range={range} figures={analytics.data} />
        </div>
      ) : analytics.error ? (
        <QueryStatus error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <AnalyticsSkeleton />
      )}
    </>
  );
}

/**
 * /dashboard/team/analytics (advancedAnalytics, docs/decisions/021-teams.md): the team's cards and short
 * links counted together, for the team's owner and admins; the team's plan is its owner's.
 */
export function TeamAnalytics() {
  const { t } = useLingui();
  return (
    <TeamAdminPage
      title={t`Team analytics`}
      description={(teamName) =>
        teamName ? (
          <Trans>How people use the cards, QR codes and links of {teamName}.</Trans>
        ) : (
          <Trans>How people use your team's cards, QR codes and links.</Trans>
        )
      }
      notForMembers={<Trans>Team analytics are for the team's owner and admins</Trans>}
    >
      {(team) => <TeamFigures team={team} />}
    </TeamAdminPage>
  );
}
