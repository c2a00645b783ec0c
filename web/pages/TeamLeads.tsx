import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Notice } from '../components/Notice.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { UserText } from '../components/UserText.tsx';
import { trpc } from '../lib/trpc.ts';
import { GoToTeamPage, TeamBackLink } from './team/TeamLinks.tsx';
import { LeadScopeContext } from './leads/lead-scope.ts';
import { LeadSettingsCard } from './leads/LeadSettingsForm.tsx';
import { LeadsSection } from './leads/LeadsSection.tsx';

/** How a team's leads come in, while it has none. */
function NoTeamLeadsYet() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <Trans>No leads yet.</Trans>
      </p>
      <p>
        <Trans>
          Leads are the contacts visitors share back on the team's card pages. Turn on “Share your contact
          back” in a team card's editor, from the{' '}
          <Link className="font-medium text-ink underline" to={paths.team}>
            team page
          </Link>
          : visitors then leave their name, email or phone, and each lead keeps a receipt of what they agreed
          to.
        </Trans>
      </p>
    </div>
  );
}

/**
 * /dashboard/team/leads: the contacts visitors shared on the team's cards (the team's account's leads),
 * for the team's owner and admins, as the leads page shows a person's own; the settings are the owner's.
 */
export function TeamLeads() {
  const { t } = useLingui();
  const mine = trpc.teams.mine.useQuery();
  const team = mine.data;
  const teamName = team ? <UserText>{team.name}</UserText> : null;
  return (
    <div className="space-y-6">
      <TeamBackLink />
      <PageHeading
        title={t`Team leads`}
        description={
          teamName ? (
            <Trans>
              The contacts visitors shared on the cards of {teamName}, each with its consent receipt.
            </Trans>
          ) : (
            <Trans>The contacts visitors shared on your team's cards, each with its consent receipt.</Trans>
          )
        }
      />
      {!mine.isSuccess ? (
        <QueryStatus error={mine.error} onRetry={() => void mine.refetch()} />
      ) : !team ? (
        <Notice tone="info" title={<Trans>You are not in a team</Trans>}>
          <GoToTeamPage />
        </Notice>
      ) : team.me.role === 'member' ? (
        <Notice tone="info" title={<Trans>Team leads are for the team's owner and admins</Trans>}>
          <GoToTeamPage />
        </Notice>
      ) : (
        <LeadScopeContext value="team">
          <LeadsSection title={<Trans>The team's leads</Trans>} empty={<NoTeamLeadsYet />} />
          {team.me.role === 'owner' && <LeadSettingsCard />}
        </LeadScopeContext>
      )}
    </div>
  );
}
