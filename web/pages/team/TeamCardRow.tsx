import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Pencil } from 'lucide-react';
import { teamCardPath } from '#src/routes.ts';
import { useJobLine } from '../../components/card/use-job-line.ts';
import { Button } from '../../components/ui/Button.tsx';
import { UserText } from '../../components/UserText.tsx';
import { cn } from '../../lib/cn.ts';
import { DownloadButtons } from '../qr-codes/DownloadButtons.tsx';
import { holdingOf } from './team-card-holders.ts';
import type { TeamCard } from './types.ts';

/** Whom the card is for now: a member, someone invited who has not joined, or nobody since an offboarding. */
function Holder({ card }: { card: TeamCard }) {
  const holding = holdingOf(card);
  switch (holding.kind) {
    case 'member': {
      const name = <UserText>{holding.name}</UserText>;
      return <Trans>For {name}</Trans>;
    }
    case 'invitee': {
      const email = <UserText>{holding.email}</UserText>;
      return <Trans>Waiting for {email}</Trans>;
    }
    case 'nobody':
      return <Trans>Nobody (handed back)</Trans>;
  }
}

/**
 * Live; a draft waiting for its person (not public); paused by the team's owner or an admin
 * (teams.setCardPaused); or offline because the team's plan ended (the section says how to bring it back).
 */
function Status({ card }: { card: TeamCard }) {
  const paused = card.pausedAt !== null || card.paused;
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
        card.draft
          ? 'bg-slate-100 text-slate-800'
          : paused
            ? 'bg-amber-100 text-amber-950'
            : 'bg-emerald-100 text-emerald-900',
      )}
    >
      {card.draft ? (
        <Trans>Draft</Trans>
      ) : card.pausedAt !== null ? (
        <Trans>Paused by the team</Trans>
      ) : card.paused ? (
        <Trans>Paused: plan ended</Trans>
      ) : (
        <Trans>Live</Trans>
      )}
    </span>
  );
}

/**
 * One team card: its name, whom it is for and its status, with Edit, Open page, its printed QR code's
 * downloads, and whatever `actions` the viewer's role adds (an admin's Hand over, Pause or Resume, Delete).
 */
export function TeamCardRow({ card, actions }: { card: TeamCard; actions?: ReactNode }) {
  const { t } = useLingui();
  const headingId = useId();
  const jobLine = useJobLine(card.position, null, card.department);
  const cardName = card.name;
  return (
    <article aria-labelledby={headingId} className="space-y-3 py-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold break-words text-ink">
            <UserText>{cardName}</UserText>
          </h3>
          <Status card={card} />
        </div>
        {jobLine && <p className="text-sm break-words text-slate-700">{jobLine}</p>}
        <p className="text-sm break-words text-slate-700">
          <Holder card={card} />
        </p>
        {card.draft && (
          <p className="text-sm text-slate-700">
            <Trans>
              Not public yet: its page, QR code and contact file open when its person joins the team, or when
              an admin publishes it.
            </Trans>
          </p>
        )}
        {card.pausedAt !== null && (
          <p className="text-sm text-slate-700">
            <Trans>
              Its page and scanned QR code show “Paused” until the team's owner or an admin resumes it. Its
              details can still be edited.
            </Trans>
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button asChild variant="secondary" size="sm">
          <Link to={teamCardPath(card.id)} aria-label={t`Edit ${cardName}`}>
            <Pencil aria-hidden />
            <Trans>Edit</Trans>
          </Link>
        </Button>
        {!card.draft && (
          <Button asChild variant="ghost" size="sm">
            <a href={card.pageUrl} target="_blank" rel="noopener" aria-label={t`Open page of ${cardName}`}>
              <ExternalLink aria-hidden />
              <Trans>Open page</Trans>
            </a>
          </Button>
        )}
        {actions}
      </div>
      {card.qrCodeId && (
        <div className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
          <span className="w-full sm:w-auto">
            <Trans>Printed QR code:</Trans>
          </span>
          <DownloadButtons qrCode={{ id: card.qrCodeId, title: cardName }} />
        </div>
      )}
    </article>
  );
}
