import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '#src/routes.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { CardPicker } from '../components/CardPicker.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { useAdministeredTeam } from '../lib/use-administered-team.ts';
import { BackgroundSection } from './card-kit/BackgroundSection.tsx';
import { SignatureSection } from './card-kit/SignatureSection.tsx';
import { TeamBackgroundsSection } from './card-kit/TeamBackgroundsSection.tsx';

/**
 * /dashboard/card-kit (cardKit: every paid plan, docs/decisions/027-card-everywhere.md): an e-mail signature
 * and a meeting background made from one of the person's cards (their own, or their team card, whose plan
 * is the team's), and for a team's admins every member's background in one ZIP.
 */
export function CardKit() {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('cardKit');
  const own = trpc.vcards.list.useQuery(undefined, { enabled: allowed });
  const team = trpc.teams.mine.useQuery();
  const teamCards = trpc.teams.myCards.useQuery(undefined, { enabled: Boolean(team.data) });
  const administered = useAdministeredTeam();
  const [chosenId, setChosenId] = useState<string | null>(null);

  const cards = [
    ...(allowed ? (own.data?.vcards ?? []).map(({ id, name }) => ({ id, name })) : []),
    ...(teamCards.data ?? []).filter((card) => !card.draft).map(({ id, name }) => ({ id, name })),
  ];
  const card = cards.find((item) => item.id === chosenId) ?? cards[0];
  const loading = (allowed && !own.data) || team.isLoading || (team.data && !teamCards.data);

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Signature and background`}
        description={
          <Trans>
            Your card in every e-mail and every video call: an e-mail signature and a meeting background made
            from it, kept up to date from your card.
          </Trans>
        }
      />
      {loaded && cards.length === 0 && !loading && (
        <UpgradePrompt feature="cardKit">
          <Trans>An e-mail signature and a video-call background made from each of your cards.</Trans>
        </UpgradePrompt>
      )}
      {loading ? (
        <QueryStatus
          error={own.error ?? teamCards.error}
          onRetry={() => void Promise.all([own.refetch(), teamCards.refetch()])}
        />
      ) : card ? (
        <>
          {cards.length > 1 && (
            <CardPicker
              id="kit-card"
              label={<Trans>Card</Trans>}
              cards={cards}
              value={card.id}
              onChange={setChosenId}
            />
          )}
          <SignatureSection key={`signature-${card.id}`} vcardId={card.id} />
          <BackgroundSection key={`background-${card.id}`} vcardId={card.id} />
        </>
      ) : (
        allowed && (
          <p className="rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink">
            <Trans>
              You don't have a vCard yet.{' '}
              <Link to={paths.vcardEditor} className="font-semibold underline">
                Create your first one
              </Link>
              , then make its signature and background here.
            </Trans>
          </p>
        )
      )}
      {administered && <TeamBackgroundsSection />}
    </div>
  );
}
