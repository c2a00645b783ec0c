import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { planPickerPath } from '#src/routes.ts';
import { Notice } from '../../components/Notice.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { UserText } from '../../components/UserText.tsx';
import { trpc } from '../../lib/trpc.ts';
import { MyTeamCardFigures, useMyTeamCardFigures } from '../team-analytics/MyTeamCardFigures.tsx';
import { HandOverDialog } from './HandOverDialog.tsx';
import { NewTeamCardDialog } from './NewTeamCardDialog.tsx';
import { TeamCardPause } from './TeamCardPause.tsx';
import { TeamCardPublish } from './TeamCardPublish.tsx';
import { TeamCardRow } from './TeamCardRow.tsx';
import { TeamPrintedDomain } from './TeamPrintedDomain.tsx';
import type { Team, TeamCard } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

const LINK_CLASSES = 'font-semibold underline underline-offset-2';

function DeleteTeamCardDialog({ card }: { card: TeamCard }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const remove = trpc.vcards.delete.useMutation();
  const cardName = card.name;
  const name = <UserText>{cardName}</UserText>;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm" aria-label={t`Delete ${cardName}`}>
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </Button>
      }
      title={<Trans>Delete the team card {name}?</Trans>}
      description={
        <Trans>
          Its public page stops working, and so does its printed QR code: whoever scans it finds nothing. Its
          counts go with it. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete card</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={() =>
        act({
          run: () => remove.mutateAsync({ id: card.id }),
          failureTitle: t`The card was not deleted`,
          success: {
            title: t`Team card deleted`,
            description: t`${cardName} and its QR code no longer work.`,
          },
        })
      }
    />
  );
}

/** Every team card is offline while the team's Business plan is over: who can bring them back, and how. */
function PausedNotice({ team }: { team: Team }) {
  const owner = team.members.find((member) => member.role === 'owner');
  const ownerName = <UserText>{owner?.name ?? ''}</UserText>;
  return (
    <Notice title={<Trans>The team's cards are paused: the team's Business plan has ended</Trans>}>
      <p>
        {team.me.role === 'owner' ? (
          <Trans>
            Visitors and scanned QR codes get a “Paused” page. Nothing has been deleted:{' '}
            <Link to={planPickerPath} className={LINK_CLASSES}>
              renew the Business plan
            </Link>{' '}
            and every card is live again at once.
          </Trans>
        ) : (
          <Trans>
            Visitors and scanned QR codes get a “Paused” page. Nothing has been deleted: the team's owner,{' '}
            {ownerName}, brings every card back by renewing the Business plan.
          </Trans>
        )}
      </p>
    </Notice>
  );
}

/**
 * The owner's and admins' cards section (docs/decisions/021-teams.md): every card of the team with whom it is
 * for and its status, each to edit, open, download, hand over, pause or resume, or delete, and New card.
 */
export function TeamCardsSection({ team }: { team: Team }) {
  const cards = trpc.teams.cards.useQuery();
  return (
    <SectionCard
      title={<Trans>Cards</Trans>}
      description={
        <Trans>
          The team's cards belong to the team: when someone leaves, their card, its address, its printed QR
          code and its counts stay, to hand to someone else.
        </Trans>
      }
    >
      {cards.data ? (
        <div className="space-y-4">
          <NewTeamCardDialog team={team} cards={cards.data} />
          <TeamPrintedDomain team={team} />
          {cards.data.some((card) => card.paused) && <PausedNotice team={team} />}
          {cards.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
              <Trans>
                No team cards yet. Make one for a member, or for someone invited: it becomes theirs when they
                join.
              </Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {cards.data.map((card) => (
                <li key={card.id}>
                  <TeamCardRow
                    card={card}
                    actions={
                      <>
                        <HandOverDialog team={team} card={card} />
                        {card.draft ? <TeamCardPublish card={card} /> : <TeamCardPause card={card} />}
                        <DeleteTeamCardDialog card={card} />
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <QueryStatus error={cards.error} onRetry={() => void cards.refetch()} />
      )}
    </SectionCard>
  );
}

/** A member's own team card (or cards), to edit and open; the team's admins make and hand them on. */
export function MyTeamCardSection({ team }: { team: Team }) {
  const cards = trpc.teams.myCards.useQuery();
  const figures = useMyTeamCardFigures();
  return (
    <SectionCard
      title={<Trans>Your team card</Trans>}
      description={
        <Trans>
          It belongs to the team: its address and printed QR code stay with the team if you leave.
        </Trans>
      }
    >
      {cards.data ? (
        cards.data.length === 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>The team's admins have not made a card for you yet.</Trans>
          </p>
        ) : (
          <div className="space-y-4">
            {cards.data.some((card) => card.paused) && <PausedNotice team={team} />}
            <ul className="divide-y divide-slate-200">
              {cards.data.map((card) => {
                const cardFigures = figures.get(card.id);
                return (
                  <li key={card.id}>
                    <TeamCardRow card={card} />
                    {cardFigures && <MyTeamCardFigures figures={cardFigures} />}
                  </li>
                );
              })}
            </ul>
          </div>
        )
      ) : (
        <QueryStatus error={cards.error} onRetry={() => void cards.refetch()} />
      )}
    </SectionCard>
  );
}
