import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailOpen } from 'lucide-react';
import { paths, signInPath } from '#src/routes.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { whileLoggingOut } from '../../components/dashboard/use-logout.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { clearAccountDrafts } from '../../lib/drafts.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { TEAM_ROLE_NAMES } from './team-names.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink sm:p-6"
    >
      <MailOpen aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-strong" />
      <div className="min-w-0 space-y-3">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * What the link of an invitation e-mail finds (teams.invitation), above the team page: the invitation to
 * accept or decline, or why it no longer works. `onAccepted` gets the team's name; `onDismiss` takes the
 * invitation out of the address.
 */
export function InvitationPanel({
  invitationId,
  onAccepted,
  onDismiss,
}: {
  invitationId: string;
  onAccepted: (teamName: string) => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const utils = trpc.useUtils();
  const act = useTeamAction();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const you = authClient.useSession().data?.user;
  const invitation = trpc.teams.invitation.useQuery({ invitationId });
  const data = invitation.data;
  if (!data) return <QueryStatus error={invitation.error} onRetry={() => void invitation.refetch()} />;

  const team = data.teamName ?? '';
  const inviter = data.inviterName ?? '';
  const role = data.role ? i18n._(TEAM_ROLE_NAMES[data.role]) : '';
  const expiresOn = data.expiresAt ? formatDate(data.expiresAt, locale) : '';
  const dismiss = (
    <Button variant="secondary" onClick={onDismiss}>
      <Trans>Close</Trans>
    </Button>
  );

  async function accept() {
    const accepted = await act({
      run: () => organizationCall(authClient.organization.acceptInvitation({ invitationId })),
      failureTitle: t`You did not join the team`,
      success: { title: t`Welcome to ${team}`, description: t`You are now a member of the team.` },
    });
    // joining finishes onboarding: the banner that asks for a personal card goes
    await Promise.all([utils.teams.invitation.invalidate(), utils.profile.me.invalidate()]);
    if (accepted) onAccepted(team);
  }

  async function decline() {
    await act({
      run: () => organizationCall(authClient.organization.rejectInvitation({ invitationId })),
      failureTitle: t`The invitation was not declined`,
      success: { title: t`Invitation declined`, description: t`${inviter} can invite you again.` },
    });
    await utils.teams.invitation.invalidate();
  }

  async function signOut() {
    await whileLoggingOut(async () => {
      const { error } = await authCall(authClient.signOut());
      if (error) {
        toast({ variant: 'destructive', title: t`Sign out failed`, description: t`Please try again.` });
        return false;
      }
      if (you) clearAccountDrafts(localStorage, you.id);
      // the sign-in screen brings the person back to this invitation
      await navigate(signInPath(paths.auth, pathname + search), { replace: true });
      return true;
    });
  }

  switch (data.state) {
    case 'pending':
      return (
        <Panel
          title={
            <Trans>
              {inviter} invited you to join {team} as {role}
            </Trans>
          }
        >
          <p>
            <Trans>The invitation is valid until {expiresOn}.</Trans>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void accept()}>
              <Trans>Accept and join</Trans>
            </Button>
            <Button variant="secondary" onClick={() => void decline()}>
              <Trans>Decline</Trans>
            </Button>
          </div>
        </Panel>
      );
    case 'expired':
      return (
        <Panel title={<Trans>This invitation has expired</Trans>}>
          <p>
            <Trans>
              The invitation to join {team} ended on {expiresOn}. Ask {inviter} to send it again.
            </Trans>
          </p>
          {dismiss}
        </Panel>
      );
    case 'canceled':
      return (
        <Panel title={<Trans>This invitation was withdrawn</Trans>}>
          <p>
            <Trans>
              {team} withdrew the invitation. Ask {inviter} if you should still join.
            </Trans>
          </p>
          {dismiss}
        </Panel>
      );
    case 'accepted':
      return (
        <Panel title={<Trans>This invitation was already used</Trans>}>
          <p>
            <Trans>The invitation to join {team} has been accepted: it works only once.</Trans>
          </p>
          {dismiss}
        </Panel>
      );
    case 'rejected':
      return (
        <Panel title={<Trans>You declined this invitation</Trans>}>
          <p>
            <Trans>
              To join {team} after all, ask {inviter} for a new invitation.
            </Trans>
          </p>
          {dismiss}
        </Panel>
      );
    case 'not_found':
      return (
        <Panel title={<Trans>This invitation link does not work</Trans>}>
          <p>
            <Trans>
              Check that you opened the whole link from the email, or ask the team for a new invitation.
            </Trans>
          </p>
          {dismiss}
        </Panel>
      );
    case 'other_account': {
      const invited = data.email ?? '';
      const signedInAs = you?.email ?? '';
      return (
        <Panel title={<Trans>This invitation is for another account</Trans>}>
          <p className="break-words">
            <Trans>
              This invitation is for {invited}; you are signed in as {signedInAs}. Sign out, then sign in or
              create an account with the invited address.
            </Trans>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void signOut()}>
              <Trans>Sign out</Trans>
            </Button>
            {dismiss}
          </div>
        </Panel>
      );
    }
  }
}
