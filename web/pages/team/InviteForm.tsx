import { Trans, useLingui } from '@lingui/react/macro';
import { InviteMemberSchema } from '#src/schemas/team.ts';
import { TEAM_INVITATION_DAYS } from '#src/teams.ts';
import { EmailField } from '../../components/form/EmailField.tsx';
import { FieldShell } from '../../components/form/FieldShell.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { RoleSelect } from './RoleSelect.tsx';
import type { Team } from './types.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

/** The owner and admins invite a person by e-mail, as an admin or a member. */
export function InviteForm({ team }: { team: Team }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const form = useZodForm(InviteMemberSchema, { email: '', role: 'member' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.submit(async (values) => {
    const { email } = values;
    const sent = await act({
      run: () =>
        organizationCall(authClient.organization.inviteMember({ ...values, organizationId: team.id })),
      failureTitle: t`The invitation was not sent`,
      success: {
        title: t`Invitation sent`,
        description: t`We emailed ${email} a link to join, valid for ${TEAM_INVITATION_DAYS} days.`,
      },
    });
    if (sent) form.reset({ email: '', role: values.role });
  });
  return (
    <SectionCard
      title={<Trans>Invite people</Trans>}
      description={
        <Trans>
          They get an email with a link to join, valid for {TEAM_INVITATION_DAYS} days. Admins manage the
          team's members with you; members use the team's cards.
        </Trans>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      >
        <EmailField
          label={<Trans>Email address</Trans>}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FieldShell label={<Trans>Role</Trans>} error={errors.role?.message}>
          {(control) => <RoleSelect {...control} {...form.register('role')} />}
        </FieldShell>
        <div className="sm:pt-7">
          <SubmitButton busy={isSubmitting} busyLabel={<Trans>Sending...</Trans>} block={false}>
            <Trans>Send invitation</Trans>
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
