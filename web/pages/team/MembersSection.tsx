import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INVITABLE_TEAM_ROLES, type InvitableTeamRole } from '#src/teams.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmailAddress } from '../../components/EmailAddress.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { TEAM_ROLE_NAMES } from './team-names.ts';
import { TransferOwnershipDialog } from './TransferOwnershipDialog.tsx';
import type { Team, TeamMember } from './types.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

function isInvitableRole(value: string): value is InvitableTeamRole {
  return (INVITABLE_TEAM_ROLES as readonly string[]).includes(value);
}

/** An admin's or member's role, changed as soon as another one is chosen. */
function RoleChoice({ team, member }: { team: Team; member: TeamMember }) {
  const { t, i18n } = useLingui();
  const act = useTeamAction();
  const [pending, setPending] = useState(false);
  const { name } = member;
  async function change(role: string) {
    if (!isInvitableRole(role)) return;
    setPending(true);
    const roleName = i18n._(TEAM_ROLE_NAMES[role]);
    await act({
      run: () =>
        organizationCall(
          authClient.organization.updateMemberRole({ memberId: member.id, role, organizationId: team.id }),
        ),
      failureTitle: t`The role was not changed`,
      success: { title: t`Role changed`, description: t`${name} is now: ${roleName}.` },
    });
    setPending(false);
  }
  return (
    <select
      aria-label={t`Role of ${name}`}
      value={member.role}
      disabled={pending}
      onChange={(event) => void change(event.target.value)}
      className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink disabled:opacity-50"
    >
      {INVITABLE_TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {i18n._(TEAM_ROLE_NAMES[role])}
        </option>
      ))}
    </select>
  );
}

function MemberActions({ team, member }: { team: Team; member: TeamMember }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const { name } = member;
  const owner = team.me.role === 'owner';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RoleChoice team={team} member={member} />
      {owner && <TransferOwnershipDialog member={member} />}
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" aria-label={t`Remove ${name} from the team`}>
            <Trans>Remove</Trans>
          </Button>
        }
        title={<Trans>Remove {name} from the team?</Trans>}
        description={
          <Trans>
            {name} leaves the team at once and can join again only with a new invitation. Their own account
            and personal cards stay theirs. Their team card stays with the team, its address and printed QR
            code unchanged, for you to hand to someone else.
          </Trans>
        }
        confirmLabel={<Trans>Remove from team</Trans>}
        pendingLabel={<Trans>Removing...</Trans>}
        onConfirm={() =>
          act({
            run: () =>
              organizationCall(
                authClient.organization.removeMember({ memberIdOrEmail: member.id, organizationId: team.id }),
              ),
            failureTitle: t`${name} was not removed`,
            success: { title: t`${name} left the team` },
          })
        }
      />
    </div>
  );
}

function MemberRow({ team, member }: { team: Team; member: TeamMember }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const isMe = member.id === team.me.memberId;
  // the owner and admins manage the others; the owner's role changes only by a transfer
  const manageable = team.me.role !== 'member' && !isMe && member.role !== 'owner';
  const joined = formatDate(member.joinedAt, locale);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-ink">
          {member.name}
          {isMe && (
            <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">
              <Trans>You</Trans>
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700">
          <EmailAddress>{member.email}</EmailAddress>
        </p>
        <p className="text-sm text-slate-700">
          {manageable ? null : <>{i18n._(TEAM_ROLE_NAMES[member.role])} · </>}
          <Trans>Joined on {joined}</Trans>
        </p>
      </div>
      {manageable && <MemberActions team={team} member={member} />}
    </li>
  );
}

/** The team's members: read-only for a member, with roles and removal for the owner and admins. */
export function MembersSection({ team }: { team: Team }) {
  const count = team.members.length;
  return (
    <SectionCard
      title={<Trans>Members ({count})</Trans>}
      description={
        team.me.role === 'member' ? (
          <Trans>The team's owner and admins manage its members.</Trans>
        ) : (
          <Trans>
            Admins manage members and invitations; the owner also holds billing and can delete the team.
          </Trans>
        )
      }
    >
      <ul className="divide-y divide-slate-200">
        {team.members.map((member) => (
          <MemberRow key={member.id} team={team} member={member} />
        ))}
      </ul>
    </SectionCard>
  );
}
