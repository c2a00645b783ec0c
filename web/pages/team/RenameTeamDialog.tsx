import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RenameTeamSchema } from '#src/schemas/team.ts';
import { TEAM_NAME_MAX_LENGTH } from '#src/teams.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { authClient } from '../../lib/auth-client.ts';
import type { Team } from './types.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

function RenameForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const form = useZodForm(RenameTeamSchema, { name: team.name });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name');
  const onSubmit = form.submit(async (values) => {
    const renamed = await act({
      run: () => organizationCall(authClient.organization.update({ organizationId: team.id, data: values })),
      failureTitle: t`The team was not renamed`,
      success: { title: t`Team renamed` },
    });
    if (renamed) onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={<Trans>Team name</Trans>}
        autoComplete="organization"
        required
        limit={{ max: TEAM_NAME_MAX_LENGTH, length: name.length }}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormActions
        submitLabel={<Trans>Save name</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/** The owner or an admin renames the team (its address stays: printed links may carry it). */
export function RenameTeamDialog({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Trans>Rename team</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Rename the team</Trans>}
          description={<Trans>Members and invitations show the new name at once.</Trans>}
        >
          <RenameForm team={team} onDone={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
