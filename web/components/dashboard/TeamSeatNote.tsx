import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { trpc } from '../../lib/trpc.ts';
import { UserText } from '../UserText.tsx';

/**
 * For a team's member or admin whose own trial or plan is over (the trial window and banner): what their
 * seat keeps. The team's pages and the team cards follow the team's plan, never the person's own
 * (docs/decisions/021-teams.md), so their card at the team stays live while the team's plan does. Nothing for
 * someone outside a team.
 */
export function TeamSeatNote({ linkClassName }: { linkClassName: string }) {
  const mine = trpc.teams.mine.useQuery();
  const cards = trpc.teams.myCards.useQuery(undefined, { enabled: Boolean(mine.data) });
  if (!mine.data) return null;
  const teamName = <UserText>{mine.data.name}</UserText>;
  return cards.data?.some((card) => !card.paused) ? (
    <Trans>
      Your card at {teamName} stays live on the team's plan, and{' '}
      <Link to={paths.team} className={linkClassName}>
        the team's pages
      </Link>{' '}
      stay open.
    </Trans>
  ) : (
    <Trans>
      <Link to={paths.team} className={linkClassName}>
        The pages of {teamName}
      </Link>{' '}
      stay open: they follow the team's plan.
    </Trans>
  );
}
