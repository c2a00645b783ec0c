import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { TeamAdminPage } from './team/TeamAdminPage.tsx';
import { LeadScopeContext } from './leads/lead-scope.ts';
import { LeadSettingsCard } from './leads/LeadSettingsForm.tsx';
import { LeadsSection } from './leads/LeadsSection.tsx';

/** How a team's leads come in, while it has none. */
function HowTeamLeadsComeIn() {
  return (
    <Trans>
      Leads are the contacts visitors share back on the team's card pages. Turn on “Share your contact back”
      in a team card's editor, from the{' '}
      <Link className="font-medium text-ink underline" to={paths.team}>
        team page
      </Link>
      : visitors then leave their name, email or phone, and each lead keeps a receipt of what they agreed to.
    </Trans>
  );
}

/**
 * /dashboard/team/leads: the contacts visitors shared on the team's cards (the team's account's leads),
 * for the team's owner and admins, as the leads page shows a person's own; the settings are the owner's.
 */
export function TeamLeads() {
  const { t } = useLingui();
  return (
    <TeamAdminPage
      title={t`Team leads`}
      description={(teamName) =>
        teamName ? (
          <Trans>
            The contacts visitors shared on the cards of {teamName}, each with its consent receipt.
          </Trans>
        ) : (
          <Trans>The contacts visitors shared on your team's cards, each with its consent receipt.</Trans>
        )
      }
      notForMembers={<Trans>Team leads are for the team's owner and admins</Trans>}
    >
      {(team) => (
        <LeadScopeContext value="team">
          <LeadsSection title={<Trans>The team's leads</Trans>} howLeadsComeIn={<HowTeamLeadsComeIn />} />
          {team.me.role === 'owner' && <LeadSettingsCard />}
        </LeadScopeContext>
      )}
    </TeamAdminPage>
  );
}
