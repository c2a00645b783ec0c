import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Play } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { UserText } from '../../components/UserText.tsx';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { trpc } from '../../lib/trpc.ts';
import type { TeamCard } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/** Pause, behind a dialog that says what visitors get and that nothing is deleted. */
function PauseTeamCardDialog({ card }: { card: TeamCard }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const setPaused = trpc.teams.setCardPaused.useMutation();
  const cardName = card.name;
  const name = <UserText>{cardName}</UserText>;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={t`Pause ${cardName}`}>
          <Pause aria-hidden />
          <Trans>Pause</Trans>
        </Button>
      }
      title={<Trans>Pause the team card {name}?</Trans>}
      description={
        <Trans>
          Until you resume it, visitors of its page and people who scan its printed QR code get a “Paused”
          page. Nothing is deleted: its address, QR code, details and counts stay, and its member can still
          edit it.
        </Trans>
      }
      confirmLabel={<Trans>Pause card</Trans>}
      pendingLabel={<Trans>Pausing...</Trans>}
      onConfirm={() =>
        act({
          run: () => setPaused.mutateAsync({ vcardId: card.id, paused: true }),
          failureTitle: t`The card was not paused`,
          success: {
            title: t`Team card paused`,
            description: t`${cardName} and its QR code show a “Paused” page until you resume it.`,
          },
        })
      }
    />
  );
}

/** Resume: the card is live again at once, or, while the team's plan is over, once it is renewed. */
function ResumeTeamCardButton({ card }: { card: TeamCard }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const setPaused = trpc.teams.setCardPaused.useMutation();
  const once = useSingleFlight();
  const cardName = card.name;
  const resume = () =>
    once(() =>
      act({
        run: () => setPaused.mutateAsync({ vcardId: card.id, paused: false }),
        failureTitle: t`The card was not resumed`,
        success: card.paused
          ? {
              title: t`Team card resumed`,
              description: t`${cardName} comes back with the team's other cards when the Business plan is renewed.`,
            }
          : {
              title: t`Team card live again`,
              description: t`${cardName} and its QR code open the card again.`,
            },
      }),
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t`Resume ${cardName}`}
      disabled={setPaused.isPending}
      onClick={() => void resume()}
    >
      <Play aria-hidden />
      {setPaused.isPending ? <Trans>Resuming...</Trans> : <Trans>Resume</Trans>}
    </Button>
  );
}

/**
 * An admin's Pause of a card, or Resume of a card the team paused. While the team's plan is over
 * (`card.paused`) a resumed card stays paused with the rest until the plan is renewed, and the row says so.
 */
export function TeamCardPause({ card }: { card: TeamCard }) {
  if (!card.pausedAt) return <PauseTeamCardDialog card={card} />;
  if (!card.paused) return <ResumeTeamCardButton card={card} />;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <ResumeTeamCardButton card={card} />
      <span className="text-sm text-slate-700">
        <Trans>Once resumed, it comes back when the team's Business plan is renewed.</Trans>
      </span>
    </span>
  );
}
