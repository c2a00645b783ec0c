import { Trans, useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../components/SectionCard.tsx';
import { EmailAddress } from '../../components/EmailAddress.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { TEAM_ROLE_NAMES } from './team-names.ts';
import type { PendingInvitation, Team } from './types.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

function InvitationRow({ team, invitation }: { team: Team; invitation: PendingInvitation }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const act = useTeamAction();
  const { email, role } = invitation;
  const date = formatDate(invitation.expiresAt, locale);
  const expired = invitation.state === 'expired';

  // a resend extends the invitation and e-mails the same link again
  const resend = () =>
    act({
      run: () =>
        organizationCall(
          authClient.organization.inviteMember({ email, role, organizationId: team.id, resend: true }),
        ),
      failureTitle: t`The invitation was not sent again`,
      success: { title: t`Invitation sent again`, description: t`We emailed ${email} a new link.` },
    });
  const withdraw = () =>
    act({
      run: () => organizationCall(authClient.organization.cancelInvitation({ invitationId: invitation.id })),
      failureTitle: t`The invitation was not withdrawn`,
      success: { title: t`Invitation withdrawn`, description: t`The link sent to ${email} no longer works.` },
    });

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-ink">
          <EmailAddress>{email}</EmailAddress>
        </p>
        <p className="text-sm text-slate-700">
          {i18n._(TEAM_ROLE_NAMES[role])} ·{' '}
          <span className={cn(expired && 'font-semibold text-red-800')}>
            {expired ? <Trans>Expired on {date}</Trans> : <Trans>Expires on {date}</Trans>}
          </span>
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void resend()}
          aria-label={t`Resend the invitation to ${email}`}
        >
          <Trans>Resend</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void withdraw()}
          aria-label={t`Withdraw the invitation to ${email}`}
        >
          <Trans>Withdraw</Trans>
        </Button>
      </div>
    </li>
  );
}

/** The team's invitations not answered yet, the expired ones included (a resend revives them). */
export function PendingInvitations({ team }: { team: Team }) {
  if (team.invitations.length === 0) return null;
  return (
    <SectionCard
      title={<Trans>Pending invitations</Trans>}
      description={<Trans>Resend an invitation that expired or got lost, or withdraw it.</Trans>}
    >
      <ul className="divide-y divide-slate-200">
        {team.invitations.map((invitation) => (
          <InvitationRow key={invitation.id} team={team} invitation={invitation} />
        ))}
      </ul>
    </SectionCard>
  );
}
