import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Notice } from '../../components/Notice.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { UserText } from '../../components/UserText.tsx';
import { trpc } from '../../lib/trpc.ts';
import { GoToTeamPage, TeamBackLink } from './TeamLinks.tsx';
import type { Team } from './types.ts';

/**
 * A page of the team for its owner and admins (the team's analytics, its leads): the way back to the team
 * page, the heading, and the page itself once the person is known to run the team; someone in no team,
 * or a plain member, is sent to the team page instead.
 */
export function TeamAdminPage({
  title,
  description,
  notForMembers,
  children,
}: {
  title: string;
  /** The heading's sentence, with the team's name once the team has loaded (null before, or with no team). */
  description: (teamName: ReactNode) => ReactNode;
  /** The title of the notice a plain member sees instead of the page. */
  notForMembers: ReactNode;
  children: (team: Team) => ReactNode;
}) {
  const mine = trpc.teams.mine.useQuery();
  const team = mine.data;
  const teamName = team ? <UserText>{team.name}</UserText> : null;
  return (
    <div className="space-y-6">
      <TeamBackLink />
      <PageHeading title={title} description={description(teamName)} />
      {!mine.isSuccess ? (
        <QueryStatus error={mine.error} onRetry={() => void mine.refetch()} />
      ) : !team ? (
        <Notice tone="info" title={<Trans>You are not in a team</Trans>}>
          <GoToTeamPage />
        </Notice>
      ) : team.me.role === 'member' ? (
        <Notice tone="info" title={notForMembers}>
          <GoToTeamPage />
        </Notice>
      ) : (
        children(team)
      )}
    </div>
  );
}
