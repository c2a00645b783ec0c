import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ChartColumn, Contact } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { TeamImport } from './import/TeamImport.tsx';
import { InviteForm } from './InviteForm.tsx';
import { MembersSection } from './MembersSection.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import { RenameTeamDialog } from './RenameTeamDialog.tsx';
import { TeamActivity } from './TeamActivity.tsx';
import { MyTeamCardSection, TeamCardsSection } from './TeamCardsSection.tsx';
import { TeamExitCard } from './TeamExitCard.tsx';
import { TeamLogoImage, TeamLogoInput } from './TeamLogo.tsx';
import { TeamTemplateSection } from './TeamTemplateSection.tsx';
import { TeamWhiteLabel } from './TeamWhiteLabel.tsx';
import { TeamCompanySignIn } from './TeamCompanySignIn.tsx';
import type { Team } from './types.ts';

/** The team of the signed-in person, with what their role lets them do. */
export function TeamOverview({ team }: { team: Team }) {
  const managing = team.me.role !== 'member';
  const slug = team.slug;
  return (
    <>
      <SectionCard
        title={team.name}
        description={
          <Trans>
            Short name: <span className="font-mono text-ink">{slug}</span>
          </Trans>
        }
      >
        {managing ? (
          <div className="space-y-4">
            <TeamLogoInput team={team} />
            <RenameTeamDialog team={team} />
            <p className="flex flex-wrap gap-x-6 gap-y-2">
              <Link
                to={paths.teamAnalytics}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-strong underline underline-offset-2"
              >
                <ChartColumn aria-hidden className="size-4" />
                <Trans>Team analytics</Trans>
              </Link>
              <Link
                to={paths.teamLeads}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-strong underline underline-offset-2"
              >
                <Contact aria-hidden className="size-4" />
                <Trans>Team leads</Trans>
              </Link>
            </p>
          </div>
        ) : (
          <TeamLogoImage team={team} />
        )}
      </SectionCard>
      {managing ? <TeamCardsSection team={team} /> : <MyTeamCardSection team={team} />}
      <MembersSection team={team} />
      {managing && <InviteForm team={team} />}
      {managing && <TeamImport />}
      {managing && <PendingInvitations team={team} />}
      {managing && <TeamTemplateSection />}
      {managing && <TeamWhiteLabel team={team} />}
      {team.me.role === 'owner' && <TeamCompanySignIn />}
      {managing && <TeamActivity />}
      <TeamExitCard team={team} />
    </>
  );
}
